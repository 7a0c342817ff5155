/** `perfgate qualify`'s report: Markdown for a reader, JSON for a tool, from the Qualification (nothing recomputed). */
import { SLOWDOWN_MULTIPLE, type Qualification, type QualifyRow } from './qualify.js';

const percent = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '' : `${(x * 100).toFixed(1)} %`);
const spread = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '' : `±${(x * 100).toFixed(1)} %`);
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A row's pair noise, marked with what it is under the shared-shift model (the engine's field). */
function noiseCell(row: QualifyRow): string {
  const text = spread(row.pairNoise);
  if (text === '' || row.sharedShift === undefined) return text;
  return row.sharedShift === 'benchmark' ? `${text} vs suite` : `${text} suite`;
}

function fitCell(row: QualifyRow): string {
  return row.fit === undefined ? 'not gated' : row.fit ? '✅ fit' : '❌ unfit';
}

export function renderQualifyMarkdown(q: Qualification): string {
  const lines = [
    '# perfgate qualify: A/A on this runner',
    '',
    q.fit
      ? `✅ **Fit**: within ${q.maxPairs} pairs the confirmation reaches the threshold on every gated row (an unchanged build is shown below it), and the gate fails a known slowdown. ` +
        `A change at the threshold itself is failed about half the time; a change of a row's *Catches ≥ at ${q.maxPairs}* is failed 9 times in 10.`
      : `❌ **Unfit**: the threshold cannot be reached within ${q.maxPairs} pairs on this runner.`,
    '',
    `${q.pairs} A/A pairs of one build, in ABBA order, judged as \`perfgate confirm\` judges A/B pairs at confidence ${q.confidence}, ` +
      (q.sharedShift
        ? 'with the shared-shift model (a benchmark is judged on its deviation from the suite of the run; the suite on its own). '
        : 'each benchmark alone (--no-shared-shift). ') +
      `Pair noise is the spread (sd) of the per-pair ratios the row is judged on` +
      (q.sharedShift
        ? ' (“vs suite”: of the benchmark’s deviation from the suite, the shared runner noise cancelled; “suite”: of the suite’s own change, with it)'
        : '') +
      `, run noise that of the single runs; Catches ≥ is the smallest slowdown caught 9 times in 10 with ${q.pairs} pairs, ` +
      `and projected to the last look of a confirmation of ${q.maxPairs} pairs. Reached at ${q.maxPairs} is the upper bound an unchanged build's interval reaches at the last look, at the level at which the confirmation passes a row; a gated row is fit when it is below the threshold.`,
    '',
  ];
  lines.push(uncertaintyLine(q), '');
  if (q.reasons.length > 0) lines.push(...q.reasons.map((r) => `- ${cell(r)}`), '');
  lines.push(
    `| Benchmark | Parameter | Statistic | Threshold | Pair noise | Run noise | Catches ≥ (${q.pairs} pairs) | Catches ≥ (${q.maxPairs} pairs) | Reached at ${q.maxPairs} | |`,
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...q.rows.map(
      (r) =>
        `| ${cell(r.experiment)} | ${cell(r.parameter)} | ${cell(r.statistic)} | ${percent(r.threshold)} | ${noiseCell(r)} | ${spread(r.runNoise)} | ${percent(r.detectable)} | ${percent(r.detectableAtCap)} | ${percent(r.passBoundAtCap)} | ${fitCell(r)} |`,
    ),
    '',
    '## The gate can fail',
    '',
    `Each benchmark's second runs made slower by a known factor (${SLOWDOWN_MULTIPLE} × the threshold, or twice on the log scale what ${q.pairs} pairs catch, whichever is larger) must fail the comparison` +
      (q.proofs.some((p) => p.suite)
        ? '; a suite’s: every one of its benchmarks at once, and every one must fail.'
        : '.'),
    '',
    '| Benchmark | Known slowdown | Gate |',
    '|---|---:|---|',
    ...q.proofs.map(
      (p) => `| ${cell(p.experiment)} | ×${p.factor.toFixed(3)} | ${p.failed ? '✅ failed' : '❌ passed'} |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** The gated rows the terminal names one by one; the rest are counted (qualify.md has them all). */
export const TERMINAL_CATCH_ROWS = 20;

/**
 * What a confirmation on this runner can catch, for a terminal: per gated row (each suite first, then each benchmark,
 * least sensitive first) the smallest slowdown caught 9 times in 10 at the cap, from the row's `Catches ≥` (the
 * engine's field, nothing recomputed), and how far that is from the threshold.
 */
export function renderQualifyCatches(q: Qualification): string {
  const gated = q.rows.filter((r) => r.gated);
  if (gated.length === 0) return 'No gated row: nothing to catch.\n';
  const name = (r: QualifyRow) =>
    [r.experiment, r.parameter, r.statistic].filter((part) => part !== '' && part !== 'geomean').join(' ');
  const caught = (r: QualifyRow) =>
    r.detectableAtCap === undefined || !Number.isFinite(r.detectableAtCap)
      ? 'nothing (no noise estimate)'
      : `≥ ${percent(r.detectableAtCap)}${r.detectableAtCap > r.threshold ? ` (over the threshold of ${percent(r.threshold)})` : ''}`;
  const rank = (r: QualifyRow) =>
    r.detectableAtCap !== undefined && Number.isFinite(r.detectableAtCap) ? r.detectableAtCap : Infinity;
  const suites = gated.filter((r) => r.suite !== undefined);
  const benchmarks = gated.filter((r) => r.suite === undefined).sort((a, b) => rank(b) - rank(a));
  const shown = [...suites, ...benchmarks].slice(0, TERMINAL_CATCH_ROWS);
  const width = Math.max(...shown.map((r) => name(r).length));
  const lines = [
    `Catches at ${q.maxPairs} pairs (the smallest slowdown a confirmation here catches 9 times in 10):`,
    ...shown.map((r) => `  ${name(r).padEnd(width)}  ${caught(r)}`),
  ];
  const more = suites.length + benchmarks.length - shown.length;
  if (more > 0) lines.push(`  … ${more} more gated row${more === 1 ? '' : 's'} in qualify.md`);
  lines.push(uncertaintyLine(q));
  return lines.join('\n') + '\n';
}

/** How sure the verdict is: the noise's 90 % interval from the pairs run, and whether a fit is marginal. */
export function uncertaintyLine(q: Qualification): string {
  const u = q.uncertainty;
  const factor = (x: number) => `×${x.toFixed(2)}`;
  const interval = `the noise is known from ${q.pairs} pairs to within ${factor(u.low)}…${factor(u.high)} (90 %), and so are these figures`;
  if (!u.marginal) return `Uncertainty: ${interval}.`;
  const more =
    u.pairsForMargin !== undefined
      ? `were the estimate to hold, --pairs ${u.pairsForMargin} would settle it`
      : 'more pairs would not settle it';
  return `Uncertainty: ${interval}; fit only narrowly: at the top of that interval a gated row would not reach the threshold (${more}).`;
}

export function renderQualifyJson(q: Qualification): string {
  const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);
  return (
    JSON.stringify(
      {
        fit: q.fit,
        pairs: q.pairs,
        maxPairs: q.maxPairs,
        confidence: q.confidence,
        sharedShift: q.sharedShift,
        slowdownMultiple: SLOWDOWN_MULTIPLE,
        reasons: q.reasons,
        uncertainty: q.uncertainty,
        rows: q.rows.map((r) => ({
          ...r,
          pairNoise: finite(r.pairNoise),
          runNoise: finite(r.runNoise),
          detectable: finite(r.detectable),
          detectableAtCap: finite(r.detectableAtCap),
          passBoundAtCap: finite(r.passBoundAtCap),
        })),
        proofs: q.proofs,
      },
      null,
      2,
    ) + '\n'
  );
}
