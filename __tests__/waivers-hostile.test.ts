/**
 * The waiver file comes from the pull request's own checkout, so its author controls it (issue 47, item 1): it is read
 * in work linear in its size (no regular expression that backtracks over a field, no rows × waivers matching), a row
 * matched by two waivers is an input error at both lines, and a file of many waivers that match nothing gives a
 * bounded number of warnings. Work is bounded by size ratios (checkScaling), never by a time budget.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWaivers, type Waiver } from '../src/engine/compare/waivers.js';
import { acceptComparisons, WAIVER_WARNINGS_NAMED } from '../src/engine/compare/acceptance.js';
import { compareExperiment, type ExperimentSide } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import { loadResults } from '../src/pipeline/results.js';
import { withReportWarnings } from '../src/cli/io.js';
import { checkScaling } from './helpers/fuzz.js';
import { writeGoRun } from './helpers/pullRequestSuites.js';
import { cli, tempDir, cwdFiles } from './helpers/shared.js';
import { inputError } from './helpers/formats.js';

const HEADER = 'benchmark,metric,ceiling,expires,link,reason\n';
const PUBLISH = '"BenchmarkPublish size=64,mode=copy"';

/** A Go run as the engine reads it: BenchmarkPublish size=64,mode=copy `slower` times slower. */
function goSide(folder: string, slower: number): Map<string, ExperimentSide> {
  const path = writeGoRun(folder, (_, parameter) => (parameter === 'size=64,mode=copy' ? slower : 1));
  const loaded = loadResults(cwdFiles, [path], { floatParse: 'precise' });
  return new Map([...loaded.experiments].map(([t, e]) => [t, { measurements: e.measurements }]));
}

const root = tempDir('perfgate-waivers-hostile-');
const base = goSide(join(root, 'base'), 1);
const head = goSide(join(root, 'head'), 1.3);
const comparisons = [...base.keys()].map((t) =>
  compareExperiment(t, base.get(t), head.get(t), parseThresholds(undefined), {
    gate: parseGateStatistics('all-metrics'),
  }),
);

/** `n` waiver rows, none naming a benchmark of the comparison. */
function nothingRows(n: number): string {
  let text = HEADER;
  for (let i = 0; i < n; i++) text += `BenchmarkNothing${i},time/op,35,2099-01-01,https://x.example/${i},r\n`;
  return text;
}

describe('overlapping waivers', () => {
  test('time/op at 60 % and time/op median at 10 % of one benchmark: an input error naming both lines', () => {
    const waivers = parseWaivers(
      'w.csv',
      HEADER +
        `${PUBLISH},time/op,60,2099-01-01,l,looser\n` +
        '# a comment line between them\n' +
        `${PUBLISH},time/op median,10,2099-01-01,l,narrower\n`,
    );
    const error = inputError(() => acceptComparisons(comparisons, { waivers, today: '2026-11-29' }));
    expect(error.place).toEqual({ file: 'w.csv', line: 4, column: 1 });
    expect(error.message).toContain('waivers w.csv:2 (BenchmarkPublish size=64,mode=copy, time/op, +60 %)');
    expect(error.message).toContain('w.csv:4 (BenchmarkPublish size=64,mode=copy, time/op median, +10 %)');
    expect(error.message).toContain('both match BenchmarkPublish size=64,mode=copy time/op median');
  });

  test('in either order, and also when the row they share does not fail', () => {
    const waivers = parseWaivers(
      'w.csv',
      HEADER + 'BenchmarkQueueDepth,time/op median,10,2099-01-01,l,r\nBenchmarkQueueDepth,time/op,60,2099-01-01,l,r\n',
    );
    const error = inputError(() => acceptComparisons(comparisons, { waivers }));
    expect(error.place).toEqual({ file: 'w.csv', line: 3, column: 1 });
    expect(error.message).toMatch(/^waivers w\.csv:2 \(.*\) and w\.csv:3 \(.*\) both match BenchmarkQueueDepth/);
  });

  test('an expired one does not overlap one in force; two metrics of one benchmark do not overlap', () => {
    const expired = parseWaivers(
      'w.csv',
      HEADER + `${PUBLISH},time/op,60,2026-01-01,l,r\n${PUBLISH},time/op median,40,2099-01-01,l,r\n`,
    );
    const outcome = acceptComparisons(comparisons, { waivers: expired, today: '2026-11-29' });
    expect(outcome.warnings).toEqual([
      'Waiver w.csv:2 (BenchmarkPublish size=64,mode=copy, time/op) expired on 2026-01-01 and is ignored: renew it or remove it.',
    ]);
    const rows = outcome.comparisons.flatMap((c) => c.rows).filter((r) => r.status === 'accepted');
    expect(rows.map((r) => r.acceptance?.kind === 'waiver' && r.acceptance.place)).toEqual(['w.csv:3']);
    const apart = parseWaivers(
      'w.csv',
      HEADER + `${PUBLISH},time/op,40,2099-01-01,l,r\n${PUBLISH},MB/s,40,2099-01-01,l,r\n`,
    );
    expect(() => acceptComparisons(comparisons, { waivers: apart })).not.toThrow();
  });

  test('compare --waivers exits 2 with the error at the second line', async () => {
    const file = join(root, 'overlap.csv');
    writeFileSync(file, HEADER + `${PUBLISH},time/op,60,2099-01-01,l,r\n${PUBLISH},time/op median,10,2099-01-01,l,r\n`);
    const run = await cli(['compare', '-R', join(root, 'base'), '-r', join(root, 'head'), '--waivers', file]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`${file}:3:1: waivers ${file}:2 (`);
  });
});

describe('a waiver file of many rows', () => {
  test('rows that match nothing: the first ones named, the others counted in one warning', () => {
    const waivers = parseWaivers('w.csv', nothingRows(25));
    expect(waivers).toHaveLength(25);
    const { warnings } = acceptComparisons(comparisons, { waivers, today: '2026-11-29' });
    expect(warnings).toHaveLength(WAIVER_WARNINGS_NAMED + 1);
    expect(warnings[0]).toBe(
      'Waiver w.csv:2 (BenchmarkNothing0, time/op) matches no row of this comparison: benchmark and metric must be written as the reports name them.',
    );
    expect(warnings[WAIVER_WARNINGS_NAMED]).toBe(
      '15 more waivers match no row of this comparison: benchmark and metric must be written as the reports name them.',
    );
  });

  test('200,000 waivers (built, not read) are matched without a stack overflow, and still accept their row', () => {
    const many: Waiver[] = [];
    for (let i = 0; i < 200_000; i++)
      many.push({
        benchmark: `BenchmarkNothing${i}`,
        metric: 'time/op',
        ceilingPercent: 35,
        expires: i % 2 === 0 ? '2099-01-01' : '2020-01-01',
        link: 'l',
        reason: 'r',
        place: `w.csv:${i + 2}`,
      });
    many.push({ ...many[0]!, benchmark: 'BenchmarkPublish size=64,mode=copy', place: 'w.csv:last' });
    const { comparisons: accepted, warnings } = acceptComparisons(comparisons, { waivers: many, today: '2026-11-29' });
    expect(warnings).toHaveLength(2 * (WAIVER_WARNINGS_NAMED + 1));
    expect(warnings[WAIVER_WARNINGS_NAMED]).toBe(
      '99990 more waivers expired before 2026-11-29 and are ignored: renew them or remove them.',
    );
    expect(warnings.at(-1)).toMatch(/^99990 more waivers match no row/);
    const rows = accepted.flatMap((c) => c.rows).filter((r) => r.status === 'accepted');
    expect(rows.map((r) => [r.metric, r.acceptance?.kind === 'waiver' && r.acceptance.place])).toEqual([
      ['time/op', 'w.csv:last'],
    ]);
  });

  test('reading and matching grow linearly with the rows (×32 the rows: at most ×512 the work)', () => {
    // A rows × waivers matching or a quadratic reader grows ×1024 here; linear work ×32–70.
    checkScaling('waivers that match nothing', 6400, nothingRows, (text) => {
      const waivers = parseWaivers('w.csv', text);
      acceptComparisons(comparisons, { waivers, today: '2026-11-29' });
    });
    // …and so do rows that all match a benchmark: the reader's duplicate check is by key, not a scan.
    const matching = (n: number) => {
      let text = HEADER;
      for (let i = 0; i < n; i++) text += `${PUBLISH},time/op p${i},35,2099-01-01,l,r\n`;
      return text;
    };
    checkScaling('waivers of one benchmark', 6400, matching, (text) => {
      acceptComparisons(comparisons, { waivers: parseWaivers('w.csv', text), today: '2026-11-29' });
    });
  });
});

describe('fields that once made the reader backtrack', () => {
  // `/\s*%$/` took 71 s on a 300 kB field of spaces: each start in the run of spaces scanned to its end.
  const spaces = (n: number) => `${HEADER}A,time/op,1${' '.repeat(n)}x,2099-01-01,l,r\n`;

  test('a ceiling of a digit, many spaces and a letter is refused at its column, quoted short', () => {
    const error = inputError(() => parseWaivers('w.csv', spaces(300_000)));
    expect(error.place).toEqual({ file: 'w.csv', line: 2, column: 11 });
    expect(error.message).toMatch(/^ceiling "1 {59}…" is not a change in %/);
  });

  test('refusing it grows linearly with the field', () => {
    checkScaling('a ceiling of spaces', 1 << 18, spaces, (text) => {
      inputError(() => parseWaivers('w.csv', text));
    });
    const percent = (n: number) => `${HEADER}A,time/op,${' '.repeat(n)}1 ${' '.repeat(n)}%,2099-01-01,l,r\n`;
    checkScaling('a ceiling of spaces and a percent sign', 1 << 18, percent, (text) => {
      expect(parseWaivers('w.csv', text)[0]!.ceilingPercent).toBe(1);
    });
  });

  test.each([
    ['35', 35],
    ['+12.5', 12.5],
    ['35 %', 35],
    ['35%', 35],
    ['0', 0],
  ])('ceiling %s reads as %d', (text, value) => {
    expect(parseWaivers('w.csv', `${HEADER}A,t,${text},2099-01-01,l,r\n`)[0]!.ceilingPercent).toBe(value);
  });

  test.each(
    ['%', '-5', '1.', '.5', '1e3', '3 5', '35 % %', '9'.repeat(400), 'Infinity'].map((t) => [
      t.length > 20 ? `${t.length} nines` : t,
      t,
    ]),
  )('ceiling %s is refused', (_name, text) => {
    const error = inputError(() => parseWaivers('w.csv', `${HEADER}A,t,${text},2099-01-01,l,r\n`));
    expect(error.place).toEqual({ file: 'w.csv', line: 2, column: 5 });
    expect(error.message).toMatch(/^ceiling ".*" is not a change in %/);
  });
});

describe('the CLI says each warning once', () => {
  // 30,000 unmatched waivers took 36 s here: each warning held back was looked up in the report's list of them.
  test('warnings in the report are not repeated on stderr; the others are', () => {
    const printed: string[] = [];
    const io = { out: () => {}, err: (text: string) => printed.push(text) };
    withReportWarnings(
      io,
      (progress) => {
        for (const w of ['in report', 'only told']) progress.warning(w);
        return ['in report'];
      },
      (inReport) => inReport,
    );
    expect(printed).toEqual(['perfgate: warning: only told\n']);
  });

  test("each of n warnings is looked up in the report's n at most twice over, not n × n times", () => {
    const n = 2000;
    const warnings = Array.from({ length: n }, (_, i) => `Waiver w.csv:${i + 2} matches no row`);
    let reads = 0;
    const inReport = new Proxy(warnings, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const printed: string[] = [];
    withReportWarnings(
      { out: () => {}, err: (text) => printed.push(text) },
      (progress) => {
        for (const w of warnings) progress.warning(w);
        return inReport;
      },
      (report) => report,
    );
    expect(printed).toEqual([]);
    expect(reads).toBeLessThanOrEqual(2 * n);
  });
});
