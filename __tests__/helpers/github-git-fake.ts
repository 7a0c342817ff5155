/**
 * A loopback stand-in for the Git Data endpoints `chart-hosting: branch` and `history-branch` use:
 * get a ref, list the refs of a prefix, a commit, a tree and a blob, create a blob, a tree (a null sha deletes a path), a
 * commit, create and update a ref; a read-only token gets 403 on writes. Objects live in memory with
 * git-like SHA-1 ids; a tree is kept flat (path → blob sha). `PATCH …/git/refs/{ref}` without force
 * is only accepted as a fast-forward (422 "Update is not a fast forward" otherwise), and
 * `POST …/git/refs` for an existing ref answers 422 "Reference already exists", as GitHub does; with `refuseForce`, a
 * forced update answers 422 "Cannot force-push to this branch", as a protected branch does.
 *
 * Every request is checked against GitHub's OpenAPI description like the other fakes do (method,
 * path template, path and query parameters, headers, the JSON body against the requestBody schema),
 * and further: tree entries against the schema of their items, base64 blob content, and SHAs that
 * name objects of the right kind. The GraphQL query for blobs (`object(oid:)` aliases of one
 * repository, `... on Blob { text isTruncated isBinary }`) is answered too, its shape checked. Requests to other paths
 * (the issue comments, the minimizeComment mutation) are forwarded to a
 * {@link FakeCommentGitHub} when one is given, so one API root serves the whole action.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { checkBody, type FakeCommentGitHub, type FakeFault, type RecordedRequest } from './github-comment-fake.js';
import { CheckRunsEndpoint } from './github-checks-fake.js';
import { openApi, type MatchedOperation, type OpenApi } from './github-openapi.js';
import { LoopbackFake, type Answer } from './loopback.js';

type Json = any;

export interface FakeGitCommit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
}

export interface FakeGitOptions {
  owner: string;
  repo: string;
  /** Forward every request that is not a Git Data request to this fake (the comment endpoints). */
  comments?: FakeCommentGitHub;
  faults?: FakeFault[];
  /**
   * Before answering the next `times` ref updates, another "run" commits on top of the branch, so
   * the update is not a fast-forward (two runs racing).
   */
  raceRefUpdates?: number;
  /** What the racing "run" commits (default: a chart PNG of another pull request). */
  raceFiles?: () => Record<string, Buffer>;
  /** Requests with this token may read but not write (403, as a `contents: read` GITHUB_TOKEN gets). */
  readOnlyToken?: string;
  /**
   * GraphQL gives a blob's text only up to this many bytes (`isTruncated: true` and the text cut
   * beyond), as GitHub does for large blobs; default: every text in full.
   */
  graphqlTextLimit?: number;
  /** Forced ref updates are refused (422 "Cannot force-push to this branch"), as a protected branch refuses them. */
  refuseForce?: boolean;
}

export class FakeGitGitHub extends LoopbackFake {
  readonly requests: RecordedRequest[] = [];
  readonly blobs = new Map<string, Buffer>();
  /** Tree sha → path → blob sha. */
  readonly trees = new Map<string, Map<string, string>>();
  readonly commits = new Map<string, FakeGitCommit>();
  /** `refs/heads/x` → commit sha. */
  readonly refs = new Map<string, string>();
  /** The Check runs the action creates (their requests are not in `requests`). */
  readonly checks: CheckRunsEndpoint;

  constructor(readonly options: FakeGitOptions) {
    super();
    this.checks = new CheckRunsEndpoint({ owner: options.owner, repo: options.repo }, () => this.apiUrl, this.problems);
  }

  /** The commits of a branch from its tip back to its root. */
  history(branch: string): FakeGitCommit[] {
    const out: FakeGitCommit[] = [];
    let sha = this.refs.get(`refs/heads/${branch}`);
    while (sha !== undefined) {
      const commit = this.commits.get(sha)!;
      out.push(commit);
      sha = commit.parents[0];
    }
    return out;
  }

  /** The files of a commit: path → bytes. */
  files(commitSha: string): Map<string, Buffer> {
    const tree = this.trees.get(this.commits.get(commitSha)!.tree)!;
    return new Map([...tree].map(([path, blob]) => [path, this.blobs.get(blob)!]));
  }

  /**
   * Commits these files on top of a branch (creating it): a branch that exists before a run, or another run's commit.
   */
  seed(branch: string, files: Record<string, Buffer>, message = 'seed'): string {
    const parent = this.refs.get(`refs/heads/${branch}`);
    const tree = new Map(parent ? this.trees.get(this.commits.get(parent)!.tree)! : []);
    for (const [path, content] of Object.entries(files)) tree.set(path, this.storeBlob(content));
    const treeSha = this.storeTree(tree);
    const sha = this.storeCommit({ tree: treeSha, parents: parent ? [parent] : [], message });
    this.refs.set(`refs/heads/${branch}`, sha);
    return sha;
  }

  private storeBlob(content: Buffer): string {
    const sha = gitSha('blob', content);
    this.blobs.set(sha, content);
    return sha;
  }

  private storeTree(tree: Map<string, string>): string {
    const sha = gitSha('tree', Buffer.from(JSON.stringify([...tree].sort())));
    this.trees.set(sha, tree);
    return sha;
  }

  private storeCommit(c: Omit<FakeGitCommit, 'sha'>): string {
    const sha = gitSha('commit', Buffer.from(JSON.stringify([c.tree, c.parents, c.message, this.commits.size])));
    this.commits.set(sha, { sha, ...c });
    return sha;
  }

  private isAncestor(ancestor: string, of: string): boolean {
    const queue = [of];
    while (queue.length > 0) {
      const sha = queue.pop()!;
      if (sha === ancestor) return true;
      queue.push(...(this.commits.get(sha)?.parents ?? []));
    }
    return false;
  }

  private async forward(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Promise<Answer> {
    const target = this.options.comments!;
    const forwarded: Record<string, string> = {};
    for (const name of ['authorization', 'accept', 'content-type', 'user-agent', 'x-github-api-version']) {
      const value = headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const response = await fetch(target.origin + rawUrl, {
      method,
      headers: forwarded,
      ...(body !== '' ? { body } : {}),
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
    });
    return { status: response.status, headers: out, body: await response.text() };
  }

  protected async serve(method: string, rawUrl: string, headers: IncomingHttpHeaders, body: string): Promise<Answer> {
    if (this.checks.claims(rawUrl)) return this.checks.serve(method, rawUrl, headers, body);
    const url = new URL(rawUrl, 'http://127.0.0.1');
    if (url.pathname === '/graphql' && /\bobject\s*\(\s*oid\s*:/.test(body))
      return this.blobQuery(method, headers, body);
    if (!/^\/repos\/[^/]+\/[^/]+\/git\//.test(url.pathname)) {
      if (this.options.comments) return this.forward(method, rawUrl, headers, body);
      this.problems.push(`${method} ${url.pathname}: not a Git Data request`);
      return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"Not Found"}' };
    }
    return this.answer(method, url, rawUrl, headers, body);
  }

  /** `query { repository(owner, name) { b0: object(oid: $o0) { ... on Blob { text isTruncated isBinary } } … } }`. */
  private blobQuery(method: string, headers: IncomingHttpHeaders, body: string): Answer {
    const record: RecordedRequest = { method, url: '/graphql', headers, body, operationId: 'graphql' };
    this.requests.push(record);
    const where = `GraphQL ${method} /graphql`;
    const answer = (data: unknown): Answer => {
      record.status = 200;
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(data),
      };
    };
    if (method !== 'POST') this.problems.push(`${where}: not a POST`);
    if (!/^(token|bearer) \S+$/i.test(String(headers['authorization'] ?? '')))
      this.problems.push(`${where}: no authorization header`);
    const request: Json = safeParse(body);
    const query: string = typeof request?.query === 'string' ? request.query : '';
    const variables: Json = request?.variables ?? {};
    const head =
      /^\s*query\s*\(([^)]*)\)\s*\{\s*repository\s*\(\s*owner\s*:\s*\$owner\s*,\s*name\s*:\s*\$name\s*\)\s*\{(.*)\}\s*\}\s*$/s.exec(
        query,
      );
    if (!head) {
      this.problems.push(`${where}: not a blob query of one repository: ${query.slice(0, 200)}`);
      return answer({ errors: [{ type: 'INVALID', message: 'unexpected query' }] });
    }
    const declared = new Map([...head[1]!.matchAll(/\$(\w+)\s*:\s*([\w!]+)/g)].map((m) => [m[1]!, m[2]!]));
    if (declared.get('owner') !== 'String!' || declared.get('name') !== 'String!')
      this.problems.push(`${where}: $owner and $name are not declared String!`);
    if (variables.owner !== this.options.owner || variables.name !== this.options.repo)
      return answer({
        data: { repository: null },
        errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a Repository' }],
      });
    const fields = [
      ...head[2]!.matchAll(
        /(\w+)\s*:\s*object\s*\(\s*oid\s*:\s*\$(\w+)\s*\)\s*\{\s*\.\.\.\s*on\s+Blob\s*\{([^}]*)\}\s*\}/g,
      ),
    ];
    const rest = head[2]!.replace(
      /(\w+)\s*:\s*object\s*\(\s*oid\s*:\s*\$(\w+)\s*\)\s*\{\s*\.\.\.\s*on\s+Blob\s*\{([^}]*)\}\s*\}/g,
      '',
    );
    if (rest.trim() !== '' || fields.length === 0)
      this.problems.push(`${where}: unexpected fields: ${rest.slice(0, 200)}`);
    const repository: Record<string, unknown> = {};
    for (const [, alias, variable, selection] of fields) {
      const asked = selection!.trim().split(/\s+/);
      if (asked.some((f) => !['text', 'isTruncated', 'isBinary', 'byteSize', 'oid'].includes(f)))
        this.problems.push(`${where}: ${alias}: fields ${selection} are not Blob fields`);
      if (declared.get(variable!) !== 'GitObjectID!')
        this.problems.push(`${where}: $${variable} is not a GitObjectID!`);
      const sha = variables[variable!];
      if (typeof sha !== 'string' || !/^[0-9a-f]{40}$/.test(sha))
        this.problems.push(`${where}: $${variable} is not an oid`);
      const blob = this.blobs.get(String(sha));
      if (!blob) {
        repository[alias!] = null;
        continue;
      }
      const limit = this.options.graphqlTextLimit ?? Infinity;
      const full = {
        text: blob.subarray(0, Math.min(limit, blob.length)).toString('utf8'),
        isTruncated: blob.length > limit,
        isBinary: false,
        byteSize: blob.length,
        oid: sha,
      };
      repository[alias!] = Object.fromEntries(asked.map((f) => [f, full[f as keyof typeof full]]));
    }
    return answer({ data: { repository } });
  }

  private answer(method: string, url: URL, rawUrl: string, headers: IncomingHttpHeaders, body: string): Answer {
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
    const spec = openApi('api.github.com');
    const validation = spec.validateRequest(method, url, headers as Record<string, string | string[] | undefined>);
    this.problems.push(...validation.problems);
    const op = validation.operation;
    const error = (status: number, message: string, extra: Record<string, string> = {}) =>
      json(status, { message, documentation_url: 'https://docs.github.com/rest/git', status: String(status) }, extra);
    if (!op) return error(404, 'Not Found');
    record.operationId = op.operationId;
    this.problems.push(...checkBody(spec, op, headers, body));
    const parsed: Json = body === '' ? undefined : safeParse(body);
    this.problems.push(...deepChecks(spec, op, parsed));
    const reply = (status: number, data: unknown, extra: Record<string, string> = {}) => {
      if (!spec.declaresStatus(op, status))
        this.problems.push(`${op.operationId}: the fake answered ${status}, which the description does not declare`);
      return json(status, data, extra);
    };
    const { owner, repo } = op.pathParams;
    if (owner !== this.options.owner || repo !== this.options.repo) return error(404, 'Not Found');
    const fault = this.options.faults?.find((f) => f.operationId === op.operationId && (f.times ?? 1) > 0);
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      return error(fault.status, fault.message ?? 'Server Error', fault.headers);
    }
    const writes = method !== 'GET' && method !== 'HEAD';
    const auth = String(headers['authorization'] ?? '').replace(/^(token|bearer)\s+/i, '');
    if (writes && this.options.readOnlyToken !== undefined && auth === this.options.readOnlyToken)
      return reply(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/git',
        status: '403',
      });
    const base = `${this.apiUrl}/repos/${owner}/${repo}/git`;
    const refJson = (ref: string) => ({
      ref,
      node_id: `REF_${ref}`,
      url: `${base}/${ref}`,
      object: { type: 'commit', sha: this.refs.get(ref)!, url: `${base}/commits/${this.refs.get(ref)!}` },
    });
    const commitJson = (c: FakeGitCommit) => ({
      sha: c.sha,
      node_id: `C_${c.sha}`,
      url: `${base}/commits/${c.sha}`,
      html_url: `https://github.example/${owner}/${repo}/commit/${c.sha}`,
      author: {
        name: 'github-actions[bot]',
        email: '41898282+github-actions[bot]@users.noreply.github.com',
        date: '2026-11-22T00:00:00Z',
      },
      committer: { name: 'GitHub', email: 'noreply@github.com', date: '2026-11-22T00:00:00Z' },
      message: c.message,
      tree: { sha: c.tree, url: `${base}/trees/${c.tree}` },
      parents: c.parents.map((p) => ({
        sha: p,
        url: `${base}/commits/${p}`,
        html_url: `https://github.example/${owner}/${repo}/commit/${p}`,
      })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    });

    switch (op.operationId) {
      case 'git/get-ref': {
        const ref = `refs/${op.pathParams['ref']}`;
        if (!this.refs.has(ref)) return error(404, 'Not Found');
        return reply(200, refJson(ref));
      }
      case 'git/list-matching-refs': {
        // Every ref whose name starts with refs/{ref} (all of them for `heads/`), sorted as GitHub lists them.
        const prefix = `refs/${op.pathParams['ref']}`;
        const matching = [...this.refs.keys()].filter((ref) => ref.startsWith(prefix)).sort();
        return reply(200, matching.map(refJson));
      }
      case 'git/get-commit': {
        const commit = this.commits.get(op.pathParams['commit_sha']!);
        if (!commit) return error(404, 'Not Found');
        return reply(200, commitJson(commit));
      }
      case 'git/get-tree': {
        const tree = this.trees.get(op.pathParams['tree_sha']!);
        if (!tree) return error(404, 'Not Found');
        // Flat trees: with recursive, every folder is listed too, as GitHub does; without, the top level only.
        const recursive = url.searchParams.has('recursive');
        const folders = new Set<string>();
        for (const path of tree.keys()) {
          const parts = path.split('/');
          for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
        }
        const entries = [
          ...[...folders].map((path) => ({
            path,
            mode: '040000',
            type: 'tree',
            sha: gitSha('tree', Buffer.from(path)),
            url: `${base}/trees/${gitSha('tree', Buffer.from(path))}`,
          })),
          ...[...tree].map(([path, blob]) => ({
            path,
            mode: '100644',
            type: 'blob',
            sha: blob,
            size: this.blobs.get(blob)!.length,
            url: `${base}/blobs/${blob}`,
          })),
        ]
          .filter((e) => recursive || !e.path.includes('/'))
          .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        return reply(200, {
          sha: op.pathParams['tree_sha'],
          url: `${base}/trees/${op.pathParams['tree_sha']}`,
          truncated: false,
          tree: entries,
        });
      }
      case 'git/get-blob': {
        const blob = this.blobs.get(op.pathParams['file_sha']!);
        if (!blob) return error(404, 'Not Found');
        // GitHub wraps the base64 content at 60 characters.
        const content = (blob.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n';
        const sha = op.pathParams['file_sha']!;
        return reply(200, {
          sha,
          node_id: `B_${sha}`,
          size: blob.length,
          url: `${base}/blobs/${sha}`,
          content,
          encoding: 'base64',
        });
      }
      case 'git/create-blob': {
        if (typeof parsed?.content !== 'string') return reply(422, { message: 'Invalid request.' });
        const encoding = parsed.encoding ?? 'utf-8';
        if (encoding !== 'base64' && encoding !== 'utf-8')
          return reply(422, { message: `encoding ${String(encoding)} is not supported` });
        if (encoding === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(parsed.content))
          this.problems.push('git/create-blob: content is not base64');
        const sha = this.storeBlob(
          encoding === 'base64' ? Buffer.from(parsed.content, 'base64') : Buffer.from(parsed.content, 'utf8'),
        );
        return reply(201, { sha, url: `${base}/blobs/${sha}` }, { location: `${base}/blobs/${sha}` });
      }
      case 'git/create-tree': {
        const entries: Json[] = Array.isArray(parsed?.tree) ? parsed.tree : [];
        let tree = new Map<string, string>();
        if (parsed?.base_tree !== undefined) {
          const baseTree = this.trees.get(parsed.base_tree);
          if (!baseTree) return reply(422, { message: 'Invalid tree info' });
          tree = new Map(baseTree);
        }
        for (const e of entries) {
          if (e?.sha === null && typeof e.path === 'string') {
            // A null sha deletes the path (GitHub: only one that exists in the base tree).
            if (!tree.delete(e.path))
              return reply(422, { message: `tree.sha: ${e.path} does not exist in the base tree` });
            continue;
          }
          if (
            typeof e?.path !== 'string' ||
            e.mode !== '100644' ||
            e.type !== 'blob' ||
            typeof e.sha !== 'string' ||
            !this.blobs.has(e.sha)
          ) {
            this.problems.push(`git/create-tree: entry ${JSON.stringify(e)} is not a file naming a known blob`);
            return reply(422, { message: 'Invalid tree info' });
          }
          if (e.path.startsWith('/') || e.path.split('/').some((p: string) => p === '' || p === '.' || p === '..'))
            return reply(422, { message: `tree.path contains a malformed path component` });
          tree.set(e.path, e.sha);
        }
        const sha = this.storeTree(tree);
        return reply(
          201,
          {
            sha,
            url: `${base}/trees/${sha}`,
            truncated: false,
            tree: [...tree].map(([path, blob]) => ({
              path,
              mode: '100644',
              type: 'blob',
              sha: blob,
              size: this.blobs.get(blob)!.length,
              url: `${base}/blobs/${blob}`,
            })),
          },
          { location: `${base}/trees/${sha}` },
        );
      }
      case 'git/create-commit': {
        const parents: unknown[] = parsed?.parents ?? [];
        if (typeof parsed?.tree !== 'string' || !this.trees.has(parsed.tree))
          return reply(422, { message: 'Tree SHA does not exist' });
        if (!Array.isArray(parents) || parents.some((p) => typeof p !== 'string' || !this.commits.has(p)))
          return reply(422, { message: 'Parent SHA does not exist or is not a commit object' });
        if (typeof parsed.message !== 'string' || parsed.message === '')
          this.problems.push('git/create-commit: no message');
        const sha = this.storeCommit({ tree: parsed.tree, parents: parents as string[], message: parsed.message });
        return reply(201, commitJson(this.commits.get(sha)!), { location: `${base}/commits/${sha}` });
      }
      case 'git/create-ref': {
        const ref: unknown = parsed?.ref;
        if (typeof ref !== 'string' || !/^refs\/[^/]+\/.+/.test(ref))
          return reply(422, { message: 'Reference name is not valid' });
        if (!this.commits.has(parsed.sha)) return reply(422, { message: 'Object does not exist' });
        if (this.refs.has(ref)) return reply(422, { message: 'Reference already exists' });
        this.refs.set(ref, parsed.sha);
        return reply(201, refJson(ref), { location: `${base}/${ref}` });
      }
      case 'git/update-ref': {
        const ref = `refs/${op.pathParams['ref']}`;
        if (!this.refs.has(ref)) return reply(422, { message: 'Reference does not exist' });
        if (!this.commits.has(parsed?.sha)) return reply(422, { message: 'Object does not exist' });
        if ((this.options.raceRefUpdates ?? 0) > 0) {
          this.options.raceRefUpdates!--;
          this.seed(
            ref.slice('refs/heads/'.length),
            this.options.raceFiles?.() ?? { [`pr-99/run-${this.commits.size}-1/other.png`]: Buffer.from('other run') },
          );
        }
        if (parsed.force === true && this.options.refuseForce)
          return reply(422, { message: 'Cannot force-push to this branch' });
        if (parsed.force !== true && !this.isAncestor(this.refs.get(ref)!, parsed.sha))
          return reply(422, { message: 'Update is not a fast forward' });
        this.refs.set(ref, parsed.sha);
        return reply(200, refJson(ref));
      }
      default:
        return error(404, 'Not Found');
    }
  }
}

/** Tree entries against the schema of the `tree` items (the shared body check looks one level deep). */
function deepChecks(spec: OpenApi, op: MatchedOperation, parsed: Json): string[] {
  if (op.operationId !== 'git/create-tree' || !Array.isArray(parsed?.tree)) return [];
  const schema = spec.resolve(spec.resolve(op.operation.requestBody)?.content?.['application/json']?.schema);
  const items = spec.resolve(schema?.properties?.tree?.items);
  const problems: string[] = [];
  for (const entry of parsed.tree as Json[]) {
    for (const [name, value] of Object.entries(entry ?? {})) {
      const property = spec.resolve(items?.properties?.[name]);
      if (!property) {
        problems.push(`git/create-tree: tree entry field ${name} is not declared`);
        continue;
      }
      if (value === null ? !property.nullable : typeof value !== property.type)
        problems.push(
          `git/create-tree: tree entry field ${name} is ${value === null ? 'null' : typeof value}, the schema says ${property.type}`,
        );
      if (Array.isArray(property.enum) && !property.enum.includes(value))
        problems.push(
          `git/create-tree: tree entry ${name}=${JSON.stringify(value)} is not one of ${property.enum.join(', ')}`,
        );
    }
    if ('sha' in (entry ?? {}) && 'content' in (entry ?? {}))
      problems.push('git/create-tree: a tree entry has both sha and content');
  }
  return problems;
}

function gitSha(kind: string, content: Buffer): string {
  return createHash('sha1').update(`${kind} ${content.length}\0`).update(content).digest('hex');
}

function safeParse(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
