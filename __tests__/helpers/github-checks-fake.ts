/**
 * A loopback stand-in for GitHub's check-runs endpoints: create (POST) and update (PATCH, annotations appended as
 * GitHub does, at most 50 per request) and the listing of a commit's Check runs (GET commits/{ref}/check-runs, by
 * check_name, newest first). Every request is checked against GitHub's OpenAPI description (path, query, headers,
 * and the JSON body against the operation's requestBody schema, which requires an annotation's path, start_line,
 * end_line, annotation_level and message); a request with more than 50 annotations is answered 422, as GitHub answers
 * it. Faults: 403 (a token without checks: write) or 422 on create or update; and `faults`, answered in order: a
 * status for the next creates or updates (only those with annotations, if asked), or a slow create, made but answered
 * only when the next request comes (the client has given up on it by then).
 *
 * `CheckRunsEndpoint` is the one piece that serves these requests: `FakeChecksGitHub` is it alone on a port, and the
 * other loopback fakes (comment, artifacts, Git Data, issues) put one in front of their own routes, since the action
 * creates its Check on every pull request and push. It also answers GET commits/{sha}/pulls with no pull request
 * (unless `answersCommitPulls` is false), which a recording push asks. Those requests are recorded in the endpoint (`checks.requests`,
 * `checks.runs`), not in the host fake's `requests`; their problems go to the host fake's `problems`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkBody, type RecordedRequest } from './github-comment-fake.js';
import { openApi, type DescriptionName } from './github-openapi.js';
import { LoopbackFake, type Answer } from './loopback.js';

type Json = any;

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  external_id?: string;
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
  /** The OpenAPI description requests are checked against (default api.github.com). */
  description?: DescriptionName;
  /** `/api/v3` to act as GitHub Enterprise Server. */
  apiRoot?: string;
  /**
   * Also answer GET commits/{sha}/pulls with no pull request (default true): a push that records its history asks
   * which merged pull request made the commit (its accept label). A fake that serves pull requests says false.
   */
  answersCommitPulls?: boolean;
}

/** A fault of the check-runs endpoint, used up one request at a time. */
export interface FakeCheckFault {
  operation: 'create' | 'update';
  /** The status answered (with GitHub's message for it); absent for a slow create. */
  status?: number;
  /** A create that is made, but answered only when the next request reaches the endpoint. */
  slow?: boolean;
  /** How many requests it answers (default 1). */
  times?: number;
  /** Only updates that carry annotations. */
  withAnnotations?: boolean;
}

const FAULT_MESSAGES: Record<number, string> = {
  403: 'Resource not accessible by integration',
  422: 'Validation Failed',
  500: 'Server Error',
  502: 'Bad Gateway',
};

/** The check-runs endpoints of a loopback fake: serves POST …/check-runs and PATCH …/check-runs/{check_run_id}. */
export class CheckRunsEndpoint {
  readonly requests: RecordedRequest[] = [];
  readonly runs: FakeCheckRun[] = [];
  /** Faults still to answer, first first; a test may add some between runs. */
  readonly faults: FakeCheckFault[] = [];
  private nextId = 4000;
  /** The answers of slow creates, given when the next request comes. */
  private held: (() => void)[] = [];

  /**
   * @param apiUrl the host fake's API URL, read when answering (it is known once the fake listens)
   * @param problems where the problems found in a request go (the host fake's)
   */
  constructor(
    readonly options: FakeChecksOptions,
    private readonly apiUrl: () => string,
    private readonly problems: string[],
  ) {}

  /** Whether a request is one of the check-runs paths this endpoint serves. */
  claims(rawUrl: string): boolean {
    const path = new URL(rawUrl, 'http://127.0.0.1').pathname;
    const root = this.options.apiRoot ?? '';
    if (!path.startsWith(`${root}/repos/`)) return false;
    const rest = path.slice(root.length);
    return (
      /^\/repos\/[^/]+\/[^/]+\/check-runs(\/[^/]+)?$/.test(rest) ||
      /^\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/check-runs$/.test(rest) ||
      (this.options.answersCommitPulls !== false && /^\/repos\/[^/]+\/[^/]+\/commits\/[^/]+\/pulls$/.test(rest))
    );
  }

  /**
   * The answer to a check-runs request (see `claims`), for a host that cannot hold an answer: a slow create fault is
   * a problem here.
   */
  serve(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Answer {
    const answer = this.answer(method, rawUrl, headers, body);
    if (answer instanceof Promise) {
      this.problems.push('a slow create needs a host fake that can hold an answer');
      return { status: 500, headers: {}, body: '' };
    }
    return answer;
  }

  /** The answer to a check-runs request (see `claims`), checked against the OpenAPI description; held when slow. */
  answer(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Answer | Promise<Answer> {
    // A slow create is answered once the client has moved on to another request.
    for (const release of this.held.splice(0)) release();
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const record: RecordedRequest = { method, url: rawUrl, headers, body };
    this.requests.push(record);
    const spec = openApi(this.options.description ?? 'api.github.com');
    const given = headers as Record<string, string | string[] | undefined>;
    const validation = spec.validateRequest(method, url, given, this.options.apiRoot ?? '');
    this.problems.push(...validation.problems);
    const op = validation.operation;
    const json = (status: number, data: unknown): Answer => {
      record.status = status;
      return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(data) };
    };
    if (!op) return json(404, { message: 'Not Found' });
    record.operationId = op.operationId;
    // No merged pull request made the commit: the push is recorded without an accept label.
    if (op.operationId === 'repos/list-pull-requests-associated-with-commit') return json(200, []);
    if (op.operationId === 'checks/list-for-ref') return json(200, this.listing(url, op.pathParams));
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
    const fault = this.fault(op.operationId === 'checks/create' ? 'create' : 'update', annotations.length > 0);
    if (fault?.status !== undefined)
      return json(fault.status, { message: FAULT_MESSAGES[fault.status] ?? 'Fault', status: String(fault.status) });
    if (op.operationId === 'checks/create') {
      const run: FakeCheckRun = {
        id: this.nextId++,
        name: parsed.name,
        head_sha: parsed.head_sha,
        ...(parsed.external_id !== undefined ? { external_id: parsed.external_id } : {}),
        status: parsed.status ?? 'queued',
        annotations: [...annotations],
        statuses: [parsed.status ?? 'queued'],
      };
      this.runs.push(run);
      const answer = json(201, this.view(run));
      if (fault?.slow === true) return new Promise<Answer>((resolve) => this.held.push(() => resolve(answer)));
      return answer;
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

  /** The next fault for this operation, used up; undefined when none applies. */
  private fault(operation: 'create' | 'update', annotated: boolean): FakeCheckFault | undefined {
    const index = this.faults.findIndex((f) => f.operation === operation && (f.withAnnotations !== true || annotated));
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    const left = (fault.times ?? 1) - 1;
    if (left > 0) this.faults[index] = { ...fault, times: left };
    else this.faults.splice(index, 1);
    return fault;
  }

  /** GET commits/{ref}/check-runs: the runs on the commit, of `check_name` when given, newest first. */
  private listing(url: URL, params: Record<string, string>): Json {
    const name = url.searchParams.get('check_name');
    const runs = this.runs
      .filter((r) => r.head_sha === params['ref'] && (name === null || r.name === name))
      .sort((a, b) => b.id - a.id);
    return { total_count: runs.length, check_runs: runs.map((r) => this.view(r)) };
  }

  private view(run: FakeCheckRun): Json {
    const { owner, repo } = this.options;
    return {
      id: run.id,
      head_sha: run.head_sha,
      node_id: `CR_${run.id}`,
      external_id: run.external_id ?? '',
      url: `${this.apiUrl()}/repos/${owner}/${repo}/check-runs/${run.id}`,
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

/** The check-runs endpoints alone on a loopback port: any other request is a problem. */
export class FakeChecksGitHub extends LoopbackFake {
  readonly checks: CheckRunsEndpoint;

  constructor(readonly options: FakeChecksOptions) {
    super();
    this.checks = new CheckRunsEndpoint(options, () => this.apiUrl, this.problems);
  }

  get requests(): RecordedRequest[] {
    return this.checks.requests;
  }

  get runs(): FakeCheckRun[] {
    return this.checks.runs;
  }

  protected serve(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    body: string,
  ): Answer | Promise<Answer> {
    return this.checks.answer(method, rawUrl, headers, body);
  }
}
