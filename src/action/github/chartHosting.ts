/**
 * `chart-hosting: branch`: the chart PNGs are committed to a dedicated branch through the Git Data
 * API, and the comment embeds them by links pinned to that commit. Each run writes its own folder
 * (`pr-<number>/run-<run id>-<attempt>/`), so runs never overwrite each other, and every link
 * stays valid whatever later runs commit. Hosting is a convenience: nothing here throws, a failure
 * is an outcome with a reason (`skipped` for a token that may not write), and no reason ever
 * contains the token.
 *
 * REST calls (all documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   POST  /repos/{owner}/{repo}/git/blobs                  {content (base64), encoding: base64}   one per PNG
 *   GET   /repos/{owner}/{repo}/git/ref/heads/{branch}                                           404: no branch yet
 *   GET   /repos/{owner}/{repo}/git/commits/{commit_sha}                                          the tip's tree
 *   POST  /repos/{owner}/{repo}/git/trees                  {base_tree?, tree: [{path, mode, type, sha}]}
 *   POST  /repos/{owner}/{repo}/git/commits                {message, tree, parents: [tip] or []}
 *   PATCH /repos/{owner}/{repo}/git/refs/heads/{branch}    {sha, force: false}                   or, for a new branch,
 *   POST  /repos/{owner}/{repo}/git/refs                   {ref: refs/heads/{branch}, sha}
 * A 422 on the ref (another run moved it: not a fast-forward, or created it first) re-reads the ref
 * and builds the tree and commit again on the new tip, at most {@link MAX_REF_ATTEMPTS} times.
 */
import type { Files } from '../../pipeline/rootedFiles.js';
import { basename } from 'node:path';
import { escapeMarkdown } from '../../engine/report/escape.js';
import {
  apiRoot,
  describeHttpFailure,
  githubClient,
  readRef,
  redact,
  toFailure,
  type HttpFailure,
  type RefInfo,
  type GithubSession,
  type Octokit,
} from './http.js';

export type ChartHosting = 'none' | 'branch';

export const DEFAULT_CHART_BRANCH = 'perfgate-charts';

/** How often the ref update is tried when concurrent runs move the branch under it. */
export const MAX_REF_ATTEMPTS = 5;

export interface HostedChartFile {
  /** The PNG on disk. */
  path: string;
  /** The chart's title (untrusted: from result files). */
  title: string;
}

export interface HostChartsOptions {
  /** A token with `contents: write` (GITHUB_TOKEN with that permission is enough). */
  token: string;
  /** REST API root: GITHUB_API_URL. */
  apiUrl?: string;
  /** Web root for the image links: GITHUB_SERVER_URL (`https://github.com`, or a GHES host). */
  serverUrl?: string;
  owner: string;
  repo: string;
  branch: string;
  pullRequest: number;
  /** GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT: the folder of this run. */
  runId: string;
  runAttempt: string;
  files: readonly HostedChartFile[];
  /** Where a rate-limit wait is reported (default: a workflow warning). */
  warn?: (message: string) => void;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
  /** The run's files, which the chart images are read through. */
  runFiles: Files;
}

export interface HostedImage {
  title: string;
  /** The path inside the branch. */
  path: string;
  /** The commit-pinned address of the image. */
  url: string;
}

export type HostChartsResult =
  | { outcome: 'hosted'; commit: string; images: HostedImage[]; markdown: string; notes: string[] }
  /** The token may not write (fork pull request, no `contents: write`): a notice. */
  | { outcome: 'skipped'; reason: string; notes: string[] }
  /** Anything else (API down, a ref that kept moving): a warning. */
  | { outcome: 'failed'; reason: string; notes: string[] };

/**
 * Whether the pull request of an event payload comes from another repository (a fork): its token
 * is read-only, and its code must not write to the base repository anyway.
 */
export function isForkPullRequest(event: unknown): boolean {
  const pr = (
    event as
      | {
          pull_request?: {
            head?: { repo?: { full_name?: unknown } | null };
            base?: { repo?: { full_name?: unknown } | null };
          };
        }
      | undefined
  )?.pull_request;
  if (!pr) return false;
  const head = pr.head?.repo?.full_name;
  const base = pr.base?.repo?.full_name;
  // A deleted head repository (null) is a fork that is gone: not this repository either.
  if (typeof base !== 'string') return false;
  return typeof head !== 'string' || head.toLowerCase() !== base.toLowerCase();
}

/**
 * Whether a branch name is safe as `refs/heads/<name>` (git check-ref-format, and no characters
 * that would need quoting in a URL or a log line). Returns the problem, or undefined.
 */
export function chartBranchProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name.length > 200) return 'it is longer than 200 characters';
  if (!/^[A-Za-z0-9._/-]+$/.test(name)) return 'only letters, digits, . _ / - are allowed';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//'))
    return 'it may not start or end with / or hold //';
  if (name.startsWith('-')) return 'it may not start with -';
  if (name.includes('..')) return 'it may not hold ..';
  if (name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock')))
    return 'no part may start with . or end with .lock';
  if (name.endsWith('.')) return 'it may not end with .';
  if (name === 'HEAD') return 'HEAD is not a branch';
  return undefined;
}

/** `pr-<number>/run-<id>-<attempt>`: the folder of one run inside the branch. */
export function runFolder(pullRequest: number, runId: string, runAttempt: string): string {
  const id = /^[0-9]+$/.test(runId) ? runId : 'local';
  const attempt = /^[0-9]+$/.test(runAttempt) ? runAttempt : '1';
  return `pr-${pullRequest}/run-${id}-${attempt}`;
}

/** The Markdown section of hosted images, one per chart, titles escaped, URL path parts encoded. */
export function imagesMarkdown(images: readonly HostedImage[]): string {
  if (images.length === 0) return '';
  return ['#### Chart images', ...images.map((image) => `![${escapeMarkdown(image.title)}](${image.url})`)].join(
    '\n\n',
  );
}

/** The commit-pinned address of a file of the branch: `<server>/<owner>/<repo>/raw/<sha>/<path>`. */
export function rawUrl(serverUrl: string, owner: string, repo: string, commit: string, path: string): string {
  const encode = (part: string) => encodeURIComponent(part);
  return `${serverUrl.replace(/\/+$/, '')}/${encode(owner)}/${encode(repo)}/raw/${encode(commit)}/${path.split('/').map(encode).join('/')}`;
}

/** Commits the PNGs to the branch and returns the image Markdown. Never throws. */
export async function hostCharts(options: HostChartsOptions): Promise<HostChartsResult> {
  const { token, owner, repo, branch } = options;
  const notes: string[] = [];
  const { clean, skipped, failed, fail } = hostingOutcomes(token, notes);
  const problem = chartBranchProblem(branch);
  if (problem !== undefined) return failed(`chart-branch "${branch}" is not a usable branch name: ${problem}`);
  if (!token) return skipped('no token was given (input github-token, with permission contents: write)');
  if (options.files.length === 0) return skipped('there are no PNG charts to host');
  const octokit = githubClient(token, apiRoot(options.apiUrl), {
    session: options.session,
    ...(options.warn ? { warn: options.warn } : {}),
  });

  const folder = runFolder(options.pullRequest, options.runId, options.runAttempt);
  const blobs = await createChartBlobs(octokit, options, folder, notes, fail);
  if ('stop' in blobs) return blobs.stop;
  const { entries } = blobs;
  if (entries.length === 0) return skipped('there are no PNG charts to host');

  let lastConflict = '';
  for (let attempt = 1; attempt <= MAX_REF_ATTEMPTS; attempt++) {
    let tip: RefInfo | undefined;
    try {
      tip = await readRef(octokit, owner, repo, branch);
    } catch (error) {
      return fail(`cannot read branch ${branch}`, error);
    }
    const commit = await commitCharts(octokit, options, tip, entries, folder, fail);
    if (typeof commit !== 'string') return commit;
    try {
      if (tip) await octokit.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: commit, force: false });
      else await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit });
    } catch (error) {
      const failure = toFailure(error);
      if (failure.status === 422 || failure.status === 409) {
        // Another run moved (or created) the branch first: build on its commit.
        lastConflict = describeFailure(failure);
        notes.push(`branch ${branch} moved while committing (attempt ${attempt}): ${lastConflict}`);
        continue;
      }
      return fail(tip ? `cannot update branch ${branch}` : `cannot create branch ${branch}`, error);
    }
    const serverUrl = options.serverUrl ?? 'https://github.com';
    const images = entries.map((e) => ({
      title: e.title,
      path: e.path,
      url: rawUrl(serverUrl, owner, repo, commit, e.path),
    }));
    return { outcome: 'hosted', commit, images, markdown: imagesMarkdown(images), notes: notes.map(clean) };
  }
  return failed(`branch ${branch} kept moving: gave up after ${MAX_REF_ATTEMPTS} attempts (${lastConflict})`);
}

type Fail = (what: string, error: unknown) => HostChartsResult;

/**
 * hostCharts' results, with the notes as they are when one is made and the token redacted: skipped, failed, and a
 * failure of GitHub's (a token that may not write skips).
 */
function hostingOutcomes(token: string, notes: readonly string[]) {
  const clean = (text: string) => redact(text, token);
  const skipped = (reason: string): HostChartsResult => ({
    outcome: 'skipped',
    reason: clean(reason),
    notes: notes.map(clean),
  });
  const failed = (reason: string): HostChartsResult => ({
    outcome: 'failed',
    reason: clean(reason),
    notes: notes.map(clean),
  });
  const fail: Fail = (what, error) => {
    const failure = toFailure(error);
    const message = `${what}: ${describeFailure(failure)}`;
    return failure.status === 401 || failure.status === 403 || failure.status === 404
      ? skipped(message)
      : failed(message);
  };
  return { clean, skipped, failed, fail };
}

/**
 * A blob per chart file, in the run's folder: a file of an unexpected name (or one already taken) or one that cannot
 * be read is left out with a note; a blob GitHub refuses stops the hosting.
 */
async function createChartBlobs(
  octokit: Octokit,
  { owner, repo, files, runFiles }: HostChartsOptions,
  folder: string,
  notes: string[],
  fail: Fail,
): Promise<{ entries: { path: string; sha: string; title: string }[] } | { stop: HostChartsResult }> {
  const entries: { path: string; sha: string; title: string }[] = [];
  const used = new Set<string>();
  for (const file of files) {
    const name = basename(file.path);
    if (!/^[A-Za-z0-9._-]+\.png$/.test(name) || used.has(name.toLowerCase())) {
      notes.push(`${name}: not hosted (not a chart file name)`);
      continue;
    }
    used.add(name.toLowerCase());
    let content: string;
    try {
      content = runFiles.readBytes(file.path).toString('base64');
    } catch (error) {
      notes.push(`${name}: not hosted (${(error as Error).message})`);
      continue;
    }
    try {
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: 'base64' });
      entries.push({ path: `${folder}/${name}`, sha: data.sha, title: file.title });
    } catch (error) {
      return { stop: fail(`cannot create the blob of ${name}`, error) };
    }
  }
  return { entries };
}

/** The tree of the charts on the tip's (or a new root) and its commit: the commit's sha, or why there is none. */
async function commitCharts(
  octokit: Octokit,
  { owner, repo, pullRequest }: HostChartsOptions,
  tip: RefInfo | undefined,
  entries: readonly { path: string; sha: string }[],
  folder: string,
  fail: Fail,
): Promise<string | HostChartsResult> {
  let tree: string;
  try {
    const { data } = await octokit.rest.git.createTree({
      owner,
      repo,
      ...(tip ? { base_tree: tip.tree } : {}),
      tree: entries.map((e) => ({ path: e.path, mode: '100644' as const, type: 'blob' as const, sha: e.sha })),
    });
    tree = data.sha;
  } catch (error) {
    return fail('cannot create the tree', error);
  }
  try {
    const { data } = await octokit.rest.git.createCommit({
      owner,
      repo,
      // No "#<number>": a commit message naming the pull request would add a timeline event to it per run.
      message: `perfgate charts of pull request ${pullRequest}, ${folder.split('/')[1]}`,
      tree,
      parents: tip ? [tip.commit] : [],
    });
    return data.sha;
  } catch (error) {
    return fail('cannot create the commit', error);
  }
}

function describeFailure(failure: HttpFailure): string {
  return describeHttpFailure(failure, {
    403: 'the token may not write to the repository; chart-hosting: branch needs permission contents: write',
    404: 'no such repository, or no write access to it; chart-hosting: branch needs permission contents: write',
  });
}
