/**
 * A loopback stand-in for GitHub's check-runs endpoints: create (POST) and update (PATCH, annotations appended as
 * GitHub does, at most 50 per request). Every request is checked against GitHub's OpenAPI description (path,
 * headers, and the JSON body against the operation's requestBody schema, which requires an annotation's path,
 * start_line, end_line, annotation_level and message); a request with more than 50 annotations is answered 422, as
 * GitHub answers it. Faults: 403 (a token without checks: write) or 422 on create or update.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkBody, type RecordedRequest } from './github-comment-fake.js';
import { openApi } from './github-openapi.js';
import { LoopbackFake, type Answer } from './loopback.js';

type Json = any;

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion?: string;
  output?: { title?: string; summary?: string; text?: string };
  annotations: Json[];
  /** Every status the run went through, in order. */
  statuses: string[];
}

export interface FakeChecksOptions {
  owner: string;
  repo: string;
  /** Answer create and update with 403 Resource not accessible by integration. */
  forbid?: boolean;
  /** Answer the create (or the updates) with 422. */
  refuse?: 'create' | 'update';
}

export class FakeChecksGitHub extends LoopbackFake {
  readonly requests: RecordedRequest[] = [];
  readonly runs: FakeCheckRun[] = [];
  private nextId = 4000;

  constructor(readonly options: FakeChecksOptions) {
    super();
  }

  protected serve(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Answer {
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const record: RecordedRequest = { method, url: rawUrl, headers, body };
    this.requests.push(record);
    const spec = openApi('api.github.com');
    const validation = spec.validateRequest(method, url, headers as Record<string, string | string[] | undefined>);
    this.problems.push(...validation.problems);
    const op = validation.operation;
    const json = (status: number, data: unknown): Answer => {
      record.status = status;
      return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(data) };
    };
    if (!op) return json(404, { message: 'Not Found' });
    record.operationId = op.operationId;
    if (op.operationId !== 'checks/create' && op.operationId !== 'checks/update') {
      this.problems.push(`${method} ${url.pathname}: not a check-runs request`);
      return json(404, { message: 'Not Found' });
    }
    this.problems.push(...checkBody(spec, op, headers, body));
    const { owner, repo } = op.pathParams;
    if (owner !== this.options.owner || repo !== this.options.repo) return json(404, { message: 'Not Found' });
    if (this.options.forbid) return json(403, { message: 'Resource not accessible by integration', status: '403' });
    const parsed: Json = JSON.parse(body);
    const annotations: Json[] = parsed.output?.annotations ?? [];
    const refused =
      annotations.length > 50 ||
      (this.options.refuse === 'create' && op.operationId === 'checks/create') ||
      (this.options.refuse === 'update' && op.operationId === 'checks/update');
    // The description declares only 201/200 for these operations; 422 is GitHub's general answer to a body it
    // refuses ("Validation Failed", as 401, 403 and 404 are general), and the schema caps annotations at 50.
    if (refused) return json(422, { message: 'Validation Failed', status: '422' });
    if (op.operationId === 'checks/create') {
      const run: FakeCheckRun = {
        id: this.nextId++,
        name: parsed.name,
        head_sha: parsed.head_sha,
        status: parsed.status ?? 'queued',
        annotations: [...annotations],
        statuses: [parsed.status ?? 'queued'],
      };
      this.runs.push(run);
      return json(201, this.view(run));
    }
    const run = this.runs.find((r) => r.id === Number(op.pathParams['check_run_id']));
    if (!run) return json(404, { message: 'Not Found' });
    if (parsed.status !== undefined) {
      run.status = parsed.status;
      run.statuses.push(parsed.status);
    }
    if (parsed.conclusion !== undefined) run.conclusion = parsed.conclusion;
    if (parsed.output) {
      const { annotations: _added, ...output } = parsed.output;
      run.output = { ...run.output, ...output };
      run.annotations.push(...annotations);
    }
    return json(200, this.view(run));
  }

  private view(run: FakeCheckRun): Json {
    const { owner, repo } = this.options;
    return {
      id: run.id,
      head_sha: run.head_sha,
      node_id: `CR_${run.id}`,
      external_id: '',
      url: `${this.apiUrl}/repos/${owner}/${repo}/check-runs/${run.id}`,
      html_url: `https://github.com/${owner}/${repo}/runs/${run.id}`,
      details_url: null,
      status: run.status,
      conclusion: run.conclusion ?? null,
      started_at: '2026-01-01T00:00:00Z',
      completed_at: run.status === 'completed' ? '2026-01-01T00:01:00Z' : null,
      output: {
        title: null,
        summary: null,
        text: null,
        annotations_count: run.annotations.length,
        annotations_url: '',
      },
      name: run.name,
      check_suite: { id: 1 },
      app: null,
      pull_requests: [],
    };
  }
}
