/**
 * A loopback stand-in for the GitHub REST API (the Actions endpoints the baseline lookup uses:
 * a workflow's runs, a run and its artifacts, an artifact's download, the repository's workflows) plus a separate "blob storage" origin that serves the artifact archives. Every API request
 * is checked against GitHub's OpenAPI description; the problems are collected for the test to assert on.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckRunsEndpoint } from './github-checks-fake.js';
import { openApi, type DescriptionName, type MatchedOperation } from './github-openapi.js';

export interface FakeRun {
  id: number;
  head_sha: string;
  created_at: string;
  head_branch: string;
  /** Defaults to the served repository. */
  head_repository?: string;
  event?: string;
}

export interface FakeArtifact {
  id: number;
  runId: number;
  name: string;
  expired?: boolean;
  created_at?: string;
  /** The bytes the blob storage serves; undefined with expired. */
  zip?: Uint8Array;
  /** The download endpoint answers this instead of 302 (e.g. 410). */
  downloadStatus?: number;
  /**
   * The blob storage accepts the download and never answers ('headers'), or sends half the archive and stalls ('body').
   */
  blobHangs?: 'headers' | 'body';
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  operationId?: string;
  template?: string;
  status?: number;
}

export interface FakeGitHubOptions {
  owner: string;
  repo: string;
  /** Workflow file names and ids the server knows. */
  workflows: { id: number; path: string }[];
  /** Successful runs on any branch, newest first. */
  runs: FakeRun[];
  artifacts: FakeArtifact[];
  /** Answer every API request with this status and a GitHub-style error body. */
  failWith?: { status: number; message: string };
  /** `/api/v3` to act as GitHub Enterprise Server. */
  apiRoot?: string;
  description?: DescriptionName;
}

export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly blobRequests: RecordedRequest[] = [];
  /** Everything the OpenAPI check found wrong, with the request it concerns. */
  readonly problems: string[] = [];
  /** The Check runs the action creates (their requests are not in `requests`). */
  readonly checks: CheckRunsEndpoint;
  private api!: Server;
  private blob!: Server;
  apiUrl = '';
  blobUrl = '';

  constructor(readonly options: FakeGitHubOptions) {
    this.checks = new CheckRunsEndpoint(options, () => this.apiUrl, this.problems);
  }

  async start(): Promise<this> {
    this.api = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = this.answer(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks));
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      });
    });
    this.blob = createServer((req, res) => {
      this.blobRequests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
      if (req.headers['authorization'] !== undefined)
        this.problems.push(`blob storage: the request carried an authorization header`);
      const match = /^\/blobs\/([0-9]+)\.zip\?sig=signed$/.exec(req.url ?? '');
      const artifact = match ? this.options.artifacts.find((a) => a.id === Number(match[1])) : undefined;
      if (!artifact?.zip) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<Error><Code>BlobNotFound</Code></Error>');
        return;
      }
      if (artifact.blobHangs === 'headers') return;
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(artifact.zip.length) });
      if (artifact.blobHangs === 'body') {
        res.write(Buffer.from(artifact.zip.subarray(0, artifact.zip.length >> 1)));
        return;
      }
      res.end(Buffer.from(artifact.zip));
    });
    await Promise.all([listen(this.api), listen(this.blob)]);
    this.apiUrl = `http://127.0.0.1:${(this.api.address() as AddressInfo).port}${this.options.apiRoot ?? ''}`;
    this.blobUrl = `http://127.0.0.1:${(this.blob.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all([close(this.api), close(this.blob)]);
  }

  private answer(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): { status: number; headers: Record<string, string>; body: string } {
    if (this.checks.claims(rawUrl)) return this.checks.serve(method, rawUrl, headers, body.toString('utf8'));
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const spec = openApi(this.options.description ?? 'api.github.com');
    const validation = spec.validateRequest(
      method,
      url,
      headers as Record<string, string | string[] | undefined>,
      this.options.apiRoot ?? '',
    );
    const record: RecordedRequest = { method, url: rawUrl, headers };
    this.requests.push(record);
    this.problems.push(...validation.problems);
    if (body.length > 0) this.problems.push(`${method} ${rawUrl}: unexpected request body`);
    const op = validation.operation;
    const reply = (status: number, data: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      if (op) {
        // GitHub answers 401/403/404/5xx on any endpoint; other statuses must be declared.
        const general = status === 401 || status === 403 || status === 404 || status >= 500;
        if (!general && !spec.declaresStatus(op, status))
          this.problems.push(`${op.operationId}: the fake answered ${status}, which the description does not declare`);
      }
      return {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
        body: data === undefined ? '' : JSON.stringify(data),
      };
    };
    const error = (status: number, message: string) =>
      reply(status, { message, documentation_url: 'https://docs.github.com/rest', status: String(status) });
    if (!op) return error(404, 'Not Found');
    record.operationId = op.operationId;
    record.template = op.template;
    const { owner, repo } = op.pathParams;
    if (owner !== this.options.owner || repo !== this.options.repo) return error(404, 'Not Found');
    if (this.options.failWith) return error(this.options.failWith.status, this.options.failWith.message);
    return this.route(op, url, reply, error);
  }

  private route(
    op: MatchedOperation,
    url: URL,
    reply: (
      status: number,
      data: unknown,
      extra?: Record<string, string>,
    ) => { status: number; headers: Record<string, string>; body: string },
    error: (status: number, message: string) => { status: number; headers: Record<string, string>; body: string },
  ) {
    const q = url.searchParams;
    const perPage = Number(q.get('per_page') ?? 30);
    const fullName = `${this.options.owner}/${this.options.repo}`;
    switch (op.operationId) {
      case 'actions/list-workflow-runs': {
        const id = op.pathParams['workflow_id']!;
        const workflow = this.options.workflows.find((w) => String(w.id) === id || w.path.endsWith(`/${id}`));
        if (!workflow) return error(404, 'Not Found');
        const runs = this.options.runs.filter(
          (r) =>
            (q.get('branch') === null || r.head_branch === q.get('branch')) &&
            (q.get('event') === null || (r.event ?? 'push') === q.get('event')),
        );
        // The fake only holds successful runs: any other status filter finds none.
        const selected =
          q.get('status') === null || q.get('status') === 'success' || q.get('status') === 'completed' ? runs : [];
        return reply(200, {
          total_count: selected.length,
          workflow_runs: selected.slice(0, perPage).map((r) => runJson(r, fullName, workflow, this.apiUrl)),
        });
      }
      case 'actions/list-repo-workflows': {
        const workflows = this.options.workflows.map((w) => ({
          id: w.id,
          node_id: `W_${w.id}`,
          name: w.path.slice(w.path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, ''),
          path: w.path,
          state: 'active',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
          url: `${this.apiUrl}/repos/${fullName}/actions/workflows/${w.id}`,
          html_url: `https://github.example/${fullName}/blob/main/${w.path}`,
          badge_url: `https://github.example/${fullName}/workflows/${w.id}/badge.svg`,
        }));
        return reply(200, { total_count: workflows.length, workflows: workflows.slice(0, perPage) });
      }
      case 'actions/get-workflow-run': {
        const run = this.options.runs.find((r) => r.id === Number(op.pathParams['run_id']));
        if (!run) return error(404, 'Not Found');
        return reply(200, runJson(run, fullName, this.options.workflows[0]!, this.apiUrl));
      }
      case 'actions/list-workflow-run-artifacts': {
        const runId = Number(op.pathParams['run_id']);
        if (!this.options.runs.some((r) => r.id === runId)) return error(404, 'Not Found');
        const artifacts = this.options.artifacts.filter(
          (a) => a.runId === runId && (q.get('name') === null || a.name === q.get('name')),
        );
        return reply(200, {
          total_count: artifacts.length,
          artifacts: artifacts.slice(0, perPage).map((a) =>
            artifactJson(
              a,
              this.options.runs.find((r) => r.id === runId)!,
              fullName,
              this.apiUrl,
            ),
          ),
        });
      }
      case 'actions/download-artifact': {
        const artifact = this.options.artifacts.find((a) => a.id === Number(op.pathParams['artifact_id']));
        if (!artifact) return error(404, 'Not Found');
        if (op.pathParams['archive_format'] !== 'zip') return error(404, 'Not Found');
        if (artifact.downloadStatus !== undefined)
          return error(artifact.downloadStatus, artifact.downloadStatus === 410 ? 'Artifact has expired' : 'Error');
        if (artifact.expired) return error(410, 'Artifact has expired');
        return reply(302, undefined, { location: `${this.blobUrl}/blobs/${artifact.id}.zip?sig=signed` });
      }
      default:
        return error(404, 'Not Found');
    }
  }
}

function runJson(
  r: FakeRun,
  fullName: string,
  workflow: { id: number; path: string },
  apiUrl: string,
): Record<string, unknown> {
  const headRepo = r.head_repository ?? fullName;
  return {
    id: r.id,
    name: 'latency',
    head_branch: r.head_branch,
    head_sha: r.head_sha,
    path: workflow.path,
    run_number: r.id % 1000,
    event: r.event ?? 'push',
    status: 'completed',
    conclusion: 'success',
    workflow_id: workflow.id,
    url: `${apiUrl}/repos/${fullName}/actions/runs/${r.id}`,
    html_url: `https://github.example/${fullName}/actions/runs/${r.id}`,
    created_at: r.created_at,
    updated_at: r.created_at,
    run_attempt: 1,
    repository: { id: 1, full_name: fullName },
    head_repository: { id: headRepo === fullName ? 1 : 2, full_name: headRepo },
  };
}

function artifactJson(a: FakeArtifact, run: FakeRun, fullName: string, apiUrl: string): Record<string, unknown> {
  return {
    id: a.id,
    node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
    name: a.name,
    size_in_bytes: a.zip?.length ?? 0,
    url: `${apiUrl}/repos/${fullName}/actions/artifacts/${a.id}`,
    archive_download_url: `${apiUrl}/repos/${fullName}/actions/artifacts/${a.id}/zip`,
    expired: a.expired ?? false,
    created_at: a.created_at ?? run.created_at,
    expires_at: '2027-01-01T00:00:00Z',
    updated_at: a.created_at ?? run.created_at,
    digest: null,
    workflow_run: {
      id: run.id,
      repository_id: 1,
      head_repository_id: 1,
      head_branch: run.head_branch,
      head_sha: run.head_sha,
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
