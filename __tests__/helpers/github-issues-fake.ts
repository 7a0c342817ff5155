/**
 * A loopback stand-in for the issue endpoints `trend-issues` uses: list a repository's issues
 * (state and label filters, Link-header pagination), create an issue, update one (title, body,
 * state, state_reason). Every request is checked against GitHub's OpenAPI description like the
 * other fakes (method, path template, parameters, headers, and the JSON body against the
 * operation's requestBody schema); answers use only statuses the description declares.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkBody, type RecordedRequest } from './github-comment-fake.js';
import { CheckRunsEndpoint } from './github-checks-fake.js';
import { openApi } from './github-openapi.js';
import { LoopbackFake, type Answer } from './loopback.js';

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason?: string | null;
  labels: string[];
  /** A pull request (listed by the issues endpoint too, as GitHub does). */
  pullRequest?: boolean;
}

type Json = any;

export class FakeIssuesGitHub extends LoopbackFake {
  readonly requests: RecordedRequest[] = [];
  readonly issues: FakeIssue[] = [];
  /** The Check runs the action creates (their requests are not in `requests`). */
  readonly checks: CheckRunsEndpoint;

  constructor(readonly options: { owner: string; repo: string; perPage?: number; failWrites?: number }) {
    super();
    this.checks = new CheckRunsEndpoint({ owner: options.owner, repo: options.repo }, () => this.apiUrl, this.problems);
  }

  private issueJson(issue: FakeIssue): Json {
    const { owner, repo } = this.options;
    const url = `${this.apiUrl}/repos/${owner}/${repo}/issues/${issue.number}`;
    return {
      id: 100000 + issue.number,
      node_id: `I_${issue.number}`,
      url,
      repository_url: `${this.apiUrl}/repos/${owner}/${repo}`,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: `https://github.example/${owner}/${repo}/issues/${issue.number}`,
      number: issue.number,
      state: issue.state,
      state_reason: issue.state_reason ?? null,
      title: issue.title,
      body: issue.body,
      user: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
      labels: issue.labels.map((name, i) => ({ id: i + 1, name, color: 'd73a4a', default: false })),
      assignee: null,
      assignees: [],
      milestone: null,
      locked: false,
      comments: 0,
      created_at: '2026-11-22T00:00:00Z',
      updated_at: '2026-11-22T00:00:00Z',
      closed_at: issue.state === 'closed' ? '2026-11-22T00:00:00Z' : null,
      author_association: 'NONE',
      ...(issue.pullRequest
        ? { pull_request: { url: `${this.apiUrl}/repos/${owner}/${repo}/pulls/${issue.number}` } }
        : {}),
    };
  }

  protected serve(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Answer {
    if (this.checks.claims(rawUrl)) return this.checks.serve(method, rawUrl, headers, body);
    const url = new URL(rawUrl, 'http://127.0.0.1');
    const record: RecordedRequest = { method, url: rawUrl, headers, body };
    this.requests.push(record);
    const spec = openApi('api.github.com');
    const validation = spec.validateRequest(method, url, headers as Record<string, string | string[] | undefined>);
    this.problems.push(...validation.problems);
    const op = validation.operation;
    const json = (status: number, data: unknown, extra: Record<string, string> = {}): Answer => {
      record.status = status;
      return {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
        body: JSON.stringify(data),
      };
    };
    if (!op) return json(404, { message: 'Not Found' });
    record.operationId = op.operationId;
    this.problems.push(...checkBody(spec, op, headers, body));
    const reply = (status: number, data: unknown, extra: Record<string, string> = {}) => {
      if (!spec.declaresStatus(op, status))
        this.problems.push(`${op.operationId}: the fake answered ${status}, which the description does not declare`);
      return json(status, data, extra);
    };
    const { owner, repo } = op.pathParams;
    if (owner !== this.options.owner || repo !== this.options.repo) return reply(404, { message: 'Not Found' });
    const parsed: Json = body === '' ? undefined : JSON.parse(body);
    if (method !== 'GET' && (this.options.failWrites ?? 0) > 0) {
      this.options.failWrites!--;
      return reply(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues',
        status: '403',
      });
    }
    switch (op.operationId) {
      case 'issues/list-for-repo': {
        const state = url.searchParams.get('state') ?? 'open';
        const labels = (url.searchParams.get('labels') ?? '').split(',').filter((l) => l !== '');
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.options.perPage ?? 100);
        const page = Number(url.searchParams.get('page') ?? 1);
        const matching = this.issues
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => labels.every((l) => i.labels.includes(l)))
          .sort((a, b) => b.number - a.number);
        const slice = matching.slice((page - 1) * perPage, page * perPage);
        const next =
          page * perPage < matching.length
            ? `<${this.apiUrl}${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(page + 1) })}>; rel="next"`
            : '';
        return reply(
          200,
          slice.map((i) => this.issueJson(i)),
          next ? { link: next } : {},
        );
      }
      case 'issues/create': {
        if (typeof parsed?.title !== 'string' || parsed.title === '')
          return reply(422, { message: 'Validation Failed' });
        if (parsed.title.length > 256)
          this.problems.push(`issues/create: the title is ${parsed.title.length} characters (GitHub allows 256)`);
        if (typeof parsed.body === 'string' && parsed.body.length > 65536)
          this.problems.push('issues/create: the body is over 65536 characters');
        const issue: FakeIssue = {
          number: this.issues.length + 1,
          title: parsed.title,
          body: parsed.body ?? '',
          state: 'open',
          labels: (parsed.labels ?? []).map(String),
        };
        this.issues.push(issue);
        return reply(201, this.issueJson(issue), {
          location: `${this.apiUrl}/repos/${owner}/${repo}/issues/${issue.number}`,
        });
      }
      case 'issues/update': {
        const issue = this.issues.find((i) => i.number === Number(op.pathParams['issue_number']));
        if (!issue) return reply(404, { message: 'Not Found' });
        if (typeof parsed?.title === 'string') issue.title = parsed.title;
        if (typeof parsed?.body === 'string') issue.body = parsed.body;
        if (parsed?.state === 'open' || parsed?.state === 'closed') issue.state = parsed.state;
        if (parsed?.state_reason !== undefined) issue.state_reason = parsed.state_reason;
        return reply(200, this.issueJson(issue));
      }
      default:
        this.problems.push(`${method} ${url.pathname}: not an issue request trend-issues makes`);
        return reply(404, { message: 'Not Found' });
    }
  }
}
