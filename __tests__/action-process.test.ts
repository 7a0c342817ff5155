/**
 * The bundled action (dist/index.js) as the runner starts it: a process of its own, its exit
 * status, @actions/core's own files and commands, the environment it inherits. Every other action
 * test runs `run(ports)` in the test's process (helpers/action-in-process.ts); these runs keep the
 * bundle, the entry point (src/action/index.ts), the real @actions/core and the real shell honest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDirs, repoRoot, runAction, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

afterAll(removeTempDirs);

const example = join(repoRoot, 'fixtures', 'example');
const requirements = join(example, 'requirements.csv');
const errors = (run: ActionRun) => run.commands.filter((c) => c.command === 'error');
const DELIMITED = /^verdict<<ghadelimiter_[0-9a-f-]{36}\n(pass|fail)\nghadelimiter_[0-9a-f-]{36}\n/;

describe('dist/index.js as a process', () => {
  test('a passing gate: exit 0, outputs in the file-command form, the job summary written', () => {
    const run = runAction({ results: join(example, 'results'), requirements });
    expect(run.status).toBe(0);
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.outputFile).toMatch(DELIMITED);
    expect(run.outputs['verdict']).toBe('pass');
    expect(run.summary).toContain('### ✅ all 66 requirements met');
    expect(errors(run)).toEqual([]);
  });

  test('a failing gate: exit 1, error annotations, and the same outputs and summary as run(ports) gives', async () => {
    const inputs = { results: join(example, 'results-regression'), requirements };
    const run = runAction(inputs);
    expect(run.status).toBe(1);
    expect(run.outputFile).toMatch(DELIMITED);
    expect(run.outputs['verdict']).toBe('fail');
    expect(errors(run).length).toBeGreaterThan(0);
    // The in-process harness stands for this process in every other test: the same outputs, summary and commands.
    const inProcess = await runActionInProcess(inputs);
    expect(inProcess.status).toBe(run.status);
    expect(inProcess.outputs).toEqual({ ...run.outputs, 'report-dir': inProcess.outputs['report-dir'] });
    expect(inProcess.summary).toBe(run.summary);
    const commands = (r: ActionRun) =>
      r.commands.filter((c) => c.command !== 'stop-commands' && !/^[0-9a-f-]{36}$/.test(c.command));
    expect(commands(inProcess)).toEqual(commands(run));
  });

  test('a bad input file: exit 1, one annotation at its file, line and column, no stack trace', () => {
    const dir = makeTempDir();
    const bad = join(dir, 'requirements.csv');
    writeFileSync(bad, readFileSync(requirements, 'utf8').replace(/\n([^\n]*),([^,\n]*)\n/, '\n$1,abc\n'));
    const run = runAction({ results: join(example, 'results'), requirements: bad });
    expect(run.status).toBe(1);
    const [error] = errors(run);
    expect(error?.properties['file']).toBe(bad);
    expect(Number(error?.properties['line'])).toBeGreaterThan(1);
    expect(error?.properties['col']).toBeDefined();
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  });

  test('an invalid input value: exit 1 with the input named', () => {
    const run = runAction({ results: join(example, 'results'), requirements, 'fail-on-regression': 'maybe' });
    expect(run.status).toBe(1);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toContain('fail-on-regression');
  });

  test('the token is masked before anything else is printed', () => {
    const run = runAction({ results: join(example, 'results'), requirements, 'github-token': 'ghs_processSECRET0123' });
    expect(run.status).toBe(0);
    expect(run.commands[0]).toMatchObject({ command: 'add-mask', message: 'ghs_processSECRET0123' });
  });

  test('off a runner (no GITHUB_STEP_SUMMARY): the log says so and the gate still decides', () => {
    const run = runAction({ results: join(example, 'results'), requirements }, { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('GITHUB_STEP_SUMMARY is not set: no job summary written');
  });

  test('charts: the bundle draws them (its PNG worker and assets load from dist/)', () => {
    const run = runAction({ results: join(example, 'results'), requirements, charts: 'true', 'chart-png': 'true' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.summary).toContain('```mermaid');
    expect(readFileSync(join(run.workspace, 'perfgate-report', 'report.html'), 'utf8')).toContain('<html');
    expect(run.stdout).toMatch(/\d+ chart\(s\), \d+ file\(s\)/);
  });

  test('the two-stage gate: the bundle spawns the benchmark command and the pairs confirm the regression', () => {
    const workspace = makeTempDir();
    const base = makeTempDir();
    const state = join(makeTempDir(), 'state');
    writeFileSync(join(workspace, 'slowdown.json'), JSON.stringify({ BenchmarkC: 1.3 }));
    const script = join(repoRoot, 'fixtures', 'confirm', 'synthetic-bench.mjs');
    const first = join(repoRoot, 'fixtures', 'confirm', 'first-stage');
    const vars = `SYNTH_NOISE=0.02 SYNTH_BENCH_NOISE=0.01 SYNTH_SEED=5 SYNTH_STATE=${state}`;
    const run = runAction(
      {
        results: join(first, 'head.txt'),
        baseline: join(first, 'base.txt'),
        'confirm-command': `${vars} node ${script} --filter {filter} --output {output}`,
        'confirm-base-dir': base,
        'confirm-max-pairs': '8',
      },
      { workspace },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.outputs).toMatchObject({ verdict: 'fail', confirmed: 'true' });
    expect(Number(run.outputs['confirm-pairs'])).toBeGreaterThanOrEqual(2);
    expect(readFileSync(join(state, 'log'), 'utf8').trim().split('\n').length).toBe(
      2 * Number(run.outputs['confirm-pairs']),
    );
  });

  test('mode: comment outside a workflow_run event: exit 1, said plainly', () => {
    const run = runAction({ mode: 'comment', 'github-token': 'ghs_x0123' });
    expect(run.status).toBe(1);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toContain('workflow_run');
  });
});
