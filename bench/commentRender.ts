/**
 * What the reports of a large comparison cost to render (issue 38 item 5): a Google Benchmark suite of 1,000 and
 * 10,000 benchmarks (bench/scale-suite.mjs, 100 regressed × 1.3) against a history of 10 runs, compared once; then
 * the comment, the Check's summary, the job summary, comparison.md and report.html's table of every row, each timed
 * in-process (median of a few runs). Used by bench/main.ts; `npm run bench -- --comment` runs this section alone and
 * replaces it in bench/RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_CHECK_OUTPUT } from '../src/action/github/checkRuns.js';
import { commentMarker, MAX_COMMENT_BODY } from '../src/engine/report/comment/commentBody.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { reviewerComment, reviewerReport } from '../src/engine/report/comment/reviewerComment.js';
import { comparisonRowsTable, comparisonVerdictTable } from '../src/engine/report/pages/verdictTable.js';
import { renderReportHtml } from '../src/render/reportHtml.js';
import { benchmarkName, regressedIndices } from './scale-suite.mjs';
import { compareGeneratedSuite } from '../__tests__/helpers/generatedSuite.js';

export const COMMENT_SECTION_TITLE = '## The comment, the Check and report.html at 1,000 and 10,000 benchmarks';

const REGRESSED = 100;

interface Rendered {
  what: string;
  chars: number;
  ms: number;
}

function timed(runs: number, render: () => string): { chars: number; ms: number } {
  const times: number[] = [];
  let chars = 0;
  // What the comparison left for the collector is not this document's cost (run.mjs starts node with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    chars = render().length;
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { chars, ms: times[Math.floor(times.length / 2)]! };
}

/** The benchmarks a comment's family lines name (`- ⚠️ **BM\_Family5** (real time median) 64: …`), as `family/size`. */
function named(body: string): string[] {
  const out = new Set<string>();
  for (const line of body.split('\n')) {
    const family = /^- \S+ \*\*(.+?)\*\*/.exec(line)?.[1]?.replace(/\\/g, '');
    if (family === undefined) continue;
    for (const size of line.matchAll(/(?:\) |, )(\d+): /g)) out.add(`${family}/${size[1]}`);
  }
  return [...out];
}

function measure(benchmarks: number, runs: number, log: (line: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'perfgate-bench-comment-'));
  try {
    const start = performance.now();
    const report = compareGeneratedSuite(root, { benchmarks, runs: 10, repetitions: 3, regressed: REGRESSED });
    const compareMs = performance.now() - start;
    log(`comment bench: ${benchmarks} benchmarks written and compared in ${Math.round(compareMs)} ms`);
    const parts = { comparison: report, commit: 'feed5eed0123456789abcdef0123456789abcdef', base: 'main' };
    const links = { runUrl: 'https://github.com/octo/bench/actions/runs/9', reportHtml: true };
    const limit = MAX_COMMENT_BODY - commentMarker('perfgate').length - 1;
    const comment = reviewerComment(parts, links, limit);
    const regressed = new Set([...regressedIndices(benchmarks, REGRESSED)].map((i) => benchmarkName(i)));
    const names = named(comment);
    const rendered: Rendered[] = [
      { what: 'comment', ...timed(runs, () => reviewerComment(parts, links, limit)) },
      { what: 'Check summary', ...timed(runs, () => reviewerComment(parts, links, MAX_CHECK_OUTPUT)) },
      {
        what: 'job summary (report.md)',
        ...timed(runs, () => reviewerReport(parts, { fullReport: 'the job summary', reportHtml: true })),
      },
      { what: 'comparison.md', ...timed(runs, () => renderComparisonMarkdown(report)) },
      {
        what: "report.html's table of every row",
        ...timed(runs, () =>
          renderReportHtml({
            title: 'perfgate report',
            verdicts: [comparisonVerdictTable(report)],
            rows: comparisonRowsTable(report),
            charts: [],
            bundles: { vega: '', vegaLite: '', vegaEmbed: '' },
          }),
        ),
      },
    ];
    // What one bare pass over the rows costs at this size: the floor any document that reads every row pays.
    const pass = timed(runs, () => String(report.rows.filter((r) => r.status === 'new' && !r.gated).length));
    return {
      benchmarks,
      rows: report.rows.length,
      passMs: pass.ms,
      compareMs,
      rendered,
      comment: comment.length,
      namedRegressed: names.filter((n) => regressed.has(n)).length,
      namedOthers: names.filter((n) => !regressed.has(n)).length,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The section's Markdown lines: a table per size and the ratio of 10,000 to 1,000. */
export async function commentRenderSection(options: {
  repoRoot: string;
  quick: boolean;
  log: (line: string) => void;
}): Promise<string[]> {
  const runs = options.quick ? 1 : 7;
  const load = loadavg()[0]!;
  const small = measure(1000, runs, options.log);
  const large = options.quick ? undefined : measure(10_000, runs, options.log);
  const ms = (x: number) => (x < 10 ? x.toFixed(1) : String(Math.round(x)));
  const lines = [
    COMMENT_SECTION_TITLE,
    '',
    `Google Benchmark suites from bench/scale-suite.mjs (3 repetitions, families of 10, ${REGRESSED} benchmarks 30 % slower) ` +
      `against a history of 10 runs; each document rendered in-process from the one comparison, median of ${runs} after a warm-up. ` +
      'Render time should grow with the rows a document shows, never faster than the suite. ' +
      `Load average (1 min) ${load.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end, on ${availableParallelism()} cores: read the ratios.`,
    '',
    `| Document | 1,000: characters | 1,000: ms |${large ? ' 10,000: characters | 10,000: ms | 10,000 / 1,000 |' : ''}`,
    `| --- | --: | --: |${large ? ' --: | --: | --: |' : ''}`,
  ];
  small.rendered.forEach((r, i) => {
    const big = large?.rendered[i];
    lines.push(
      `| ${r.what} | ${r.chars.toLocaleString('en')} | ${ms(r.ms)} |${big ? ` ${big.chars.toLocaleString('en')} | ${ms(big.ms)} | ${(big.ms / r.ms).toFixed(1)}× |` : ''}`,
    );
  });
  for (const m of [small, ...(large ? [large] : [])])
    lines.push(
      '',
      `${m.benchmarks.toLocaleString('en')} benchmarks (${m.rows.toLocaleString('en')} rows, written and compared in ${ms(m.compareMs)} ms): ` +
        `the comment is ${m.comment.toLocaleString('en')} characters and names ${m.namedRegressed} of the ${REGRESSED} regressed benchmarks and ${m.namedOthers} others. ` +
        `One bare pass over the rows (a filter on two fields) takes ${m.passMs.toFixed(2)} ms: the rows of the larger suite no longer fit the caches, so a row costs more there.`,
    );
  return lines;
}
