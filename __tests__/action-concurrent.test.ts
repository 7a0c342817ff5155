/**
 * In-process runs at the same time, each in its own workspace: every relative path a run is given (its results,
 * requirements and report folder) is taken from its own workspace (its files port), never from this process's working
 * directory, which no run reads or changes. The action's runs against the example's golden reports, the CLI's against
 * its golden terminal text (golden.test.ts).
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runActionInProcess } from './helpers/action-in-process.js';
import { runCliInProcess } from './helpers/shared.js';
import { makeTempDir, removeTempDirs, repoRoot, type ActionRun } from './helpers/runner-action.js';

const example = join(repoRoot, 'fixtures', 'example');
/** The rows of a table in the CLI's golden report of the example (`perfgate check`): each result against its requirement. */
const goldenRows = (path: string) =>
  readFileSync(join(repoRoot, '__tests__', '__golden__', 'example', path), 'utf8')
    .split('\n')
    .filter((line) => /^\| \w/.test(line) && !line.startsWith('| Sub-experiment'));
/** A golden file of the example, as the CLI printed it. */
const goldenText = (path: string) => readFileSync(join(repoRoot, '__tests__', '__golden__', 'example', path), 'utf8');
/** The lines of the report.md a run wrote into `report/` of its workspace. */
const reportLines = (workspace: string) => readFileSync(join(workspace, 'report', 'report.md'), 'utf8').split('\n');

afterAll(removeTempDirs);

/** A workspace whose `results` folder holds `results` of the example, beside its requirements.csv. */
function workspace(results: 'results' | 'results-regression' | undefined): string {
  const dir = makeTempDir('perfgate-concurrent-');
  if (results !== undefined) cpSync(join(example, results), join(dir, 'results'), { recursive: true });
  cpSync(join(example, 'requirements.csv'), join(dir, 'requirements.csv'));
  return dir;
}

/** The same inputs for every run, all relative: what they name depends on the run's workspace alone. */
const INPUTS = {
  results: 'results',
  requirements: 'requirements.csv',
  'output-dir': 'report',
  comment: 'never',
  'upload-report': 'false',
};

const errors = (run: ActionRun) => run.commands.filter((c) => c.command === 'error').map((c) => c.message);

describe('in-process runs at the same time', () => {
  test('three workspaces, the same relative inputs: each run reads and writes its own', async () => {
    const [passing, failing, empty] = [workspace('results'), workspace('results-regression'), workspace(undefined)];
    // This process stands in the repository, which holds no `results` nor `requirements.csv`.
    const here = process.cwd();
    expect(existsSync(join(here, 'results'))).toBe(false);
    const runs = Promise.all([
      runActionInProcess(INPUTS, { workspace: passing }),
      runActionInProcess(INPUTS, { workspace: failing }),
      runActionInProcess(INPUTS, { workspace: empty }),
    ]);
    // Started, not yet finished: no run has made its workspace this process's working directory.
    expect(process.cwd()).toBe(here);
    const [pass, fail, missing] = await runs;
    expect(process.cwd()).toBe(here);

    // The example's results meet every requirement: 66 checks (2 sub-experiments × 11 payloads × 3 statistics).
    expect(pass.status).toBe(0);
    expect(pass.outputs).toMatchObject({ verdict: 'pass', 'checks-total': '66', 'checks-failed': '0' });
    expect(goldenRows('check/report.md')).toHaveLength(22);
    expect(reportLines(passing)).toEqual(expect.arrayContaining(goldenRows('check/report.md')));
    // The regression's intraprocess run misses 7 of them (golden report: 59 of 66 checks passed).
    expect(fail.status).toBe(1);
    expect(fail.outputs).toMatchObject({
      verdict: 'fail',
      'checks-total': '66',
      'checks-failed': '7',
      'failed-experiments': 'intraprocess_best_effort',
    });
    expect(goldenRows('check-regression/report.md')).toHaveLength(22);
    expect(reportLines(failing)).toEqual(expect.arrayContaining(goldenRows('check-regression/report.md')));
    // Its three failing rows: intraprocess at 4096, 8192 and 16384 B, over on the median and the 99th percentile.
    expect(reportLines(failing)).toContain(
      '| intraprocess\\_best\\_effort | 4096 | 1.200 | 1.117 | +7.431 % | ❌ | 1.475 | 1.289 | +14.430 % | ❌ | 5.571 | 6.877 | -18.991 % | ✅ |',
    );
    expect(reportLines(passing).join('\n')).not.toContain('❌');
    // Paths are named as given, relative, in the outputs of both.
    for (const run of [pass, fail])
      expect(run.outputs).toMatchObject({ 'report-dir': 'report', 'report-markdown': 'report/report.md' });
    // A workspace without results: its run finds none (the others' are not its), and says so naming the path as given.
    expect(missing.status).toBe(1);
    expect(errors(missing).join('\n')).toBe('perfgate: results: no such file or folder');
    expect(existsSync(join(empty, 'report', 'report.md'))).toBe(false);
  });

  test('two CLI runs, each in its own folder: the terminal text of the golden check, byte for byte', async () => {
    // Each folder holds only its own results, as the golden run's workspace holds both (golden.test.ts).
    const run = async (results: string, out: string) => {
      const cwd = makeTempDir('perfgate-concurrent-cli-');
      for (const path of [`fixtures/example/${results}`, 'fixtures/example/requirements.csv'])
        cpSync(join(repoRoot, path), join(cwd, path), { recursive: true });
      const args = ['check', '--results', `fixtures/example/${results}`];
      args.push('--requirements', 'fixtures/example/requirements.csv', '--output-dir', out);
      const { status, stdout, stderr } = await runCliInProcess(args, { cwd });
      return `$ perfgate ${args.join(' ')}\nexit code ${status}\n--- stdout\n${stdout}--- stderr\n${stderr}`;
    };
    const here = process.cwd();
    const [pass, fail] = await Promise.all([
      run('results', 'out-check'),
      run('results-regression', 'out-check-regression'),
    ]);
    expect(process.cwd()).toBe(here);
    expect(pass).toBe(goldenText('check/terminal.txt'));
    expect(fail).toBe(goldenText('check-regression/terminal.txt'));
  });
});
