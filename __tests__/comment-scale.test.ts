/**
 * Issue 38 item 5: the comment, the Check's summary and the job summary of a large Google Benchmark suite
 * (bench/scale-suite.mjs: families of 10 sizes, cpu time primary and real time secondary) against a history of 10
 * runs. The comment starts with the counts, names the regressed benchmarks family by family with their worst rows and
 * says exactly how many rows each family line and each cut leaves out, names no benchmark that did not regress, stays
 * under GitHub's limits, escapes hostile names and is the same bytes for the same inputs.
 */
import { commentMarker, MAX_COMMENT_BODY } from '../src/engine/report/comment/commentBody.js';
import {
  reviewerComment,
  reviewerReport,
  type ReviewerCommentLinks,
  type ReviewerCommentParts,
} from '../src/engine/report/comment/reviewerComment.js';
import type { ComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { MAX_CHECK_OUTPUT } from '../src/action/github/checkRuns.js';
import { LOG_TABLE_ROWS } from '../src/action/main.js';
import { renderComparisonText } from '../src/engine/report/comparison/comparisonText.js';
import { benchmarkName, regressedIndices } from '../bench/scale-suite.mjs';
import { compareGeneratedSuite } from './helpers/generatedSuite.js';
import { tempDir } from './helpers/shared.js';
import { FULL_VOLUME } from './helpers/volume.js';

/** The comment body limit the action passes (GitHub's, less the marker line). */
const LIMIT = MAX_COMMENT_BODY - commentMarker('perfgate').length - 1;
const links: ReviewerCommentLinks = { runUrl: 'https://github.com/octo/bench/actions/runs/9', reportHtml: true };

/** A family name that is Markdown, HTML, a mention, an issue reference and a link at once. */
const HOSTILE = 'BM_<img src=x onerror=alert(1)>|@octocat #12 *[x](javascript:alert(1))`';

/**
 * `benchmarks` benchmarks against a history of 10 runs, `regressed` of them 30 % slower (real and cpu time); with
 * `hostile`, family 1 is named {@link HOSTILE} in every file.
 */
function compareSuite(benchmarks: number, regressed: number, hostile = false): ComparisonReport {
  return compareGeneratedSuite(tempDir('perfgate-comment-scale-'), {
    benchmarks,
    runs: 10,
    repetitions: 1,
    regressed,
    ...(hostile ? { rewrite: (text: string) => text.replaceAll('"BM_Family1/', `"${HOSTILE}/`) } : {}),
  });
}

const partsOf = (comparison: ComparisonReport): ReviewerCommentParts => ({
  comparison,
  commit: 'feed5eed0123456789abcdef0123456789abcdef',
  base: 'main',
});

/** The family lines of a body: `- ⚠️ **BM\_Family5** (cpu time median) 64: +31.2 % (…); real time says the same`. */
const familyLinesOf = (body: string) => body.split('\n').filter((line) => /^- \S+ \*\*/.test(line));

/**
 * The benchmarks a body names, as `family/size`: each family line's family with each `size:` it names (the regressed
 * benchmarks of this suite are each alone in their family at 1,000 and 10,000 benchmarks).
 */
function namedBenchmarks(body: string): Set<string> {
  const named = new Set<string>();
  for (const line of familyLinesOf(body)) {
    const family = /\*\*(.+?)\*\*/.exec(line)![1]!.replace(/\\/g, '');
    for (const size of line.matchAll(/(?:\) |, )(\d+): /g)) named.add(`${family}/${size[1]}`);
  }
  return named;
}

/** The regressed benchmarks of the generator, as it names them. */
const regressedNames = (benchmarks: number, regressed: number) =>
  new Set([...regressedIndices(benchmarks, regressed)].map((i) => benchmarkName(i)));

/** The rows a reviewer must see, counted from the rows themselves: gated rows that failed or warned. */
const flagged = (report: ComparisonReport) =>
  report.rows.filter((r) => r.gated && (r.status === 'fail' || r.status === 'warn'));

describe('1,000 benchmarks, 100 regressed', () => {
  let report: ComparisonReport;
  let body: string;
  beforeAll(() => {
    report = compareSuite(1000, 100);
    body = reviewerComment(partsOf(report), links, LIMIT);
  });

  test('the comment starts with the counts per outcome, then the families', () => {
    const lines = body.split('\n');
    expect(lines[0]).toMatch(/^### \S+ 100 slower \(cpu time \+\d+…\+\d+ %\)[^·]*· 900 unchanged · against main/);
    expect(lines[4]).toBe('100 rows in 100 families, worst first; each line names its worst 3 and counts the rest:');
    expect(familyLinesOf(body)).toHaveLength(100);
    expect(flagged(report)).toHaveLength(100);
  });

  test('it names every regressed benchmark once, no other, and shows real time only as agreeing', () => {
    const expected = regressedNames(1000, 100);
    const named = namedBenchmarks(body);
    expect(named.size).toBe(100);
    for (const name of named) expect(expected.has(name)).toBe(true);
    // cpu time and real time are not listed twice: no table row, no line naming real time's own change.
    expect(body).not.toMatch(/^\|/m);
    for (const line of familyLinesOf(body)) expect(line.endsWith('; real time says the same')).toBe(true);
    expect(body.split('real time median').length - 1).toBe(0);
  });

  test('the other 2101 rows are counted, not listed, with where they all are', () => {
    // One repetition: one statistic of real time and of cpu time, for 1000 benchmarks and 100 family geomeans, and the
    // whole suite's geomean of the gated cpu time (the suite row).
    const others = report.rows.length - 100;
    expect(others).toBe(2 * 1100 + 1 - 100);
    expect(body).toContain(`${others} other rows, too many to list here: `);
    const counted = /too many to list here: (.+?)\. Every row/.exec(body)![1]!;
    const sum = counted.split(', ').reduce((n, part) => n + Number(/^(\d+) /.exec(part)![1]), 0);
    expect(sum).toBe(others);
    expect(body).toContain('Every row is in report.html (sortable and searchable), comparison.md and comparison.json');
  });

  test('the comment, the Check summary and the job summary stay under their limits', () => {
    expect(body.length).toBeLessThan(LIMIT);
    const check = reviewerComment(partsOf(report), links, MAX_CHECK_OUTPUT);
    expect(check.length).toBeLessThanOrEqual(MAX_CHECK_OUTPUT);
    expect(familyLinesOf(check)).toEqual(familyLinesOf(body));
    const summary = reviewerReport(partsOf(report), { fullReport: 'the job summary', reportHtml: true });
    expect(Buffer.byteLength(summary)).toBeLessThan(1024 * 1024);
    expect(familyLinesOf(summary)).toEqual(familyLinesOf(body));
  });

  test('a job summary over its limit is cut as the comment is, and says so', () => {
    const limit = 6_000;
    const summary = reviewerReport(partsOf(report), { fullReport: 'the job summary', reportHtml: true }, limit);
    expect(summary.length).toBeLessThanOrEqual(limit + 1);
    const listed = familyLinesOf(summary).length;
    expect(listed).toBeGreaterThan(5);
    expect(summary).toContain(`\n… and ${100 - listed} more families (${100 - listed} rows) in report.html.\n`);
    expect(summary).toContain("to stay within GitHub's limit of 1 MiB per job summary. See report.html, comparison.md");
  });

  test('the job log shows the first 500 rows of the table, the regressed first, and where the other 1701 are', () => {
    // Cells, not padded lines: the log's columns are as wide as its own rows need.
    const cells = (text: string) => text.split('\n').map((line) => line.trim().split(/ {2,}/));
    const whole = cells(renderComparisonText(report));
    const log = cells(renderComparisonText(report, { maxRows: LOG_TABLE_ROWS, wholeTable: 'out/comparison.md' }));
    const tableStart = whole.findIndex((line) => line[0] === 'Experiment');
    expect(log.slice(0, tableStart + 1 + 500)).toEqual(whole.slice(0, tableStart + 1 + 500));
    expect(log[tableStart + 1 + 500]).toEqual(['… and 1,701 more rows: the whole table is in out/comparison.md']);
    expect(report.rows.length).toBe(2201);
    // Every benchmark a reviewer must see is among the rows shown.
    const shown = new Set(log.slice(tableStart + 1, tableStart + 1 + 500).map((row) => `${row[0]}/${row[1]}`));
    for (const name of regressedNames(1000, 100)) expect(shown.has(name)).toBe(true);
  });

  test('a cut says exactly how many families and rows it left out', () => {
    const limit = 4_000;
    const cut = reviewerComment(partsOf(report), links, limit);
    expect(cut.length).toBeLessThanOrEqual(limit);
    const listed = familyLinesOf(cut).length;
    expect(listed).toBeGreaterThan(5);
    expect(cut).toContain(`\n… and ${100 - listed} more families (${100 - listed} rows) in report.html.\n`);
  });
});

describe('200 benchmarks, half regressed, one family named to attack', () => {
  let report: ComparisonReport;
  let body: string;
  beforeAll(() => {
    report = compareSuite(200, 100, true);
    body = reviewerComment(partsOf(report), links, LIMIT);
  });

  test('each family line names its worst 3 rows and counts exactly the rest', () => {
    const lines = familyLinesOf(body);
    const perFamily = new Map<string, number>();
    for (const r of flagged(report)) perFamily.set(r.experimentType, (perFamily.get(r.experimentType) ?? 0) + 1);
    expect(lines).toHaveLength(perFamily.size);
    // 20 families, and the whole suite (its suite row moved with them).
    expect(perFamily.size).toBe(21);
    // The whole suite's line (its one row) aside, each family's.
    for (const line of lines.filter((l) => !l.includes('**whole suite**'))) {
      const rows = Number(/, (\d+) rows\) /.exec(line)![1]);
      expect([...perFamily.values()]).toContain(rows);
      expect(line.match(/[+-]\d+\.\d % \([+-]\d+\.\d … [+-]\d+\.\d %\)/g)).toHaveLength(3);
      expect(line).toContain(`; and ${rows - 3} more rows in report.html`);
    }
    // A family line of one row (the whole suite's) gives no count.
    const total = lines.reduce((n, line) => n + Number(/, (\d+) rows\) /.exec(line)?.[1] ?? 1), 0);
    expect(total).toBe(flagged(report).length);
  });

  test('a hostile family name is text in its line: no HTML, link, table cell, mention or reference', () => {
    const line = familyLinesOf(body).find((l) => l.includes('onerror'))!;
    expect(line).toBeDefined();
    expect(line).toContain(
      '**BM\\_&lt;img src=x onerror=alert\\(1\\)&gt;\\|@\u2060octocat \\#\u206012 \\*\\[x\\]\\(javascript\\:alert\\(1\\)\\)\\`**',
    );
    expect(line).not.toMatch(/<img|[^\\]\||@octocat|#12|[^\\]\[x\]/);
  });

  test('the same inputs give the same bytes', () => {
    expect(reviewerComment(partsOf(compareSuite(200, 100, true)), links, LIMIT)).toBe(body);
  });
});

// 10,000 benchmarks: a minute of generating and comparing on a loaded runner, in the full suite only.
(FULL_VOLUME ? describe : describe.skip)('10,000 benchmarks, 100 regressed', () => {
  test('the comment is under the limit, starts with the counts and names the 100 regressed benchmarks only', () => {
    const report = compareSuite(10_000, 100);
    const body = reviewerComment(partsOf(report), links, LIMIT);
    expect(body.length).toBeLessThan(LIMIT);
    expect(body.split('\n')[0]).toMatch(/^### \S+ 100 slower \(cpu time [^)]+\)[^·]*· 9900 unchanged · /);
    const expected = regressedNames(10_000, 100);
    const named = [...namedBenchmarks(body)];
    expect(named.filter((n) => expected.has(n)).length).toBeGreaterThanOrEqual(90);
    expect(named.filter((n) => !expected.has(n)).length).toBeLessThanOrEqual(3);
    expect(body).toContain(`${report.rows.length - 100} other rows, too many to list here: `);
  }, 600_000);
});
