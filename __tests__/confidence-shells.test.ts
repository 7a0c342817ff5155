/**
 * `--confidence` / input `confidence` as the shells meet it (the CLI and the action, each in process): 0.5 is refused
 * with one usage error before any file is read, in every mode, on a one-parameter experiment (where the
 * engine's own assertion once turned it into exit 3); and a comparison against one reference run, which has
 * no use for a confidence, says it ignores one instead of dropping it unseen.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDirs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { runCliInProcess, type CliRun } from './helpers/shared.js';
import { writeOneBenchmark } from './helpers/synthetic-runs.js';

/** The CLI in this process, in `cwd` (the option parsing and the engine are what is tested, not the bundle). */
function runCli(args: string[], cwd: string): Promise<CliRun> {
  return runCliInProcess(args, { cwd });
}

const root = makeTempDir('perfgate-confidence-shells-');
const history = join(root, 'history');
[100, 103, 98, 101, 99].forEach((ns, i) => writeOneBenchmark(join(history, `r${i + 1}`), ns));
const results = join(root, 'results');
writeOneBenchmark(results, 101);
// A/B pairs: one folder of run folders per side.
const base = join(root, 'base');
const head = join(root, 'head');
[100, 102, 99].forEach((ns, i) => {
  writeOneBenchmark(join(base, `r${i + 1}`), ns);
  writeOneBenchmark(join(head, `r${i + 1}`), ns + 1);
});
const requirements = join(root, 'requirements.csv');
writeFileSync(requirements, 'Experiment type,Bytes,Median\n');

afterAll(removeTempDirs);

const REFUSED_FLAG = '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "0.5"';
const REFUSED_INPUT = 'input "confidence" must be a probability above 0.5 and below 1, such as 0.99; got "0.5"';
const IGNORED =
  'confidence 0.9 is ignored: against one reference run the verdict is the threshold alone; confidence applies to a history or to A/B pairs';

describe('perfgate compare --confidence 0.5 on a one-parameter experiment', () => {
  test.each([
    ['threshold', ['--reference', join(history, 'r5'), '--results', results]],
    ['history', ['--history', history, '--results', results, '--no-environment-check']],
    ['paired', ['--paired', '--reference', base, '--results', head]],
  ])('%s: exit 2, one line naming the flag, nothing written', async (mode, flags) => {
    const out = join(root, `cli-${mode}`);
    const run = await runCli(['compare', ...flags, '--confidence', '0.5', '-o', out], root);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`perfgate: error: ${REFUSED_FLAG}\n`);
    expect(run.stdout).toBe('');
    // Refused before any work: no report folder.
    expect(existsSync(out)).toBe(false);
  });

  test('check takes no confidence: an unknown option, exit 2', async () => {
    const run = await runCli(
      ['check', '--results', results, '--requirements', requirements, '--confidence', '0.5', '-o', join(root, 'c')],
      root,
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("perfgate: error: check: unknown option '--confidence' (see perfgate check --help)\n");
  });
});

describe('the action with input confidence: 0.5 on a one-parameter experiment', () => {
  test.each([
    ['check', { results, requirements }],
    ['threshold', { results, baseline: join(history, 'r5') }],
    ['history', { results, history }],
    ['paired', { results: head, baseline: base, paired: 'true' }],
  ])('%s: the step fails with the input named, no internal error', async (_mode, inputs) => {
    const run = await runActionInProcess({ ...inputs, confidence: '0.5' });
    expect(run.status).toBe(1);
    // One error annotation, and it is the usage error (an engine assertion would read "internal error: RangeError").
    expect(run.commands.filter((c) => c.command === 'error').map((c) => c.message)).toEqual([
      `perfgate: ${REFUSED_INPUT}`,
    ]);
    expect(run.stdout).not.toContain('internal error');
    expect(run.stdout).not.toContain('RangeError');
    // Refused while reading the inputs: nothing was judged, so no verdict output.
    expect(run.outputs['verdict']).toBeUndefined();
  });
});

describe('a confidence with one reference run is ignored, and said to be', () => {
  test('perfgate compare --reference: one warning line on stderr, the verdict unchanged', async () => {
    const out = join(root, 'cli-ignored');
    const run = await runCli(
      ['compare', '--reference', join(history, 'r5'), '--results', results, '--confidence', '0.9', '-o', out],
      root,
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(`perfgate: warning: ${IGNORED}\n`);
    const plain = await runCli(
      ['compare', '--reference', join(history, 'r5'), '--results', results, '-o', join(root, 'cli-plain')],
      root,
    );
    expect(plain.stderr).toBe('');
    expect(plain.status).toBe(0);
  });

  test('perfgate compare --history and --paired use it: no warning', async () => {
    const withHistory = await runCli(
      ['compare', '--history', history, '--results', results, '--no-environment-check', '--confidence', '0.9'],
      root,
    );
    expect(withHistory.stderr).not.toContain('ignored');
    expect(withHistory.stdout).toContain('false alarms ≤ 10 % for the whole comparison');
    const paired = await runCli(
      ['compare', '--paired', '--reference', base, '--results', head, '--confidence', '0.9', '-o', join(root, 'p')],
      root,
    );
    expect(paired.stderr).not.toContain('ignored');
  });

  test('the action with input baseline: one warning annotation', async () => {
    const run = await runActionInProcess({ results, baseline: join(history, 'r5'), confidence: '0.9' });
    expect(run.status).toBe(0);
    const warnings = run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
    expect(warnings).toEqual([IGNORED]);
    const plain = await runActionInProcess({ results, baseline: join(history, 'r5') });
    expect(plain.commands.filter((c) => c.command === 'warning')).toEqual([]);
  });
});
