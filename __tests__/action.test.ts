/**
 * The bundled action (dist/index.js) run exactly as the GitHub runner runs it: a new Node process
 * in the workspace, inputs as INPUT_<NAME> variables, outputs and job summary read back from the
 * GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files. Run `npm run build` first.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  describeWithShared,
  fastddsDir,
  makeTempDir,
  parseGithubOutput,
  parseWorkflowCommands,
  readTree,
  removeTempDirs,
  type ActionRun,
} from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

const SUMMARY_HEADER = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%';
const REQUIREMENTS_HEADER = 'Experiment type,Bytes,Median,99%,Max';
const CHECKS_HEADER = 'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status';

const checkDir = join(fastddsDir, 'check');
const checkRequirements = join(checkDir, 'requirements.csv');
const rawDir = join(fastddsDir, 'raw');
const FAILED_TYPES = 'interprocess_best_effort,intraprocess_best_effort';

// ---------------------------------------------------------------------------------------------
// Small own data: one passing sub-experiment (and a second one for multi-pattern inputs).

/** Writes `measurements_demo_type_summary.csv`, `measurements_other_type_summary.csv` and a requirements CSV. */
function writeDemo(dir: string): { results: string; demoSummary: string; otherSummary: string; requirements: string } {
  const results = join(dir, 'results');
  mkdirSync(results, { recursive: true });
  const demoSummary = join(results, 'measurements_demo_type_summary.csv');
  writeFileSync(
    demoSummary,
    `${SUMMARY_HEADER}\n` +
      '16,1000,50.000,2.000,3.100,3.000,0.500,0.200,40.000,3.500,8.000,45.000\n' +
      '1024,1000,60.000,2.500,3.600,3.500,0.600,0.250,45.000,4.000,9.000,55.000\n',
  );
  const otherSummary = join(results, 'measurements_other_type_summary.csv');
  writeFileSync(
    otherSummary,
    `${SUMMARY_HEADER}\n64,500,20.000,1.000,1.500,1.400,0.300,0.100,15.000,1.800,5.000,18.000\n`,
  );
  const requirements = join(dir, 'requirements.csv');
  writeFileSync(
    requirements,
    `${REQUIREMENTS_HEADER}\n` +
      'demo_type,16,4.000,10.000,70.000\n' +
      'demo_type,1024,4.500,11.000,80.000\n' +
      'other_type,64,2.000,6.000,25.000\n',
  );
  return { results, demoSummary, otherSummary, requirements };
}

/** The requirements of the demo only (no other_type), so a run with just the demo summary has no warnings. */
function writeDemoOnlyRequirements(dir: string): string {
  const path = join(dir, 'requirements-demo.csv');
  writeFileSync(path, `${REQUIREMENTS_HEADER}\ndemo_type,16,4.000,10.000,70.000\ndemo_type,1024,4.500,11.000,80.000\n`);
  return path;
}

// ---------------------------------------------------------------------------------------------
// Assertion helpers.

const errors = (run: ActionRun) => run.commands.filter((c) => c.command === 'error');
const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning');

/** No JavaScript stack trace anywhere, raw or escaped into a workflow command (%0A). */
function expectNoStackTrace(run: ActionRun): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toMatch(/(^|\n|%0A) {4}at /);
    expect(text).not.toContain('internal error');
  }
}

/** Every ::group:: is closed, and groups do not nest. */
function expectBalancedGroups(run: ActionRun): string[] {
  const titles: string[] = [];
  let open = false;
  for (const c of run.commands) {
    if (c.command === 'group') {
      expect(open).toBe(false);
      open = true;
      titles.push(c.message);
    } else if (c.command === 'endgroup') {
      expect(open).toBe(true);
      open = false;
    }
  }
  expect(open).toBe(false);
  return titles;
}

function reportDirOf(run: ActionRun): string {
  const dir = run.outputs['report-dir'];
  expect(dir).toBeTruthy();
  return resolve(run.workspace, dir!);
}

function expectSameFile(actual: string, expected: string): void {
  expect(existsSync(actual)).toBe(true);
  // Byte-identical; compared as text first for a readable diff.
  expect(readFileSync(actual, 'utf8')).toBe(readFileSync(expected, 'utf8'));
  expect(readFileSync(actual).equals(readFileSync(expected))).toBe(true);
}

/** The job summary holds the Markdown report (core.summary adds one line end). */
function expectSummaryIsReport(run: ActionRun, reportMd: string): void {
  const markdown = readFileSync(reportMd, 'utf8');
  expect(markdown.length).toBeGreaterThan(0);
  expect(run.summary.startsWith(markdown)).toBe(true);
  expect(run.summary.slice(markdown.length)).toMatch(/^\r?\n?$/);
}

/**
 * An input error: exit 1, an ::error::, no outputs, no report folder, a job summary that says the
 * gate errored (and holds no report that could pass for this run's), no stack trace.
 */
function expectInputError(run: ActionRun): void {
  expect(run.status).toBe(1);
  expect(errors(run).length).toBeGreaterThan(0);
  expect(run.outputs['verdict']).toBeUndefined();
  expect(existsSync(join(run.workspace, 'perfgate-report'))).toBe(false);
  expect(
    run.summary.startsWith('### ⚠️ perfgate errored: nothing was gated\n\nThe run stopped before a verdict: '),
  ).toBe(true);
  expect(run.summary).not.toMatch(/✅|❌|\| Sub-experiment/);
  expectNoStackTrace(run);
}

afterAll(removeTempDirs);

// ---------------------------------------------------------------------------------------------

describe('test helpers', () => {
  test('GITHUB_OUTPUT parser: heredoc blocks, empty and multi-line values, name=value lines', async () => {
    const text =
      'verdict<<ghadelimiter_0b7e1b2e-7c2a-4d9e-9a55-0f4d4b0e6a01\nfail\nghadelimiter_0b7e1b2e-7c2a-4d9e-9a55-0f4d4b0e6a01\n' +
      'empty<<ghadelimiter_1\n\nghadelimiter_1\n' +
      'multi<<EOF\na\nb=c\nEOF\n' +
      'plain=x=y\n';
    expect(parseGithubOutput(text)).toEqual({ verdict: 'fail', empty: '', multi: 'a\nb=c', plain: 'x=y' });
    expect(() => parseGithubOutput('name<<EOF\nvalue\n')).toThrow(/no closing delimiter/);
    expect(() => parseGithubOutput('garbage\n')).toThrow(/malformed/);
  });

  test('workflow command parser unescapes properties and messages', async () => {
    expect(
      parseWorkflowCommands('log\n::error title=a%3A b,file=x%2Cy.csv,line=3,col=6::50%25%0Anext\n::endgroup::\n'),
    ).toEqual([
      { command: 'error', properties: { title: 'a: b', file: 'x,y.csv', line: '3', col: '6' }, message: '50%\nnext' },
      { command: 'endgroup', properties: {}, message: '' },
    ]);
  });
  test('workflow command parser finds commands like the runner: indented, legacy ##[…], not after stop-commands', async () => {
    const stdout =
      '   ::warning::indented\nx ##[error]legacy\n::stop-commands::tok\n::error::ignored\n::tok::\n::notice::after\n';
    expect(parseWorkflowCommands(stdout).map((c) => `${c.command}:${c.message}`)).toEqual([
      'warning:indented',
      'error:legacy',
      'stop-commands:tok',
      'notice:after',
    ]);
  });
});

describeWithShared('action on the reference check fixture', () => {
  test('a failed gate: exit 1, outputs, report files identical to the reference, job summary, annotations', async () => {
    const run = await runActionInProcess({ results: checkDir, requirements: checkRequirements });

    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    // @actions/core's file-command form, with its random delimiters.
    expect(run.outputFile).toMatch(/^verdict<<ghadelimiter_[0-9a-f-]{36}\nfail\nghadelimiter_[0-9a-f-]{36}\n/);
    expect(run.outputs).toEqual({
      verdict: 'fail',
      'checks-total': '66',
      'checks-failed': '21',
      'failed-experiments': FAILED_TYPES,
      'report-dir': 'perfgate-report',
      'report-markdown': join('perfgate-report', 'report.md'),
    });

    const reportDir = reportDirOf(run);
    expect(reportDir).toBe(join(run.workspace, 'perfgate-report'));
    expect(readdirSync(reportDir).sort()).toEqual([
      'checks_interprocess_best_effort.csv',
      'checks_intraprocess_best_effort.csv',
      'report.json',
      'report.md',
    ]);
    for (const name of readdirSync(join(checkDir, 'expected')))
      expectSameFile(join(reportDir, name), join(checkDir, 'expected', name));

    const reportMd = resolve(run.workspace, run.outputs['report-markdown']!);
    expect(reportMd).toBe(join(reportDir, 'report.md'));
    expectSummaryIsReport(run, reportMd);
    expect(run.summary).toMatch(/^### ❌ 21 of 66 requirements over their limit\n/);
    expect(run.summary).toContain(
      '<summary>Requirements: 45 of 66 checks passed, 2 of 2 sub-experiments failed</summary>',
    );

    const json = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'));
    expect(json).toMatchObject({
      verdict: 'fail',
      checksTotal: 66,
      checksFailed: 21,
      failedExperiments: FAILED_TYPES.split(','),
    });

    // core.setFailed: one unplaced ::error:: naming the count and the sub-experiments.
    const unplaced = errors(run).filter((e) => e.properties['file'] === undefined);
    expect(unplaced).toHaveLength(1);
    expect(unplaced[0]!.message).toBe(
      'perfgate: 21 of 66 checks failed in interprocess_best_effort, intraprocess_best_effort',
    );
    expect(run.stdout).toContain('::error::perfgate: 21 of 66 checks failed');
    // Then one annotation per failed check, at most 10, at the payload's line of the summary file:
    // the failing Max rows of interprocess_best_effort (every payload but 64, on line 4).
    const placed = errors(run).filter((e) => e.properties['file'] !== undefined);
    expect(placed).toHaveLength(10);
    const summaryFile = join(checkDir, 'measurements_interprocess_best_effort_summary.csv');
    expect(
      placed.every(
        (e) => e.properties['file'] === summaryFile && e.properties['title'] === 'perfgate: interprocess_best_effort',
      ),
    ).toBe(true);
    expect(placed.map((e) => e.properties['line'])).toEqual(['2', '3', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(placed[0]!.message).toBe('Max at 16 B: 122.599 µs is 11.111 % over the requirement of 110.339 µs');
    expect(warnings(run)).toEqual([]);
    const groups = expectBalancedGroups(run);
    expect(groups).toEqual(['Finding and reading result files', 'Checking against requirements', 'Writing reports']);
    expect(run.stdout).toContain('::group::');
    expect(run.stdout).toMatch(/^perfgate: FAIL: 45 of 66 checks passed, 2 of 2 sub-experiments failed$/m);
    expectNoStackTrace(run);
  });

  test('fail-on-regression: false reports the failed verdict but exits 0 with a warning', async () => {
    const run = await runActionInProcess({
      results: checkDir,
      requirements: checkRequirements,
      'fail-on-regression': 'false',
    });

    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'checks-total': '66',
      'checks-failed': '21',
      'failed-experiments': FAILED_TYPES,
    });
    expect(errors(run)).toEqual([]);
    // The verdict as one warning, and the annotations as warnings too: they do not fail the job.
    expect(
      warnings(run)
        .filter((w) => w.properties['file'] === undefined)
        .map((w) => w.message),
    ).toEqual([
      'perfgate: 21 of 66 checks failed in interprocess_best_effort, intraprocess_best_effort (fail-on-regression is false)',
    ]);
    expect(warnings(run).filter((w) => w.properties['file'] !== undefined)).toHaveLength(10);
    expect(run.stdout).toMatch(/^::warning::/m);
    const reportDir = reportDirOf(run);
    for (const name of readdirSync(join(checkDir, 'expected')))
      expectSameFile(join(reportDir, name), join(checkDir, 'expected', name));
    expectSummaryIsReport(run, join(reportDir, 'report.md'));
    expectNoStackTrace(run);
  });

  test.each(['true', 'True', 'TRUE'])('fail-on-regression: %s fails the job', async (value) => {
    const run = await runActionInProcess({
      results: checkDir,
      requirements: checkRequirements,
      'fail-on-regression': value,
    });
    expect(run.status).toBe(1);
    expect(run.outputs['verdict']).toBe('fail');
  });

  test('output-dir is honoured, relative to the workspace, and given back in report-dir', async () => {
    const run = await runActionInProcess({
      results: checkDir,
      requirements: checkRequirements,
      'output-dir': 'out/perf',
    });
    expect(run.status).toBe(1);
    expect(run.outputs['report-dir']).toBe('out/perf');
    expect(run.outputs['report-markdown']).toBe(join('out/perf', 'report.md'));
    expect(readdirSync(join(run.workspace, 'out', 'perf'))).toContain('report.md');
    expect(existsSync(join(run.workspace, 'perfgate-report'))).toBe(false);
  });
});

describeWithShared('action on raw measurement files', () => {
  test.each(['precise', 'legacy'] as const)(
    'float-parse %s: raw files are summarised into the report folder like the reference',
    async (mode) => {
      const run = await runActionInProcess({ results: rawDir, requirements: checkRequirements, 'float-parse': mode });

      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(run.outputs).toMatchObject({
        verdict: 'fail',
        'checks-total': '66',
        'checks-failed': '21',
        'failed-experiments': FAILED_TYPES,
      });
      const reportDir = reportDirOf(run);
      const expectedSummaries = join(fastddsDir, 'expected', `summary-${mode}`);
      const summaryNames = readdirSync(expectedSummaries).sort();
      expect(summaryNames).toEqual([
        'measurements_interprocess_best_effort_summary.csv',
        'measurements_intraprocess_best_effort_summary.csv',
      ]);
      expect(readdirSync(reportDir).sort()).toEqual(
        [
          'checks_interprocess_best_effort.csv',
          'checks_intraprocess_best_effort.csv',
          ...summaryNames,
          'report.json',
          'report.md',
        ].sort(),
      );
      for (const name of summaryNames) expectSameFile(join(reportDir, name), join(expectedSummaries, name));
      // The reference check ran on the precise summaries; the checked magnitudes agree in both modes.
      for (const name of readdirSync(join(checkDir, 'expected')))
        expectSameFile(join(reportDir, name), join(checkDir, 'expected', name));
      expectSummaryIsReport(run, join(reportDir, 'report.md'));
      expectNoStackTrace(run);
    },
  );

  test('the default float-parse is precise', async () => {
    const run = await runActionInProcess({ results: rawDir, requirements: checkRequirements });
    const expectedSummaries = join(fastddsDir, 'expected', 'summary-precise');
    for (const name of readdirSync(expectedSummaries))
      expectSameFile(join(reportDirOf(run), name), join(expectedSummaries, name));
  });
});

describe('action on a passing result', () => {
  test('exit 0, verdict pass, no annotations, check report written', async () => {
    const dir = makeTempDir();
    const { demoSummary } = writeDemo(dir);
    const requirements = writeDemoOnlyRequirements(dir);
    const run = await runActionInProcess({ results: demoSummary, requirements });

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.outputs).toEqual({
      verdict: 'pass',
      'checks-total': '6',
      'checks-failed': '0',
      'failed-experiments': '',
      'report-dir': 'perfgate-report',
      'report-markdown': join('perfgate-report', 'report.md'),
    });
    expect(errors(run)).toEqual([]);
    expect(warnings(run)).toEqual([]);
    expectBalancedGroups(run);

    const reportDir = reportDirOf(run);
    expect(readdirSync(reportDir).sort()).toEqual(['checks_demo_type.csv', 'report.json', 'report.md']);
    expect(readFileSync(join(reportDir, 'checks_demo_type.csv'), 'utf8')).toBe(
      `${CHECKS_HEADER}\n` +
        'Median,16,4.000,3.000,1.000,-25.000,passed\n' +
        'Median,1024,4.500,3.500,1.000,-22.222,passed\n' +
        '99%,16,10.000,8.000,2.000,-20.000,passed\n' +
        '99%,1024,11.000,9.000,2.000,-18.182,passed\n' +
        'Max,16,70.000,50.000,20.000,-28.571,passed\n' +
        'Max,1024,80.000,60.000,20.000,-25.000,passed\n',
    );
    expectSummaryIsReport(run, join(reportDir, 'report.md'));
    expect(run.summary).toMatch(/^### ✅ /);
    expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({
      verdict: 'pass',
      checksTotal: 6,
      checksFailed: 0,
      failedExperiments: [],
    });
    expect(run.stdout).toMatch(/^perfgate: PASS: /m);
    expectNoStackTrace(run);
  });

  test('results and requirements relative to the workspace, as in a checked-out repository', async () => {
    const workspace = makeTempDir();
    writeDemo(workspace);
    writeDemoOnlyRequirements(workspace);
    const run = await runActionInProcess(
      { results: 'results/measurements_demo_type_summary.csv', requirements: 'requirements-demo.csv' },
      { workspace },
    );
    expect(run.status).toBe(0);
    expect(run.outputs['verdict']).toBe('pass');
    expect(readdirSync(join(workspace, 'perfgate-report'))).toContain('checks_demo_type.csv');
  });
});

describe('invalid inputs: exit 1 with a clear ::error::, never a stack trace', () => {
  let demo: ReturnType<typeof writeDemo>;
  beforeAll(() => {
    demo = writeDemo(makeTempDir());
  });

  test('float-parse: fast names the input and the allowed values', async () => {
    const run = await runActionInProcess({
      results: demo.results,
      requirements: demo.requirements,
      'float-parse': 'fast',
    });
    expectInputError(run);
    const message = errors(run)
      .map((e) => e.message)
      .join('\n');
    expect(message).toContain('float-parse');
    expect(message).toContain('precise');
    expect(message).toContain('legacy');
    expect(message).toContain('"fast"');
  });

  test('fail-on-regression: maybe names the input and the allowed values', async () => {
    const run = await runActionInProcess({
      results: demo.results,
      requirements: demo.requirements,
      'fail-on-regression': 'maybe',
    });
    expectInputError(run);
    const message = errors(run)
      .map((e) => e.message)
      .join('\n');
    expect(message).toContain('fail-on-regression');
    expect(message).toMatch(/\btrue\b/);
    expect(message).toMatch(/\bfalse\b/);
    expect(message).toContain('"maybe"');
  });

  test('a missing requirements file is named, and annotated on that file', async () => {
    const missing = join(makeTempDir(), 'no-such-requirements.csv');
    const run = await runActionInProcess({ results: demo.results, requirements: missing });
    expectInputError(run);
    expect(errors(run).some((e) => e.message.includes(missing))).toBe(true);
    expect(errors(run).some((e) => e.properties['file'] === missing)).toBe(true);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/no such file/);
  });

  test('a malformed requirements row gives a file/line/col annotation', async () => {
    const dir = makeTempDir();
    const requirements = join(dir, 'requirements.csv');
    writeFileSync(
      requirements,
      `${REQUIREMENTS_HEADER}\ndemo_type,16,4.000,10.000,70.000\ndemo_type,abc,4.500,11.000,80.000\n`,
    );
    const run = await runActionInProcess({ results: demo.demoSummary, requirements });
    expectInputError(run);
    const annotation = errors(run).find((e) => e.properties['file'] !== undefined);
    expect(annotation).toBeDefined();
    expect(annotation!.properties).toMatchObject({ file: requirements, line: '3', col: '11' });
    expect(annotation!.message).toContain('Bytes');
    expect(annotation!.message).toContain('"abc"');
  });

  test('a malformed number in a limit column points at that cell', async () => {
    const dir = makeTempDir();
    const requirements = join(dir, 'requirements.csv');
    writeFileSync(requirements, `${REQUIREMENTS_HEADER}\ndemo_type,16,4.000,ten,70.000\n`);
    const run = await runActionInProcess({ results: demo.demoSummary, requirements });
    expectInputError(run);
    const annotation = errors(run).find((e) => e.properties['file'] === requirements);
    expect(annotation?.properties).toMatchObject({ line: '2', col: '20' });
    expect(annotation?.message).toContain('99%');
  });

  test('results that match nothing are named', async () => {
    const pattern = join(makeTempDir(), 'measurements_*_summary.csv');
    const run = await runActionInProcess({ results: pattern, requirements: demo.requirements });
    expectInputError(run);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toContain(pattern);
  });

  test('an empty results input says it is required', async () => {
    const run = await runActionInProcess({ results: ' \n , \n', requirements: demo.requirements });
    expectInputError(run);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/"results" is required/);
  });

  test('an output-dir that is an existing file is a user error naming it, not an internal error', async () => {
    const workspace = makeTempDir();
    writeFileSync(join(workspace, 'report-file'), 'not a folder\n');
    const run = await runActionInProcess(
      {
        results: demo.demoSummary,
        requirements: writeDemoOnlyRequirements(makeTempDir()),
        'output-dir': 'report-file',
      },
      { workspace },
    );
    expect(run.status).toBe(1);
    const message = errors(run)
      .map((e) => e.message)
      .join('\n');
    expect(message).toContain('report-file');
    expectNoStackTrace(run);
  });
});

describe('multi-pattern results input', () => {
  let demo: ReturnType<typeof writeDemo>;
  beforeAll(() => {
    demo = writeDemo(makeTempDir());
  });

  test.each([
    ['two lines', (a: string, b: string) => `${a}\n${b}`],
    ['two lines as a YAML block scalar (trailing newline, blank line)', (a: string, b: string) => `${a}\n\n${b}\n`],
    ['comma-separated', (a: string, b: string) => `${a},${b}`],
    ['comma and space', (a: string, b: string) => `${a}, ${b}`],
  ])('own data, %s', async (_name, join2) => {
    const run = await runActionInProcess({
      results: join2(demo.demoSummary, demo.otherSummary),
      requirements: demo.requirements,
    });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'checks-total': '9', 'checks-failed': '0' });
    expect(readdirSync(reportDirOf(run)).sort()).toEqual([
      'checks_demo_type.csv',
      'checks_other_type.csv',
      'report.json',
      'report.md',
    ]);
    expect(warnings(run)).toEqual([]);
  });

  test('one pattern: the other sub-experiment, required but not in the results, fails the check', async () => {
    const run = await runActionInProcess({ results: demo.demoSummary, requirements: demo.requirements });
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'checks-total': '9',
      'checks-failed': '3',
      'failed-experiments': 'other_type',
    });
    // One annotation for the sub-experiment, not one per Median, 99% and Max.
    expect(
      errors(run)
        .filter((e) => e.message.includes('not in the results'))
        .map((e) => [e.properties['title'], e.message]),
    ).toEqual([['perfgate: other_type', 'required (requirements.csv line 4) but not in the results']]);
    expect(warnings(run)).toEqual([]);
    // The reference writes no checks file for a sub-experiment it has no summary of; neither does perfgate.
    expect(readdirSync(reportDirOf(run)).sort()).toEqual(['checks_demo_type.csv', 'report.json', 'report.md']);
  });

  test('one pattern: the other sub-experiment marked Optional is skipped, said in the log, not warned about', async () => {
    const requirements = join(makeTempDir(), 'requirements.csv');
    writeFileSync(
      requirements,
      `${REQUIREMENTS_HEADER},Optional\ndemo_type,16,4.000,10.000,70.000,\ndemo_type,1024,4.500,11.000,80.000,no\nother_type,64,2.000,6.000,25.000,yes\n`,
    );
    const run = await runActionInProcess({ results: demo.demoSummary, requirements });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'checks-total': '6' });
    expect(warnings(run)).toEqual([]);
    expect(run.stdout).toContain(
      'skipped: other_type: not in the results (optional, requirements.csv line 4): skipped',
    );
  });
});

describeWithShared('multi-pattern results input on the reference fixture', () => {
  const inter = () => join(checkDir, 'measurements_inter*_summary.csv');
  const intra = () => join(checkDir, 'measurements_intra*_summary.csv');
  test.each([
    ['two glob patterns on two lines', () => `${inter()}\n${intra()}`],
    ['two glob patterns, comma-separated', () => `${inter()},${intra()}`],
    [
      'a file and a glob, comma and newline',
      () => `${join(checkDir, 'measurements_interprocess_best_effort_summary.csv')},\n${intra()}\n`,
    ],
  ])('%s', async (_name, results) => {
    const run = await runActionInProcess({ results: results(), requirements: checkRequirements });
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'checks-total': '66',
      'checks-failed': '21',
      'failed-experiments': FAILED_TYPES,
    });
    const reportDir = reportDirOf(run);
    for (const name of readdirSync(join(checkDir, 'expected')))
      expectSameFile(join(reportDir, name), join(checkDir, 'expected', name));
    expectNoStackTrace(run);
  });
});

describe('determinism', () => {
  test('own data: two runs in two workspaces with the same inputs write byte-identical report folders', async () => {
    const trees: { run: ActionRun; tree: Map<string, Buffer> }[] = [];
    for (let i = 0; i < 2; i++) {
      const workspace = makeTempDir();
      writeDemo(workspace);
      const run = await runActionInProcess({ results: 'results', requirements: 'requirements.csv' }, { workspace });
      expect(run.status).toBe(0);
      trees.push({ run, tree: readTree(reportDirOf(run)) });
    }
    expect([...trees[0]!.tree.keys()]).toEqual([
      'checks_demo_type.csv',
      'checks_other_type.csv',
      'report.json',
      'report.md',
    ]);
    expect(trees[1]!.tree).toEqual(trees[0]!.tree);
    expect(trees[1]!.run.summary).toBe(trees[0]!.run.summary);
    expect(trees[1]!.run.outputs).toEqual(trees[0]!.run.outputs);
  });

  test('own data: a rerun into the same workspace rewrites the same bytes and leaves no temporary files', async () => {
    const workspace = makeTempDir();
    writeDemo(workspace);
    const first = await runActionInProcess({ results: 'results', requirements: 'requirements.csv' }, { workspace });
    const before = readTree(reportDirOf(first));
    const second = await runActionInProcess({ results: 'results', requirements: 'requirements.csv' }, { workspace });
    expect(second.status).toBe(0);
    expect(readTree(reportDirOf(second))).toEqual(before);
    expect(readdirSync(join(workspace, 'perfgate-report')).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describeWithShared('determinism on the reference fixtures', () => {
  test.each([
    ['summaries', () => checkDir],
    ['raw files', () => rawDir],
  ])('%s: two runs give byte-identical report folders', async (_name, results) => {
    const a = await runActionInProcess({ results: results(), requirements: checkRequirements });
    const b = await runActionInProcess({ results: results(), requirements: checkRequirements });
    const treeA = readTree(reportDirOf(a!));
    const treeB = readTree(reportDirOf(b!));
    expect(treeA.size).toBeGreaterThanOrEqual(4);
    expect([...treeB.keys()]).toEqual([...treeA.keys()]);
    for (const [name, bytes] of treeA)
      expect({ name, same: treeB.get(name)?.equals(bytes) }).toEqual({ name, same: true });
    expect(b!.summary).toBe(a!.summary);
    expect(basename(reportDirOf(a!))).toBe('perfgate-report');
  });
});

describe('untrusted names in results and requirements cannot issue workflow commands', () => {
  // Sub-experiment names come from result file names and requirement rows, which a pull request
  // can change. The runner treats any log line that starts (after spaces) with `::` as a command.
  const summaryRow = '16,1000,50.000,2.000,3.100,3.000,0.500,0.200,40.000,3.500,8.000,45.000\n';

  test('a name starting with ::warning:: is not turned into an annotation by the text report', async () => {
    const workspace = makeTempDir();
    mkdirSync(join(workspace, 'results'));
    writeFileSync(
      join(workspace, 'results', 'measurements_::warning::injected_summary.csv'),
      `${SUMMARY_HEADER}\n${summaryRow}`,
    );
    writeFileSync(
      join(workspace, 'requirements.csv'),
      `${REQUIREMENTS_HEADER}\n::warning::injected,16,4.000,10.000,70.000\n`,
    );
    const run = await runActionInProcess({ results: 'results', requirements: 'requirements.csv' }, { workspace });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'checks-total': '3' });
    expect(run.commands.filter((c) => c.message.startsWith('injected'))).toEqual([]);
    expect(warnings(run)).toEqual([]);
  });

  test('a result file name with a line break does not start a new ::error:: line', async () => {
    const workspace = makeTempDir();
    mkdirSync(join(workspace, 'results'));
    writeFileSync(join(workspace, 'results', 'measurements_demo_type_summary.csv'), `${SUMMARY_HEADER}\n${summaryRow}`);
    writeFileSync(
      join(workspace, 'results', 'measurements_x\n::error::pwned_summary.csv'),
      `${SUMMARY_HEADER}\n${summaryRow}`,
    );
    writeFileSync(join(workspace, 'requirements.csv'), `${REQUIREMENTS_HEADER}\ndemo_type,16,4.000,10.000,70.000\n`);
    const run = await runActionInProcess({ results: 'results', requirements: 'requirements.csv' }, { workspace });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'checks-total': '3' });
    expect(run.commands.filter((c) => c.message.startsWith('pwned'))).toEqual([]);
    expect(errors(run)).toEqual([]);
  });
});
