/**
 * Issue 25 item 10: the comparison is never the part cut for size. A 47-benchmark JMH pull request
 * (4 sizes each, GC profiler on), 20 benchmarks ~30 % slower than a history of 5 runs, checked
 * against a requirements file with a column per statistic: the comment the action posts must stay
 * under GitHub's limit, keep its headline, list every failing comparison row (or as many as fit,
 * with the count of the rest), and cut the requirements table before any comparison row.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commentMarker, MAX_COMMENT_BODY } from '../src/engine/report/commentBody.js';
import {
  reviewerComment,
  reviewerReport,
  type ReviewerCommentLinks,
  type ReviewerCommentParts,
} from '../src/engine/report/reviewerComment.js';
import { runCheck } from '../src/pipeline/check.js';
import { runCompare } from '../src/pipeline/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { jmhSuite, RUN_DRIFT, writeJmhRun } from './helpers/pullRequestSuites.js';
import { tempDir } from './helpers/shared.js';

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
    { results: [candidate], requirements, outputDir: join(root, 'out-check'), floatParse: 'precise' },
    silentProgress,
  );
  const comparison = runCompare(
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

test('the uncut report is far over the limit: without cutting, the comment could not be posted', () => {
  expect(parts.comparison!.changes.worse).toMatchObject({ benchmarks: 80, speed: true });
  expect(parts.check!.checksFailed).toBe(80);
  expect(reviewerReport(parts, links).length).toBeGreaterThan(2 * MAX_COMMENT_BODY);
});

test('the comment fits, leads with the change against main, lists every failing comparison row and cuts the requirements table first', () => {
  const body = reviewerComment(parts, links, LIMIT);
  expect(body.length).toBeLessThanOrEqual(LIMIT);
  expect(body.split('\n')[0]).toBe(
    '### ❌ 80 slower (avgt +30 %) · 108 unchanged · against main (history of 5 runs) · ❌ 80 of 752 requirements over their limit',
  );
  expect(body.split('\n')[2]).toMatch(
    /^Judged commit feed5eed0123456789abcdef0123456789abcdef against main \(\*\*history\*\*\): history of 5 runs/,
  );
  // Every failing comparison row (80 benchmarks and 20 geomean rows), in the list under the headline.
  const failing = parts.comparison!.rows.filter((r) => r.failed);
  expect(failing).toHaveLength(100);
  const listed = body.split('\n').filter((line) => line.endsWith('| ❌ fail |'));
  expect(listed).toHaveLength(100);
  expect(body).not.toContain('more failing row');
  // The full requirements table went first; the other comparison rows were cut, with the count of the rest.
  expect(body).not.toContain('<summary>Requirements:');
  expect(body).toMatch(/\n… and \d+ more rows in the job summary\.\n\n[^\n]*\n\n<\/details>/);
  expect(body).toContain('This comment left out the requirements table and cut short the other comparison rows');
  expect(
    body.trimEnd().endsWith('See [the full report](https://github.com/octo/bench/actions/runs/9) for everything.'),
  ).toBe(true);
  // The failing rows come before the failed requirements, which come before anything collapsed.
  const firstFail = body.indexOf('| ❌ fail |');
  const requirements = body.indexOf('**Requirements not met**');
  expect(firstFail).toBeGreaterThan(0);
  expect(requirements).toBeGreaterThan(body.lastIndexOf('| ❌ fail |'));
  expect(body.indexOf('<details>')).toBeGreaterThan(requirements);
});

test('a limit too small for every failing row keeps the headline and as many rows as fit, and counts the rest', () => {
  const limit = 6_000;
  const body = reviewerComment(parts, links, limit);
  expect(body.length).toBeLessThanOrEqual(limit);
  expect(body.split('\n')[0]).toBe(
    '### ❌ 80 slower (avgt +30 %) · 108 unchanged · against main (history of 5 runs) · ❌ 80 of 752 requirements over their limit',
  );
  const listed = body.split('\n').filter((line) => line.endsWith('| ❌ fail |')).length;
  expect(listed).toBeGreaterThan(10);
  expect(body).toContain(`\n… and ${100 - listed} more failing rows in report.html.\n`);
  // Nothing else was kept in place of failing rows: no requirement row, no collapsed section.
  expect(body).not.toContain('**Requirements not met**');
  expect(body).not.toContain('<details>');
  expect(body).toContain('[Workflow run and job summary](https://github.com/octo/bench/actions/runs/9).');
});
