/** `perfgate qualify`'s report: Markdown for a reader, JSON for a tool, from the Qualification (nothing recomputed). */
import { FIT_MULTIPLE, type Qualification, type QualifyRow } from './qualify.js';

const percent = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '' : `${(x * 100).toFixed(1)} %`);
const spread = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '' : `±${(x * 100).toFixed(1)} %`);
const cell = (text: string) => text.replace(/\|/g, '\\|');

function fitCell(row: QualifyRow): string {
  return row.fit === undefined ? 'not gated' : row.fit ? '✅ fit' : '❌ unfit';
}

export function renderQualifyMarkdown(q: Qualification): string {
  const lines = [
    '# perfgate qualify: A/A on this runner',
    '',
    q.fit
      ? `✅ **Fit**: the confirmation catches ${FIT_MULTIPLE} × the threshold 9 times in 10 within ${q.maxPairs} pairs, and the gate fails a known slowdown.`
      : `❌ **Unfit**: the threshold cannot be reached within ${q.maxPairs} pairs on this runner.`,
    '',
    `${q.pairs} A/A pairs of one build, in ABBA order, judged by the paired method at confidence ${q.confidence}. ` +
      `Pair noise is the spread (sd) of the per-pair ratios, run noise that of the single runs; Catches ≥ is the smallest ` +
      `slowdown caught 9 times in 10 with ${q.pairs} pairs, and projected to the last look of a confirmation of ${q.maxPairs} pairs.`,
    '',
  ];
  if (q.reasons.length > 0) lines.push(...q.reasons.map((r) => `- ${cell(r)}`), '');
  lines.push(
    `| Benchmark | Parameter | Statistic | Threshold | Pair noise | Run noise | Catches ≥ (${q.pairs} pairs) | Catches ≥ (${q.maxPairs} pairs) | |`,
    '|---|---|---|---:|---:|---:|---:|---:|---|',
    ...q.rows.map(
      (r) =>
        `| ${cell(r.experiment)} | ${cell(r.parameter)} | ${cell(r.statistic)} | ${percent(r.threshold)} | ${spread(r.pairNoise)} | ${spread(r.runNoise)} | ${percent(r.detectable)} | ${percent(r.detectableAtCap)} | ${fitCell(r)} |`,
    ),
    '',
    '## The gate can fail',
    '',
    `Each benchmark's second runs made slower by a known factor (${FIT_MULTIPLE} × the threshold, or twice on the log scale what ${q.pairs} pairs catch, whichever is larger) must fail the paired comparison.`,
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

export function renderQualifyJson(q: Qualification): string {
  const finite = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x : null);
  return (
    JSON.stringify(
      {
        fit: q.fit,
        pairs: q.pairs,
        maxPairs: q.maxPairs,
        confidence: q.confidence,
        fitMultiple: FIT_MULTIPLE,
        reasons: q.reasons,
        rows: q.rows.map((r) => ({
          ...r,
          pairNoise: finite(r.pairNoise),
          runNoise: finite(r.runNoise),
          detectable: finite(r.detectable),
          detectableAtCap: finite(r.detectableAtCap),
        })),
        proofs: q.proofs,
      },
      null,
      2,
    ) + '\n'
  );
}
