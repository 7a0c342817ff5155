/**
 * The two-stage gate in the action (issue 35, item 3), run in process against a loopback GitHub: a baseline compare
 * flags BenchmarkC (×1.3) and BenchmarkE (×1.18) in one run each, then confirm-command reruns exactly those two in
 * A/B pairs with the synthetic Go benchmark of fixtures/confirm (low noise, a small cap, so each run takes about a
 * second). Confirmed fails, unconfirmed passes as "unconfirmed", and a confirmation that cannot run leaves the first
 * stage's verdict with a warning.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import {
  makeTempDir,
  pushEventEnv,
  removeTempDirs,
  repoRoot,
  type ActionInputs,
  type ActionRun,
} from './helpers/runner-action.js';
import { NO_ARTIFACT_SERVICE, runActionInProcess } from './helpers/action-in-process.js';
import { run } from '../src/action/main.js';
import type { CommandRun } from '../src/pipeline/confirm.js';
import { shellPorts } from '../src/pipeline/shell.js';
import { systemClock } from '../src/action/ports.js';
import { githubPortsOf } from './helpers/github-session.js';
import { EventEmitter } from 'node:events';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

const SCRIPT = join(repoRoot, 'fixtures', 'confirm', 'synthetic-bench.mjs');
const FIRST = join(repoRoot, 'fixtures', 'confirm', 'first-stage');
const TOKEN = 'ghs_confirmSECRET0123456789abcdefghij';
let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

/** A workspace that is the head build (with `slowdown`), a base build beside it, and the confirmation's command. */
function builds(slowdown: Record<string, number>, env: Record<string, string | number> = {}) {
  const workspace = makeTempDir('perfgate-confirm-ws-');
  const base = makeTempDir('perfgate-confirm-base-');
  const state = join(makeTempDir('perfgate-confirm-state-'), 'state');
  writeFileSync(join(workspace, 'slowdown.json'), JSON.stringify(slowdown));
  const vars = Object.entries({ SYNTH_NOISE: 0.02, SYNTH_BENCH_NOISE: 0.01, SYNTH_SEED: 5, ...env, SYNTH_STATE: state })
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const command = `${vars} node ${SCRIPT} --filter {filter} --output {output}`;
  return { workspace, base, state, command };
}

async function pullRequest(
  setup: ReturnType<typeof builds>,
  extra: ActionInputs = {},
  event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: 'ab'.repeat(20) }),
): Promise<{ run: ActionRun; body: string }> {
  fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
  const env = {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile(event),
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_API_URL: fake.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '77',
    GITHUB_JOB: 'gate',
    GITHUB_WORKFLOW_REF: 'octo/bench/.github/workflows/bench.yml@refs/pull/12/merge',
    PERFGATE_RETRY_BASE_MS: '1',
  };
  const run = await runActionInProcess(
    {
      results: join(FIRST, 'head.txt'),
      baseline: join(FIRST, 'base.txt'),
      'github-token': TOKEN,
      'upload-report': 'false',
      'confirm-command': setup.command,
      'confirm-base-dir': setup.base,
      'confirm-max-pairs': '8',
      ...extra,
    },
    { workspace: setup.workspace, env },
  );
  expect(fake.problems).toEqual([]);
  expect(fake.comments).toHaveLength(1);
  return { run, body: fake.comments[0]!.body };
}

/** Whether a process is running (a zombie, ended but not reaped by whoever adopted it, is not). */
function runningProcess(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
const ranBuilds = (state: string) =>
  readFileSync(join(state, 'log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[1]);

describe('action: the two-stage gate (confirm-command)', () => {
  test('confirmed: a real slowdown in head fails, and the comment shows both stages', async () => {
    const setup = builds({ BenchmarkC: 1.3 });
    const { run, body } = await pullRequest(setup);
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      confirmed: 'true',
      'confirm-pairs': '8',
      'comparisons-failed': '2',
    });
    expect(body).toMatch(/### ❌ 1 slower \(time\/op \+\d+ %\), confirmed by 8 A\/B pairs on this runner/);
    expect(body).toContain('**First stage:** ❌ 2 slower');
    // The shared-shift model (issue 45, item 6): the two flagged and four unflagged benchmarks as the run's reference,
    // one suite across them: K = 1.
    expect(body).toContain(
      "**Confirmation:** 8 A/B pairs of the base and head builds on this runner (order base, head, head, base, …; at most 8), the 2 flagged benchmarks and 4 more as the run's reference (BenchmarkA, BenchmarkB, BenchmarkD, BenchmarkF: the shared-shift model reads each pair's runner shift from all of them), 1 family decided at 99.5 % each (α/K: 0.5 % over K = 1,",
    );
    expect(body).toContain('Confirmed: BenchmarkC');
    expect(run.summary).toContain('**Confirmation:**');
    expect(body).toMatch(/^\*\*Time:\*\* \d+(\.\d)? min\.$/m);
    // The pairs ran in ABBA order, the base in its folder and the head in the workspace, the flagged two and the
    // run's reference.
    const order = ranBuilds(setup.state);
    expect(order.slice(0, 4)).toEqual([
      setup.base.split('/').pop(),
      setup.workspace.split('/').pop(),
      setup.workspace.split('/').pop(),
      setup.base.split('/').pop(),
    ]);
    const report = join(setup.workspace, 'perfgate-report');
    const confirmed = JSON.parse(readFileSync(join(report, 'confirm', 'comparison.json'), 'utf8')) as {
      subExperiments: { experimentType: string }[];
    };
    expect(confirmed.subExperiments.map((s) => s.experimentType).sort()).toEqual([
      'BenchmarkA',
      'BenchmarkB',
      'BenchmarkC',
      'BenchmarkD',
      'BenchmarkE',
      'BenchmarkF',
    ]);
    expect(existsSync(join(report, 'comparison.json'))).toBe(true);
    expect(run.stdout).toContain(
      '::error::perfgate: 1 benchmark confirmed worse by 8 A/B pairs on this runner: BenchmarkC',
    );
    // The Check: failure, a plain-text title, the confirmed rows annotated (not the first stage's two).
    const check = fake!.checks.runs[0]!;
    expect(check.conclusion).toBe('failure');
    expect(check.output?.title).toMatch(/^❌ 1 slower \(time\/op \+\d+ %\), confirmed by 8 A\/B pairs on this runner/);
    expect(check.annotations.length).toBeGreaterThan(0);
    for (const a of check.annotations) {
      expect(a.title).toBe('perfgate: BenchmarkC');
      expect(a.message).toMatch(/ \(confirmed by 8 A\/B pairs on this runner\)$/);
      expect(a.message).not.toContain(' at :');
    }
  });

  test('with the accept label the first stage accepts its failing rows: nothing to confirm, the job passes', async () => {
    const setup = builds({ BenchmarkC: 1.3 });
    const event = pullRequestEvent({
      owner: 'octo',
      repo: 'bench',
      number: 12,
      headSha: 'ab'.repeat(20),
      action: 'labeled',
    });
    const label = { name: 'perfgate-accept', description: 'Known' };
    event.label = label;
    event.pull_request.labels.push(label);
    const { run, body } = await pullRequest(setup, {}, event);
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-failed': '0', 'comparisons-accepted': '2' });
    // A threshold baseline gives no p-values: the screen takes failed rows only, and accepted ones are not failed.
    expect(run.stdout).toContain('the first stage flagged nothing: no confirmation');
    expect(existsSync(setup.state + '/log')).toBe(false);
    expect(body).toContain('accepted by the label **perfgate-accept**');
  });

  test('unconfirmed: the first stage flags noise, the pairs clear it: the job passes, shown as unconfirmed', async () => {
    const setup = builds({});
    const { run, body } = await pullRequest(setup, { 'confirm-max-minutes': '30' });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', confirmed: 'false', 'confirm-pairs': '8' });
    expect(body).toContain(
      '### ⚠️ 2 unconfirmed: flagged by the first stage, not confirmed by 8 A/B pairs on this runner',
    );
    expect(body).not.toMatch(/^### ✅/m);
    expect(body).toContain('**First stage:** ❌ 2 slower');
    expect(body).toContain('No flagged benchmark changed beyond the threshold in the pairs');
    // The time it took, of its budget (confirm-max-minutes), in the comment and the job summary.
    expect(body).toMatch(/^\*\*Time:\*\* \d+(\.\d)? min of 30 min \(the time budget\)\.$/m);
    expect(run.summary).toMatch(/\*\*Time:\*\* \d+(\.\d)? min of 30 min \(the time budget\)\./);
    // Decided by the pairs: nothing slower is left undecided, so the Check may pass.
    expect(fake!.checks.runs.map((r) => r.conclusion)).toEqual(['success']);
  });

  test('could not run: the command fails, the first stage stands with a warning naming why', async () => {
    const setup = builds({ BenchmarkC: 1.3 }, { SYNTH_FAIL_AT: 2 });
    const { run, body } = await pullRequest(setup);
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      confirmed: '',
      'confirm-pairs': '0',
      'comparisons-failed': '2',
    });
    const warning = warnings(run).find((m) => m.startsWith('perfgate: the confirmation could not run'));
    expect(warning).toContain('head run 1 failed: the command exited with status 3');
    expect(run.stdout).toContain('synthetic-bench: invocation 2 crashed on purpose');
    expect(body).toMatch(/### ❌ 2 slower .* · ⚠️ not confirmed: the confirmation could not run/);
    expect(body).toContain(
      "**Confirmation:** ⚠️ could not run, so the first stage's verdict stands: head run 1 failed",
    );
    expect(run.stdout).toContain('::error::perfgate: 2 of ');
  });

  test('a cancel (SIGINT, then SIGTERM) cuts the confirmation: its processes ended, the report and the Check say so', async () => {
    const setup = builds({ BenchmarkC: 1.3 });
    const pids = join(setup.state + '-pids');
    const signals = new EventEmitter();
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    const running = runActionInProcess(
      {
        results: join(FIRST, 'head.txt'),
        baseline: join(FIRST, 'base.txt'),
        'github-token': TOKEN,
        'upload-report': 'false',
        comment: 'never',
        charts: 'false',
        // The shell and a benchmark that would run for ever, each writing its pid.
        'confirm-command': `echo $$ >> ${pids}; sleep 1000 & echo $! >> ${pids}; wait`,
        'confirm-base-dir': setup.base,
      },
      {
        workspace: setup.workspace,
        env: {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: eventFile(
            pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: 'ab'.repeat(20) }),
          ),
          GITHUB_REPOSITORY: 'octo/bench',
          GITHUB_API_URL: fake.apiUrl,
          GITHUB_RUN_ID: '78',
          GITHUB_JOB: 'gate',
          PERFGATE_RETRY_BASE_MS: '1',
        },
        shell: shellPorts(signals),
      },
    );
    // Hang guard: the first run has started both processes.
    for (let i = 0; i < 1000 && (!existsSync(pids) || readFileSync(pids, 'utf8').trim().split('\n').length < 2); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started).toHaveLength(2);
    signals.emit('SIGINT');
    signals.emit('SIGTERM');
    const run = await running;
    expect(fake.problems).toEqual([]);
    // The first stage's verdict stands (2 slower), and every report says the confirmation was cut.
    expect(run.status).toBe(1);
    expect(warnings(run)).toContainEqual(
      expect.stringMatching(
        /^perfgate: the confirmation was cut, so the first stage's verdict stands: cut: perfgate was asked to stop \(SIGINT\) during base run 1/,
      ),
    );
    expect(run.summary).toContain("**Confirmation:** ⚠️ was cut, so the first stage's verdict stands");
    const check = fake.checks.runs[0]!;
    expect(check.conclusion).toBe('failure');
    expect(check.output?.title).toMatch(/· ⚠️ not confirmed: the confirmation was cut$/);
    // No process of the run is left: the shell and the benchmark both ended, and no other run started.
    // Asked again while any runs (a killed process ends in its own time), at most 200 times: a hang guard.
    let left = started.filter(runningProcess);
    for (let i = 0; i < 200 && left.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      left = left.filter(runningProcess);
    }
    expect(left).toEqual([]);
    expect(readFileSync(pids, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  test('nothing flagged: no confirmation runs, outputs say so', async () => {
    const setup = builds({});
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    const run = await runActionInProcess(
      {
        results: join(FIRST, 'base.txt'),
        baseline: join(FIRST, 'base.txt'),
        comment: 'never',
        'upload-report': 'false',
        'confirm-command': setup.command,
        'confirm-base-dir': setup.base,
      },
      { workspace: setup.workspace },
    );
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', confirmed: '', 'confirm-pairs': '0' });
    expect(existsSync(setup.state)).toBe(false);
  });

  test('the one pasted workflow: a push that records reads no confirm-*; a manual run naming no base compares only', async () => {
    const setup = builds({ BenchmarkC: 1.3 });
    const history = join(makeTempDir('perfgate-confirm-history-'), 'history');
    const inputs = { results: join(FIRST, 'head.txt'), 'upload-report': 'false', comment: 'never' };
    const push = await runActionInProcess(
      { ...inputs, 'record-history': history, 'confirm-command': setup.command, 'confirm-max-minutes': '20' },
      { workspace: setup.workspace, env: pushEventEnv(41, '2026-12-01T12:00:00Z') },
    );
    expect(push.status).toBe(0);
    expect(push.stdout).not.toContain('::warning::');
    expect(existsSync(history)).toBe(true);
    const manual = await runActionInProcess(
      { ...inputs, baseline: join(FIRST, 'base.txt'), 'confirm-command': setup.command },
      { workspace: setup.workspace, env: { GITHUB_EVENT_NAME: 'workflow_dispatch' } },
    );
    // The first stage's verdict: BenchmarkC ×1.3 and BenchmarkE ×1.18 against the baseline, unconfirmed.
    expect(manual.status).toBe(1);
    expect(manual.stdout).toContain(
      'perfgate: a workflow_dispatch run names no base commit: no confirmation (input "confirm-base-ref" names one)',
    );
    expect(existsSync(setup.state)).toBe(false);
  });

  test('the inputs: confirm-* needs a first stage, not paired; a base folder or a base commit, not both', async () => {
    const setup = builds({});
    const bad = async (inputs: ActionInputs) => {
      const r = await runActionInProcess(
        { results: join(FIRST, 'head.txt'), 'upload-report': 'false', comment: 'never', ...inputs },
        { workspace: setup.workspace },
      );
      expect(r.status).toBe(1);
      return r.commands.find((c) => c.command === 'error')!.message;
    };
    const requirements = join(repoRoot, 'fixtures', 'example', 'requirements.csv');
    expect(await bad({ requirements, 'confirm-command': setup.command, 'confirm-base-dir': setup.base })).toContain(
      'input "confirm-command" confirms what a first stage flagged; it needs input "history" or input "baseline"',
    );
    expect(await bad({ baseline: join(FIRST, 'base.txt'), 'confirm-setup': 'make' })).toContain(
      'input "confirm-setup" is for the confirmation; it needs input "confirm-command"',
    );
    expect(await bad({ baseline: join(FIRST, 'base.txt'), 'confirm-base-ref': 'main' })).toContain(
      'input "confirm-base-ref" is for the confirmation; it needs input "confirm-command"',
    );
    expect(
      await bad({
        baseline: join(FIRST, 'base.txt'),
        'confirm-command': setup.command,
        'confirm-base-dir': setup.base,
        'confirm-base-ref': 'main',
      }),
    ).toContain('with input "confirm-base-dir" the base build is given: give one of them');
    expect(await bad({ baseline: join(FIRST, 'base.txt'), 'confirm-base-dir': setup.base })).toContain(
      'input "confirm-base-dir" is for the confirmation; it needs input "confirm-command"',
    );
    expect(
      await bad({
        baseline: join(FIRST, 'base.txt'),
        'confirm-command': 'x',
        'confirm-base-dir': join(setup.base, 'nope'),
      }),
    ).toContain(`input "confirm-base-dir" ${join(setup.base, 'nope')} is not a folder`);
    expect(
      await bad({ baseline: FIRST, paired: 'true', 'confirm-command': 'x', 'confirm-base-dir': setup.base }),
    ).toContain('with input "paired: true" the first stage is already A/B pairs');
    expect(
      await bad({
        baseline: join(FIRST, 'base.txt'),
        'confirm-command': 'x',
        'confirm-base-dir': setup.base,
        'confirm-max-pairs': '1',
      }),
    ).toContain('input "confirm-max-pairs"');
  });

  test('the shell is a port: an in-process fake command drives the confirmation', async () => {
    const setup = builds({});
    const head = readFileSync(join(FIRST, 'head.txt'), 'utf8');
    const base = readFileSync(join(FIRST, 'base.txt'), 'utf8');
    const commands: string[] = [];
    const shell = {
      now: () => 0,
      run(command: string, cwd: string): CommandRun {
        commands.push(command);
        // {output} was replaced by a shell word: the run folder's `output` file.
        const output = /(\S+\/output)\b/.exec(command)![1]!;
        mkdirSync(join(output, '..'), { recursive: true });
        writeFileSync(output, cwd === setup.base ? base : head);
        return { status: 0, stdout: '', stderr: '' };
      },
    };
    const outputs: Record<string, string> = {};
    let failed = false;
    {
      const env: Record<string, string> = {
        INPUT_RESULTS: join(FIRST, 'head.txt'),
        INPUT_BASELINE: join(FIRST, 'base.txt'),
        INPUT_CHARTS: 'false',
        'INPUT_UPLOAD-REPORT': 'false',
        'INPUT_CONFIRM-COMMAND': 'bench --out {output} --run {filter}',
        'INPUT_CONFIRM-BASE-DIR': setup.base,
        'INPUT_CONFIRM-MAX-PAIRS': '8',
      };
      const quiet = () => undefined;
      await run({
        env,
        out: {
          info: quiet,
          notice: quiet,
          warning: quiet,
          error: quiet,
          startGroup: quiet,
          endGroup: quiet,
          setSecret: quiet,
          setOutput: (name, value) => (outputs[name] = String(value)),
          appendSummary: async () => undefined,
          fail: () => (failed = true),
        },
        clock: systemClock,
        shell,
        github: githubPortsOf(env),
        files: rootedFiles(setup.workspace),
        artifacts: NO_ARTIFACT_SERVICE,
      });
    }
    // Every pair measures the same ×1.3 and ×1.18: both confirmed at the one look of 8 pairs.
    expect(commands).toHaveLength(16);
    expect(commands[0]).toContain("--run '^(BenchmarkC|BenchmarkE|BenchmarkA|BenchmarkB|BenchmarkD|BenchmarkF)(/|$)'");
    expect(failed).toBe(true);
    expect(outputs).toMatchObject({ verdict: 'fail', confirmed: 'true', 'confirm-pairs': '8' });
  });
});
