/**
 * The two-stage gate with no base folder (issue 44, item 1): the action checks out the base commit itself as a git
 * worktree of a depth-1 clone (as actions/checkout leaves it: the base commit is not in the clone), fetches that one
 * commit, runs confirm-setup in each build, confirms in A/B pairs with the synthetic Go benchmark of fixtures/confirm,
 * and removes the worktree. A base that cannot be prepared leaves the first stage's verdict, with a warning naming the
 * step.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseRefOf, shellWord } from '../src/action/baseTree.js';
import { eventFile } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs, repoRoot, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

const SCRIPT = join(repoRoot, 'fixtures', 'confirm', 'synthetic-bench.mjs');
const FIRST = join(repoRoot, 'fixtures', 'confirm', 'first-stage');
afterAll(removeTempDirs);

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'perfgate',
      GIT_AUTHOR_EMAIL: 'perfgate@example.com',
      GIT_COMMITTER_NAME: 'perfgate',
      GIT_COMMITTER_EMAIL: 'perfgate@example.com',
    },
  }).trim();

/**
 * A repository whose base commit has no slowdown and whose head commit makes BenchmarkC ×1.3 (the synthetic benchmark
 * reads slowdown.json in its working directory), and a depth-1 clone of its head: the workspace.
 */
function repository() {
  const origin = makeTempDir('perfgate-origin-');
  git(origin, 'init', '--quiet', '--initial-branch=main');
  writeFileSync(join(origin, 'slowdown.json'), '{}');
  git(origin, 'add', '.');
  git(origin, 'commit', '--quiet', '-m', 'base');
  const base = git(origin, 'rev-parse', 'HEAD');
  writeFileSync(join(origin, 'slowdown.json'), JSON.stringify({ BenchmarkC: 1.3 }));
  git(origin, 'commit', '--quiet', '-am', 'head: BenchmarkC 30 % slower');
  const head = git(origin, 'rev-parse', 'HEAD');
  const workspace = join(makeTempDir('perfgate-clone-'), 'ws');
  git(repoRoot, 'clone', '--quiet', '--depth', '1', `file://${origin}`, workspace);
  const state = join(makeTempDir('perfgate-base-tree-state-'), 'state');
  const command = `SYNTH_NOISE=0.02 SYNTH_BENCH_NOISE=0.01 SYNTH_SEED=5 SYNTH_STATE=${state} node ${SCRIPT} --filter {filter} --output {output}`;
  return { origin, base, head, workspace, state, command, runnerTemp: makeTempDir('perfgate-runner-temp-') };
}

type Repository = ReturnType<typeof repository>;

async function pullRequest(repo: Repository, baseSha: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  const event = {
    number: 12,
    pull_request: { number: 12, base: { sha: baseSha, ref: 'main' }, head: { sha: repo.head } },
  };
  return runActionInProcess(
    {
      results: join(FIRST, 'head.txt'),
      baseline: join(FIRST, 'base.txt'),
      comment: 'never',
      'upload-report': 'false',
      'confirm-command': repo.command,
      'confirm-max-pairs': '8',
      ...inputs,
    },
    {
      workspace: repo.workspace,
      env: {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventFile(event),
        GITHUB_REPOSITORY: 'octo/bench',
        RUNNER_TEMP: repo.runnerTemp,
      },
    },
  );
}

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
/** The folders the synthetic benchmark ran in, in order (its log's "<n> <folder name>" lines). */
const ranIn = (state: string) =>
  readFileSync(join(state, 'log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1]);

describe('action: the base build made from the base commit (no confirm-base-dir)', () => {
  test('a depth-1 clone: the base commit is fetched, checked out, set up, confirmed against, and removed', async () => {
    const repo = repository();
    // As actions/checkout leaves it: the base commit is not in the clone.
    expect(() => git(repo.workspace, 'cat-file', '-e', `${repo.base}^{commit}`)).toThrow();
    const setupLog = join(makeTempDir('perfgate-setup-'), 'setup.log');
    const run = await pullRequest(repo, repo.base, { 'confirm-setup': `pwd >> ${shellWord(setupLog)}` });
    expect(warnings(run)).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({ verdict: 'fail', confirmed: 'true', 'confirm-pairs': '8' });
    expect(run.stdout).toContain(
      `perfgate: the base build is the pull request's base ${repo.base.slice(0, 7)}, checked out at ${join(repo.runnerTemp, `perfgate-base-${repo.base}`)}`,
    );
    expect(run.stdout).toContain(
      '::error::perfgate: 1 benchmark confirmed worse by 8 A/B pairs on this runner: BenchmarkC',
    );
    // The pairs ran in ABBA order in the base worktree and in the workspace.
    const baseName = `perfgate-base-${repo.base}`;
    expect(ranIn(repo.state).slice(0, 4)).toEqual([baseName, 'ws', 'ws', baseName]);
    // confirm-setup ran once in each build, the base's first.
    expect(readFileSync(setupLog, 'utf8').trim().split('\n')).toEqual([
      join(repo.runnerTemp, baseName),
      repo.workspace,
    ]);
    // The worktree is gone, from the disk and from the clone's list.
    expect(readdirSync(repo.runnerTemp)).toEqual([]);
    expect(git(repo.workspace, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  });

  test('an unchanged pull request (its head builds what its base does) passes as unconfirmed', async () => {
    const repo = repository();
    writeFileSync(join(repo.origin, 'slowdown.json'), '{}');
    git(repo.origin, 'commit', '--quiet', '-am', 'head: back to the base');
    const unchanged = join(makeTempDir('perfgate-clone-'), 'ws');
    git(repoRoot, 'clone', '--quiet', '--depth', '1', `file://${repo.origin}`, unchanged);
    const run = await pullRequest({ ...repo, workspace: unchanged }, repo.base);
    expect(warnings(run)).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', confirmed: 'false' });
  });

  test('a base commit that cannot be fetched leaves the first stage verdict, naming the step', async () => {
    const repo = repository();
    const missing = 'f'.repeat(40);
    const run = await pullRequest(repo, missing);
    const [warning] = warnings(run);
    expect(warning).toContain(
      `the confirmation could not run, so the first stage's verdict stands: the base build could not be prepared from the pull request's base fffffff: git fetch origin ${missing} failed`,
    );
    expect(warning).toContain('actions/checkout with fetch-depth: 0');
    expect(run.status).toBe(1);
    expect(existsSync(join(repo.state, 'log'))).toBe(false);
  });

  test('a failing confirm-setup leaves the first stage verdict, naming the build, and removes the worktree', async () => {
    const repo = repository();
    const run = await pullRequest(repo, repo.base, { 'confirm-setup': 'echo "no compiler here" >&2; exit 4' });
    expect(warnings(run)[0]).toContain(
      'the first stage\'s verdict stands: input "confirm-setup" failed in the base build',
    );
    expect(warnings(run)[0]).toContain('exit 4: no compiler here');
    expect(readdirSync(repo.runnerTemp)).toEqual([]);
  });
});

describe('the base commit of an event', () => {
  const sha = 'a1'.repeat(20);
  test('a pull request, a merge queue, a manual run', () => {
    expect(baseRefOf({ eventName: 'pull_request', event: { pull_request: { base: { sha } } } })).toEqual({
      ref: sha,
      what: "the pull request's base a1a1a1a",
    });
    expect(baseRefOf({ eventName: 'merge_group', event: { merge_group: { base_sha: sha } } })).toEqual({
      ref: sha,
      what: "the merge queue's base a1a1a1a",
    });
    expect(baseRefOf({ eventName: 'workflow_dispatch', event: {} })).toBeUndefined();
    expect(baseRefOf({ eventName: 'workflow_dispatch', event: {} }, 'v1.2')).toEqual({
      ref: 'v1.2',
      what: 'confirm-base-ref v1.2',
    });
    // What is not a commit id is not taken from the payload.
    expect(baseRefOf({ eventName: 'pull_request', event: { pull_request: { base: { sha: '$(rm -rf /)' } } } })).toBe(
      undefined,
    );
  });

  test('a shell word survives quotes: sh reads back the text as given', () => {
    const text = `it's "$HOME" \`x\` \\ ;|&`;
    expect(execFileSync('/bin/sh', ['-c', `printf %s ${shellWord(text)}`], { encoding: 'utf8' })).toBe(text);
  });
});
