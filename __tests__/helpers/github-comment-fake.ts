/**
 * A loopback stand-in for the GitHub endpoints the sticky comment uses: the issue-comment REST operations (list with
 * Link-header pagination, create, update, delete) and the GraphQL `minimizeComment` mutation; for `mode: comment` also
 * the pull-request lookups (commits/{sha}/pulls, pulls?head=, pulls/{number}) and one workflow run's artifacts (served from a
 * `/_blobs/` path of the same origin, which must be fetched without the token). Faults (5xx, rate limits) can be
 * injected. Every REST request is checked against GitHub's OpenAPI description (method, path template, path and query
 * parameters, headers, and the JSON body against the operation's requestBody schema); GraphQL requests are checked for
 * the one mutation and its variables. Problems are collected for the test to assert on.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheckRunsEndpoint, type FakeChecksOptions } from './github-checks-fake.js';
import { openApi, type DescriptionName, type MatchedOperation, type OpenApi } from './github-openapi.js';

export interface FakeComment {
  id: number;
  body: string;
  created_at: string;
  /** Login of the author (default github-actions[bot]). */
  user?: string;
  /** Set by minimizeComment. */
  minimized?: string | null;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  operationId?: string;
  status?: number;
}

/** An open (or closed) pull request of the served repository. */
export interface FakePull {
  number: number;
  headSha: string;
  headRef: string;
  /** Owner of the head repository (the fork's owner for a fork pull request). */
  headOwner: string;
  state?: 'open' | 'closed';
  /**
   * Left out of GET commits/{sha}/pulls, as GitHub can do for a fork's commit, so the lookup has
   * to fall back to pulls?head=.
   */
  hiddenFromCommit?: boolean;
  /** A merged pull request: the commit its merge made on the base branch (listed for that commit too), and when. */
  merged?: { commitSha: string; at: string };
  /** The pull request's labels (name and description). */
  labels?: { name: string; description?: string | null }[];
}

export interface FakeRunArtifact {
  id: number;
  runId: number;
  name: string;
  zip: Uint8Array;
}

/** Answer the next `times` requests of an operation with this status (and headers). */
export interface FakeFault {
  operationId: string;
  status: number;
  message?: string;
  headers?: Record<string, string>;
  times?: number;
  /** Accept the request and never answer it (status is then ignored). */
  hang?: boolean;
}

export interface FakeCommentOptions {
  owner: string;
  repo: string;
  issueNumber: number;
  comments?: FakeComment[];
  /** `/api/v3` to act as GitHub Enterprise Server (GraphQL then lives at `/api/graphql`). */
  apiRoot?: string;
  description?: DescriptionName;
  /** Answer writes (POST, PATCH, DELETE, GraphQL) with this status and message. */
  failWrites?: { status: number; message: string };
  /** Answer the next PATCH with 404 after deleting the comment (deleted between list and update). */
  vanishOnPatch?: boolean;
  /** Whether list answers carry the documented `minimized` field (GHES may not). Default true. */
  exposeMinimized?: boolean;
  pulls?: FakePull[];
  /** Workflow runs (id and head commit) whose artifacts are served. */
  runs?: { id: number; headSha: string }[];
  artifacts?: FakeRunArtifact[];
  faults?: FakeFault[];
  /** Refuse a created or updated comment longer than this with 422, as GitHub does above 65 536 characters. */
  maxBodyChars?: number;
  /** Faults of the check-runs endpoint. */
  checks?: Pick<FakeChecksOptions, 'forbid' | 'refuse'>;
  /**
   * The pull request's timeline of label events, oldest first, served by GET issues/{issue_number}/events (paged
   * like the comments): who added or removed which label.
   */
  labelEvents?: FakeLabelEvent[];
}

/** A `labeled` or `unlabeled` event of the pull request's issue. */
export interface FakeLabelEvent {
  event: 'labeled' | 'unlabeled';
  label: string;
  actor: string;
}

type Json = any;
type Answer = { status: number; headers: Record<string, string>; body: string };

export class FakeCommentGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly problems: string[] = [];
  /** The Check runs the action creates (their requests are not in `requests`). */
  readonly checks: CheckRunsEndpoint;
  comments: FakeComment[];
  private nextId = 9000;
  private server!: Server;
  apiUrl = '';
  origin = '';

  constructor(readonly options: FakeCommentOptions) {
    this.checks = new CheckRunsEndpoint(
      { ...options, ...options.checks, answersCommitPulls: false },
      () => this.apiUrl,
      this.problems,
    );
    this.comments = [...(options.comments ?? [])];
    for (const c of this.comments) this.nextId = Math.max(this.nextId, c.id + 1);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const method = req.method ?? 'GET';
        const rawUrl = req.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        // The Check runs' answers may be held (a slow create): given when they come.
        const answer = this.checks.claims(rawUrl)
          ? this.checks.answer(method, rawUrl, req.headers, body)
          : this.answer(method, rawUrl, req.headers, body);
        void Promise.resolve(answer).then((given) => {
          if (given === undefined) return; // a hung request: accepted, never answered
          res.writeHead(given.status, given.headers);
          res.end(given.body);
        });
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.apiUrl = this.origin + (this.options.apiRoot ?? '');
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  /** The comments carrying a marker, oldest first. */
  marked(marker: string): FakeComment[] {
    return this.comments.filter((c) => c.body.startsWith(marker + '\n') || c.body.trimEnd().endsWith('\n' + marker));
  }

  private graphqlPath(): string {
    const root = this.options.apiRoot ?? '';
    return /\/api\/v3$/.test(root) ? root.replace(/\/api\/v3$/, '/api/graphql') : `${root}/graphql`;
  }

  /** Requests to the artifact storage path (not the API). */
  readonly blobRequests: RecordedRequest[] = [];

  private answer(
    method: string,
    rawUrl: string,
    headers: IncomingHttpHeaders,
    body: string,
  ): Answer | { status: number; headers: Record<string, string>; body: Buffer } | undefined {
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const blob = /^\/_blobs\/([0-9]+)\.zip$/.exec(url.pathname);
    if (blob) {
      this.blobRequests.push({ method, url: rawUrl, headers, body });
      if (headers['authorization'] !== undefined)
        this.problems.push('artifact storage: the request carried an authorization header');
      const artifact = this.options.artifacts?.find((a) => a.id === Number(blob[1]));
      if (!artifact || url.searchParams.get('sig') !== 'signed')
        return {
          status: 404,
          headers: { 'content-type': 'application/xml' },
          body: '<Error><Code>BlobNotFound</Code></Error>',
        };
      return {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-length': String(artifact.zip.length) },
        body: Buffer.from(artifact.zip),
      };
    }
    if (this.checks.claims(rawUrl)) return this.checks.serve(method, rawUrl, headers, body);
    const record: RecordedRequest = { method, url: rawUrl, headers, body };
    this.requests.push(record);
    const json = (status: number, data: unknown, extra: Record<string, string> = {}): Answer => {
      record.status = status;
      return {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
        body: data === undefined ? '' : JSON.stringify(data),
      };
    };
    if (url.pathname === this.graphqlPath()) return this.graphql(method, headers, body, record, json);

    const spec = openApi(this.options.description ?? 'api.github.com');
    const validation = spec.validateRequest(
      method,
      url,
      headers as Record<string, string | string[] | undefined>,
      this.options.apiRoot ?? '',
    );
    this.problems.push(...validation.problems);
    const op = validation.operation;
    const error = (status: number, message: string, extra: Record<string, string> = {}) =>
      json(status, { message, documentation_url: 'https://docs.github.com/rest', status: String(status) }, extra);
    if (!op) return error(404, 'Not Found');
    record.operationId = op.operationId;
    this.problems.push(...checkBody(spec, op, headers, body));
    const reply = (status: number, data: unknown, extra: Record<string, string> = {}) => {
      const general = status === 401 || status === 403 || status === 404 || status >= 500;
      if (!general && !spec.declaresStatus(op, status))
        this.problems.push(`${op.operationId}: the fake answered ${status}, which the description does not declare`);
      return json(status, data, extra);
    };
    const { owner, repo } = op.pathParams;
    if (owner !== this.options.owner || repo !== this.options.repo) return error(404, 'Not Found');
    const fault = this.options.faults?.find((f) => f.operationId === op.operationId && (f.times ?? 1) > 0);
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.hang) return undefined;
      return error(fault.status, fault.message ?? 'Server Error', fault.headers);
    }
    if (method !== 'GET' && this.options.failWrites)
      return error(this.options.failWrites.status, this.options.failWrites.message);
    const parsed: Json = body === '' ? undefined : safeParse(body);
    const tooLong =
      this.options.maxBodyChars !== undefined &&
      typeof parsed?.body === 'string' &&
      parsed.body.length > this.options.maxBodyChars;
    if (tooLong && (op.operationId === 'issues/create-comment' || op.operationId === 'issues/update-comment'))
      return json(422, {
        message: 'Validation Failed',
        errors: [
          {
            resource: 'IssueComment',
            code: 'custom',
            field: 'body',
            message: 'body is too long (maximum is 65536 characters)',
          },
        ],
        documentation_url: 'https://docs.github.com/rest',
        status: '422',
      });
    const fullName = `${owner}/${repo}`;

    switch (op.operationId) {
      case 'repos/list-pull-requests-associated-with-commit': {
        const sha = op.pathParams['commit_sha'];
        return reply(
          200,
          (this.options.pulls ?? [])
            .filter((p) => (p.headSha === sha || p.merged?.commitSha === sha) && !p.hiddenFromCommit)
            .map((p) => this.pullJson(p)),
        );
      }
      case 'pulls/list': {
        const head = url.searchParams.get('head');
        const state = url.searchParams.get('state') ?? 'open';
        const pulls = (this.options.pulls ?? []).filter(
          (p) =>
            (head === null || `${p.headOwner}:${p.headRef}` === head) &&
            (state === 'all' || (p.state ?? 'open') === state),
        );
        return reply(
          200,
          pulls.map((p) => this.pullJson(p)),
        );
      }
      case 'pulls/get': {
        const pull = (this.options.pulls ?? []).find((p) => p.number === Number(op.pathParams['pull_number']));
        return pull ? reply(200, this.pullJson(pull)) : error(404, 'Not Found');
      }
      case 'actions/get-workflow-run': {
        const run = this.options.runs?.find((r) => r.id === Number(op.pathParams['run_id']));
        if (!run) return error(404, 'Not Found');
        return reply(200, {
          id: run.id,
          name: 'perfgate',
          head_sha: run.headSha,
          head_branch: 'feature',
          event: 'pull_request',
          status: 'completed',
          conclusion: 'failure',
          html_url: `https://github.example/${fullName}/actions/runs/${run.id}`,
          created_at: '2026-11-22T00:00:00Z',
          updated_at: '2026-11-22T00:05:00Z',
        });
      }
      case 'actions/list-workflow-run-artifacts': {
        const runId = Number(op.pathParams['run_id']);
        if (!this.options.runs?.some((r) => r.id === runId)) return error(404, 'Not Found');
        const artifacts = (this.options.artifacts ?? []).filter(
          (a) =>
            a.runId === runId && (url.searchParams.get('name') === null || a.name === url.searchParams.get('name')),
        );
        return reply(200, {
          total_count: artifacts.length,
          artifacts: artifacts.map((a) => ({
            id: a.id,
            node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
            name: a.name,
            size_in_bytes: a.zip.length,
            url: `${this.apiUrl}/repos/${fullName}/actions/artifacts/${a.id}`,
            archive_download_url: `${this.apiUrl}/repos/${fullName}/actions/artifacts/${a.id}/zip`,
            expired: false,
            created_at: '2026-11-22T00:04:00Z',
            expires_at: '2027-02-20T00:04:00Z',
            updated_at: '2026-11-22T00:04:00Z',
          })),
        });
      }
      case 'actions/download-artifact': {
        const artifact = this.options.artifacts?.find((a) => a.id === Number(op.pathParams['artifact_id']));
        if (!artifact || op.pathParams['archive_format'] !== 'zip') return error(404, 'Not Found');
        return reply(302, undefined, { location: `${this.origin}/_blobs/${artifact.id}.zip?sig=signed` });
      }
      case 'issues/list-comments': {
        if (Number(op.pathParams['issue_number']) !== this.options.issueNumber) return error(404, 'Not Found');
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = [...this.comments].sort((a, b) => a.id - b.id);
        const last = Math.max(1, Math.ceil(all.length / perPage));
        const links: string[] = [];
        const pageUrl = (n: number) => {
          const next = new URL(url.pathname + url.search, this.origin);
          next.searchParams.set('page', String(n));
          return next.toString();
        };
        if (page < last) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(last)}>; rel="last"`);
        if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(page - 1)}>; rel="prev"`);
        const slice = all.slice((page - 1) * perPage, page * perPage).map((c) => this.json(c));
        return reply(200, slice, links.length > 0 ? { link: links.join(', ') } : {});
      }
      case 'issues/list-events': {
        if (Number(op.pathParams['issue_number']) !== this.options.issueNumber) return error(404, 'Not Found');
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = (this.options.labelEvents ?? []).map((e, i) => ({
          id: 7000 + i,
          node_id: `LE_${7000 + i}`,
          url: `${this.apiUrl}/repos/${fullName}/issues/events/${7000 + i}`,
          actor: { login: e.actor, id: 1000 + i, type: 'User' },
          event: e.event,
          commit_id: null,
          commit_url: null,
          created_at: new Date(Date.UTC(2026, 10, 22, 0, i)).toISOString(),
          label: { name: e.label, color: 'ededed' },
        }));
        const last = Math.max(1, Math.ceil(all.length / perPage));
        const next = new URL(url.pathname + url.search, this.origin);
        next.searchParams.set('page', String(page + 1));
        return reply(
          200,
          all.slice((page - 1) * perPage, page * perPage),
          page < last ? { link: `<${next.toString()}>; rel="next"` } : {},
        );
      }
      case 'issues/create-comment': {
        if (Number(op.pathParams['issue_number']) !== this.options.issueNumber) return error(404, 'Not Found');
        if (typeof parsed?.body !== 'string') return error(422, 'Validation Failed');
        if (parsed.body.length > 65536)
          return error(422, 'Validation Failed: Body is too long (maximum is 65536 characters)');
        const comment: FakeComment = {
          id: this.nextId++,
          body: parsed.body,
          created_at: new Date(Date.UTC(2026, 10, 22, 0, 0, this.nextId % 60)).toISOString(),
        };
        this.comments.push(comment);
        return reply(201, this.json(comment), {
          location: `${this.apiUrl}/repos/${owner}/${repo}/issues/comments/${comment.id}`,
        });
      }
      case 'issues/update-comment': {
        const comment = this.comments.find((c) => c.id === Number(op.pathParams['comment_id']));
        if (this.options.vanishOnPatch && comment) {
          this.options.vanishOnPatch = false;
          this.comments = this.comments.filter((c) => c !== comment);
          return error(404, 'Not Found');
        }
        if (!comment) return error(404, 'Not Found');
        if (typeof parsed?.body !== 'string') return error(422, 'Validation Failed');
        if (parsed.body.length > 65536)
          return error(422, 'Validation Failed: Body is too long (maximum is 65536 characters)');
        comment.body = parsed.body;
        return reply(200, this.json(comment));
      }
      case 'issues/delete-comment': {
        const comment = this.comments.find((c) => c.id === Number(op.pathParams['comment_id']));
        if (!comment) return error(404, 'Not Found');
        this.comments = this.comments.filter((c) => c !== comment);
        return reply(204, undefined);
      }
      default:
        return error(404, 'Not Found');
    }
  }

  private graphql(
    method: string,
    headers: IncomingHttpHeaders,
    body: string,
    record: RecordedRequest,
    json: (status: number, data: unknown) => Answer,
  ): Answer {
    record.operationId = 'graphql';
    const where = `GraphQL ${method} ${this.graphqlPath()}`;
    if (method !== 'POST') this.problems.push(`${where}: not a POST`);
    if (!/^(token|bearer) \S+$/i.test(String(headers['authorization'] ?? '')))
      this.problems.push(`${where}: no authorization header`);
    if (!/application\/json/.test(String(headers['content-type'] ?? '')))
      this.problems.push(`${where}: content-type ${String(headers['content-type'])} is not JSON`);
    const request: Json = safeParse(body);
    const query: string = typeof request?.query === 'string' ? request.query : '';
    const variables: Json = request?.variables ?? {};
    const extra = Object.keys(request ?? {}).filter((k) => !['query', 'variables', 'operationName'].includes(k));
    if (extra.length > 0) this.problems.push(`${where}: unexpected request fields ${extra.join(', ')}`);
    if (
      !/^\s*mutation\b/.test(query) ||
      !/\bminimizeComment\s*\(\s*input\s*:\s*\{\s*subjectId\s*:\s*\$subjectId\s*,\s*classifier\s*:\s*OUTDATED\s*\}\s*\)/.test(
        query,
      )
    ) {
      this.problems.push(`${where}: not the minimizeComment mutation with classifier OUTDATED: ${query.slice(0, 200)}`);
      return json(200, { errors: [{ type: 'INVALID', message: 'unexpected query' }] });
    }
    if (!/\(\s*\$subjectId\s*:\s*ID!\s*\)/.test(query))
      this.problems.push(`${where}: $subjectId is not declared as ID!`);
    const names = Object.keys(variables);
    if (names.length !== 1 || typeof variables.subjectId !== 'string')
      this.problems.push(`${where}: variables ${JSON.stringify(variables)} are not exactly {subjectId: string}`);
    if (this.options.failWrites)
      return json(200, {
        data: { minimizeComment: null },
        errors: [{ type: 'FORBIDDEN', message: this.options.failWrites.message }],
      });
    const comment = this.comments.find((c) => nodeId(c.id) === variables.subjectId);
    if (!comment)
      return json(200, {
        data: { minimizeComment: null },
        errors: [
          {
            type: 'NOT_FOUND',
            message: `Could not resolve to a node with the global id of '${String(variables.subjectId)}'`,
          },
        ],
      });
    comment.minimized = 'outdated';
    return json(200, { data: { minimizeComment: { minimizedComment: { isMinimized: true } } } });
  }

  private pullJson(p: FakePull): Record<string, unknown> {
    const fullName = `${this.options.owner}/${this.options.repo}`;
    return {
      id: 100000 + p.number,
      number: p.number,
      state: p.state ?? 'open',
      title: `pull request ${p.number}`,
      merged_at: p.merged?.at ?? null,
      merge_commit_sha: p.merged?.commitSha ?? null,
      labels: (p.labels ?? []).map((l, i) => ({
        id: 500 + i,
        node_id: `LA_${500 + i}`,
        url: `${this.apiUrl}/repos/${fullName}/labels/${encodeURIComponent(l.name)}`,
        name: l.name,
        description: l.description ?? null,
        color: 'ededed',
        default: false,
      })),
      html_url: `https://github.example/${fullName}/pull/${p.number}`,
      user: { login: p.headOwner, type: 'User' },
      head: {
        label: `${p.headOwner}:${p.headRef}`,
        ref: p.headRef,
        sha: p.headSha,
        repo: { full_name: `${p.headOwner}/${this.options.repo}`, owner: { login: p.headOwner } },
      },
      base: {
        label: `${this.options.owner}:main`,
        ref: 'main',
        sha: 'b'.repeat(40),
        repo: { full_name: fullName, owner: { login: this.options.owner } },
      },
    };
  }

  private json(c: FakeComment): Record<string, unknown> {
    const fullName = `${this.options.owner}/${this.options.repo}`;
    const login = c.user ?? 'github-actions[bot]';
    return {
      id: c.id,
      node_id: nodeId(c.id),
      url: `${this.apiUrl}/repos/${fullName}/issues/comments/${c.id}`,
      html_url: `https://github.example/${fullName}/pull/${this.options.issueNumber}#issuecomment-${c.id}`,
      issue_url: `${this.apiUrl}/repos/${fullName}/issues/${this.options.issueNumber}`,
      body: c.body,
      user: { login, id: 41898282, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
      created_at: c.created_at,
      updated_at: c.created_at,
      author_association: 'NONE',
      ...(this.options.exposeMinimized === false ? {} : { minimized: c.minimized ? { reason: c.minimized } : null }),
    };
  }
}

export function nodeId(id: number): string {
  return `IC_kwDOperf${id}`;
}

function safeParse(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The request body against the operation's requestBody: JSON content type, every field declared in
 * the schema, required fields present, primitive types right. Body-less operations get no body.
 */
export function checkBody(spec: OpenApi, op: MatchedOperation, headers: IncomingHttpHeaders, body: string): string[] {
  const where = `${op.operationId} (${op.method} ${op.template})`;
  const declared = spec.resolve(op.operation.requestBody);
  if (declared === undefined) return body === '' ? [] : [`${where}: a request body for an operation that takes none`];
  const schema = spec.resolve(declared.content?.['application/json']?.schema);
  if (body === '') return declared.required ? [`${where}: the required request body is missing`] : [];
  const problems: string[] = [];
  if (!/^application\/json\b/.test(String(headers['content-type'] ?? '')))
    problems.push(`${where}: content-type ${String(headers['content-type'])} is not application/json`);
  const value = safeParse(body);
  if (value === undefined) return [...problems, `${where}: the request body is not JSON`];
  if (!schema) return problems;
  if (schema.type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [...problems, `${where}: the request body is not an object`];
    const properties: Record<string, Json> = schema.properties ?? {};
    for (const name of Object.keys(value)) {
      const property = spec.resolve(properties[name]);
      if (!property) {
        if (schema.additionalProperties !== true)
          problems.push(`${where}: body field ${name} is not declared in the requestBody schema`);
        continue;
      }
      const type = property.type;
      const actual = Array.isArray(value[name])
        ? 'array'
        : value[name] === null
          ? 'null'
          : typeof value[name] === 'number' && Number.isInteger(value[name]) && type === 'integer'
            ? 'integer'
            : typeof value[name];
      // A oneOf/anyOf property (an issue's title: string or integer) allows its members' types.
      const members: string[] = (property.oneOf ?? property.anyOf ?? []).flatMap(
        (m: Json) => spec.resolve(m)?.type ?? [],
      );
      const allowed: string[] = Array.isArray(type) ? [...type] : type === undefined ? members : [type];
      if (property.nullable && allowed.length > 0) allowed.push('null');
      if (allowed.length > 0 && !allowed.includes(actual))
        problems.push(`${where}: body field ${name} is ${actual}, the schema says ${allowed.join('|')}`);
      if (Array.isArray(property.enum) && !property.enum.includes(value[name]))
        problems.push(
          `${where}: body field ${name}=${JSON.stringify(value[name])} is not one of ${property.enum.join(', ')}`,
        );
    }
    for (const name of schema.required ?? [])
      if (!(name in value)) problems.push(`${where}: required body field ${name} missing`);
  }
  return problems;
}
