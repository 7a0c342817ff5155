/**
 * Issue 25 item 10: the comparison is never the part cut for size. A 47-benchmark JMH pull request
 * (4 sizes each, GC profiler on), 20 benchmarks ~30 % slower than a history of 5 runs, checked
 * against a requirements file with a column per statistic: the comment the action posts must stay
 * under GitHub's limit, keep its headline, name every failing family with its worst rows (or as
 * many families as fit, with the count of the rest), and cut the requirements table before any
 * comparison row. Issue 38: 100 failing rows read as 20 family lines, 3425 other rows as counts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commentMarker, MAX_COMMENT_BODY } from '../src/engine/report/comment/commentBody.js';
import {
  reviewerComment,
  reviewerReport,
  type ReviewerCommentLinks,
  type ReviewerCommentParts,
} from '../src/engine/report/comment/reviewerComment.js';
import { runCheck } from '../src/pipeline/check.js';
import { runCompare } from '../src/pipeline/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { jmhSuite, RUN_DRIFT, writeJmhRun } from './helpers/pullRequestSuites.js';
import { tempDir, cwdFiles } from './helpers/shared.js';

const BENCHMARKS = 47;
const SIZES = ['16', '256', '4096', '65536'];
/** Bench01 … Bench20 are 30 % slower at every size. */
const SLOW = (benchmark: string) => /^Bench(0\d|1\d|20)\./.test(benchmark);

/** The comment body limit the action passes (GitHub's, less the marker line). */
const LIMIT = MAX_COMMENT_BODY - commentMarker('latency/gate').length - 1;

let parts: ReviewerCommentParts;
const links: ReviewerCommentLinks = {
  runUrl: 'https://github.com/octo/bench/actions/runs/9',
  fullReport: 'the job summary',
  reportHtml: true,
};

beforeAll(() => {
  const root = tempDir('perfgate-comment-size-');
  const suite = jmhSuite(BENCHMARKS, SIZES);
  for (let run = 0; run < 5; run++) writeJmhRun(join(root, 'history', `run${run + 1}`), suite, () => RUN_DRIFT[run]!);
  const candidate = writeJmhRun(join(root, 'pr'), suite, (benchmark) => (SLOW(benchmark) ? 1.3 : 1.002));
  // A requirement per benchmark, size and statistic of the time per operation: 4 columns × 188 rows, the median's limit
  // 10 % above main.
  const template = jmhSuite(BENCHMARKS, SIZES);
  const lines = ['Experiment,Parameter,avgt.median [us],avgt.mean [us],avgt.min [us],avgt.max [us]'];
  for (const r of template) {
    const score = r.primaryMetric['score'] as number;
    lines.push(
      `${r.benchmark.split('.').slice(-2).join('.')},size=${r.params!['size']},${score * 1.1},${score * 2},${score * 2},${score * 3}`,
    );
  }
  const requirements = join(root, 'requirements.csv');
  writeFileSync(requirements, lines.join('\n') + '\n');
  const check = runCheck(
    cwdFiles,
    { results: [candidate], requirements, outputDir: join(root, 'out-check'), floatParse: 'precise' },
    silentProgress,
  );
  const comparison = runCompare(
    cwdFiles,
    {
      reference: [],
      history: join(root, 'history'),
      results: [candidate],
      referenceLabel: 'history',
      resultLabel: 'pr',
      outputDir: join(root, 'out-compare'),
      thresholds: parseThresholds(undefined),
      floatParse: 'precise',
    },
    silentProgress,
  );
  parts = {
    check: check.report,
    comparison: comparison.report,
    commit: 'feed5eed0123456789abcdef0123456789abcdef',
    base: 'main',
  };
});

/** The family lines of a comment: `- ❌ **Bench08.publish** (avgt median, 5 rows) size=16: +30.1 % …`. */
const familyLinesOf = (body: string) =>
  body.split('\n').filter((line) => /^- ❌ \*\*Bench\d\d\.publish\*\*/.test(line));

test('the report fits a comment: 100 failing rows read as 20 family lines, 3425 other rows as counts', () => {
  expect(parts.comparison!.changes.worse).toMatchObject({ benchmarks: 80, speed: true });
  expect(parts.check!.checksFailed).toBe(80);
  const report = reviewerReport(parts, links);
  // Before the grouping, the uncut report was over twice the limit (a table of every row); now it fits whole.
  expect(report.length).toBeLessThan(LIMIT);
  expect(reviewerComment(parts, links, LIMIT)).toBe(report.trimEnd());
  expect(report).toContain('3425 other rows, too many to list here: ');
});

test('the comment leads with the change against main, names every failing family and cuts the requirements table first', () => {
  const limit = 20_000;
  const body = reviewerComment(parts, links, limit);
  expect(body.length).toBeLessThanOrEqual(limit);
  expect(body.split('\n')[0]).toBe(
    '### ❌ the whole suite moved +12 %; its recorded runs varied -1.2 … +1.3 % · ❌ 80 slower (avgt +30 %) · 108 unchanged · against main (history of 5 runs) · ❌ 80 of 752 requirements over their limit',
  );
  expect(body.split('\n')[2]).toMatch(
    /^Judged commit feed5eed0123456789abcdef0123456789abcdef against main \(\*\*history\*\*\): history of 5 runs/,
  );
  // Every failing comparison row (80 benchmarks and 20 geomean rows, and the whole suite's row) is in a family: 20
  // lines of 5 rows, each naming its worst 3 and counting the 2 others, and the suite's line of 1.
  const failing = parts.comparison!.rows.filter((r) => r.failed);
  expect(failing).toHaveLength(101);
  expect(body).toContain('101 rows in 21 families, worst first; each line names its worst 3 and counts the rest:');
  const lines = familyLinesOf(body);
  expect(lines).toHaveLength(20);
  expect(body).toMatch(/\n- ❌ \*\*whole suite\*\* \(avgt median\) geomean: \+12\.0 %/);
  const families = new Set(failing.map((r) => r.experimentType).filter((e) => e !== 'whole suite'));
  for (const line of lines) {
    const family = /\*\*(Bench\d\d\.publish)\*\*/.exec(line)![1]!;
    expect(families.delete(family)).toBe(true);
    expect(line).toContain(' (avgt median, 5 rows) ');
    expect(line.match(/[+-]\d+\.\d % \([+-]\d+\.\d … [+-]\d+\.\d %\)/g)).toHaveLength(3);
    expect(line.endsWith('; and 2 more rows in report.html')).toBe(true);
  }
  expect(families.size).toBe(0);
  expect(body).not.toContain('more failing famil');
  // The full requirements table was the part cut; the other rows' counts were kept.
  expect(body).toMatch(/\n… and \d+ more rows in the job summary\.\n\n[^\n]*\n\n<\/details>/);
  expect(body).toContain('3425 other rows, too many to list here');
  expect(body).toContain('This comment cut short the requirements table to stay within');
  expect(
    body.trimEnd().endsWith('See [the full report](https://github.com/octo/bench/actions/runs/9) for everything.'),
  ).toBe(true);
  // The failing rows come before the failed requirements, which come before anything collapsed.
  const firstFamily = body.indexOf(lines[0]!);
  const requirements = body.indexOf('**Requirements not met**');
  expect(firstFamily).toBeGreaterThan(0);
  expect(requirements).toBeGreaterThan(body.indexOf(lines.at(-1)!));
  expect(body.indexOf('<details>')).toBeGreaterThan(requirements);
});

test('a limit too small for every failing family keeps the headline and as many families as fit, and counts the rest', () => {
  const limit = 3_000;
  const body = reviewerComment(parts, links, limit);
  expect(body.length).toBeLessThanOrEqual(limit);
  expect(body.split('\n')[0]).toBe(
    '### ❌ the whole suite moved +12 %; its recorded runs varied -1.2 … +1.3 % · ❌ 80 slower (avgt +30 %) · 108 unchanged · against main (history of 5 runs) · ❌ 80 of 752 requirements over their limit',
  );
  const listed = familyLinesOf(body).length;
  expect(listed).toBeGreaterThan(3);
  expect(listed).toBeLessThan(20);
  // Each family left out has 5 failing rows, and the whole suite's (the last) 1.
  expect(body).toContain(`\n… and ${21 - listed} more families (${5 * (20 - listed) + 1} rows) in report.html.\n`);
  // Nothing else was kept in place of failing rows: no requirement row, no collapsed section.
  expect(body).not.toContain('**Requirements not met**');
  expect(body).not.toContain('<details>');
  expect(body).toContain('[Workflow run and job summary](https://github.com/octo/bench/actions/runs/9).');
});
