/**
 * A short history on real noise (docs/statistics.md, "A short history"): how often an unchanged pull request is over
 * the threshold against a history of 1 or 2 recorded runs, and what perfgate's verdict does with it.
 *
 * `node bench/short-history.mjs <folder>`: the folder holds repeated runs of one unchanged build (`go test -bench`
 * outputs, or any format perfgate reads, one file per run). Every ordered choice of history runs and one other run as
 * the pull request is judged; no sampling, so the same folder gives the same table.
 * - threshold rule, 1 run: each gated row against the one recorded run (what perfgate did before its minimum history);
 * - threshold rule, 2 runs: against the median of the two (the best a 2-run history can do without a noise estimate);
 * - perfgate: compareExperimentWithHistory, the verdict the action gives, with 1, 2 and 3 recorded runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goBenchAdapter } from '../src/engine/formats/goBench.js';
import { compareExperiment } from '../src/engine/compare/thresholdMethod.js';
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { median } from '../src/engine/stats/median.js';
import { keyOf, type ExperimentSide } from '../src/engine/compare/rows.js';
import type { Measurement, StatisticName } from '../src/engine/model/measurement.js';

const THRESHOLDS = [0.1, 0.25, 0.5, 1, 2];

const folder = process.argv[2];
if (folder === undefined) {
  process.stderr.write('usage: node bench/short-history.mjs <folder of go test -bench outputs, one run a file>\n');
  process.exit(2);
}
// Every file the Go reader recognises is a run; others (a marker, notes) are left alone.
const texts = readdirSync(folder)
  .sort()
  .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }))
  .filter(({ file, text }) => goBenchAdapter.recognises(text.slice(0, 65536), file));
/** Per run: its sides by experiment. */
const runs = texts.map(({ file, text }) => {
  const set = goBenchAdapter.parse({ file, text }, {});
  const sides = new Map<string, Measurement[]>();
  for (const m of set.measurements) sides.set(m.experiment, [...(sides.get(m.experiment) ?? []), m]);
  return sides;
});
if (runs.length < 4) {
  process.stderr.write(`${folder}: ${runs.length} runs; at least 4 are needed\n`);
  process.exit(2);
}
const experiments = [...new Set(runs.flatMap((r) => [...r.keys()]))].sort();
const side = (run: Map<string, Measurement[]>, experiment: string): ExperimentSide | undefined => {
  const measurements = run.get(experiment);
  return measurements ? { measurements } : undefined;
};

/** A side whose every statistic is the median of the runs' (the 2-run threshold rule's reference). */
function medianSide(history: readonly Map<string, Measurement[]>[], experiment: string): ExperimentSide | undefined {
  const first = history[0]!.get(experiment);
  if (!first) return undefined;
  const measurements = first.map((m) => {
    const statistics: Partial<Record<StatisticName, number>> = {};
    for (const name of Object.keys(m.statistics) as StatisticName[]) {
      const values = history
        .map((run) => run.get(experiment)?.find((o) => keyOf(o) === keyOf(m)))
        .map((o) => o?.statistics[name])
        .filter((v): v is number => v !== undefined);
      statistics[name] = median(values);
    }
    return { ...m, statistics };
  });
  return { measurements };
}

/** Every ordered choice of `size` distinct history runs (as a set) and one other run as the pull request. */
function* choices(size: number): Generator<{ history: number[]; candidate: number }> {
  const n = runs.length;
  const combine = function* (start: number, picked: number[]): Generator<number[]> {
    if (picked.length === size) return yield picked;
    for (let i = start; i < n; i++) yield* combine(i + 1, [...picked, i]);
  };
  for (const history of combine(0, []))
    for (let candidate = 0; candidate < n; candidate++) if (!history.includes(candidate)) yield { history, candidate };
}

const pct = (part: number, whole: number) => `${Number(((100 * part) / whole).toPrecision(2))} %`;
const out: string[] = [
  `${runs.length} unchanged runs in ${folder}, ${experiments.length} experiments: unchanged pull requests with a gated row over the threshold`,
  '',
  `| history | pull requests | ${THRESHOLDS.map((t) => `${t * 100} %`).join(' | ')} |`,
  `| :-- | --: | ${THRESHOLDS.map(() => '--:').join(' | ')} |`,
];
for (const size of [1, 2]) {
  const over = THRESHOLDS.map(() => 0);
  let total = 0;
  for (const { history, candidate } of choices(size)) {
    total++;
    THRESHOLDS.forEach((t, i) => {
      const thresholds = parseThresholds(String(t));
      const failed = experiments.some(
        (e) =>
          compareExperiment(
            e,
            medianSide(
              history.map((h) => runs[h]!),
              e,
            ),
            side(runs[candidate]!, e),
            thresholds,
          ).status === 'failed',
      );
      if (failed) over[i]!++;
    });
  }
  const name = size === 1 ? 'threshold rule, 1 run' : 'threshold rule, median of 2 runs';
  out.push(`| ${name} | ${total} | ${over.map((o) => pct(o, total)).join(' | ')} |`);
}
out.push(
  '',
  'perfgate at the 10 % threshold: unchanged pull requests that fail, and that show a row over the threshold',
  '',
);
out.push(
  '| recorded runs | pull requests | fail | shown over the threshold, not failed |',
  '| --: | --: | --: | --: |',
);
for (const size of [1, 2, 3]) {
  let total = 0;
  let failed = 0;
  let shown = 0;
  const thresholds = parseThresholds('0.1');
  for (const { history, candidate } of choices(size)) {
    total++;
    const judged = experiments.map((e) =>
      compareExperimentWithHistory(
        e,
        history.map((h) => side(runs[h]!, e)),
        side(runs[candidate]!, e),
        thresholds,
      ),
    );
    if (judged.some((c) => c.status === 'failed')) failed++;
    if (
      judged.some((c) =>
        c.rows.some((r) => r.gated && r.status === 'insufficient-history' && r.deltaPercent > r.threshold * 100),
      )
    )
      shown++;
  }
  out.push(`| ${size} | ${total} | ${pct(failed, total)} | ${pct(shown, total)} |`);
}
process.stdout.write(out.join('\n') + '\n');
