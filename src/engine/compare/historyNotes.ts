/**
 * The history method's report words: its notes (the whole-suite budget, rows the suite held, weights, repetitions,
 * machine states, a history too short to judge against the noise) and the counts they are made of.
 */
import { SHARED_DEFAULTS } from './defaults.js';
import { most, plural, percent, shareText, type MethodSummary } from './method.js';
import { SUITE_RULE } from './suiteBudget.js';
import { bandOf, type ComparisonRow } from './rows.js';
import { suiteMoves } from './heldBack.js';

/** How many gated statistics the whole-suite budget decided together (0: it did not decide). */
export function suiteFamilies(rows: readonly ComparisonRow[]): number {
  return most(rows, (r) => r.suite?.families);
}

/** The budget's sentence: the whole comparison's bound, the rule, and what one statistic regressed alone must clear. */
export function suiteSentence(summary: MethodSummary, rows: readonly ComparisonRow[]): string {
  const alpha = 1 - summary.confidence;
  const families = suiteFamilies(rows);
  const level = families > 1 ? `${percent(alpha)}/${families} = ${percent(alpha / families)}` : percent(alpha);
  return (
    `An unchanged build fails with probability ≤ ${percent(alpha)} (confidence ${summary.confidence}), whatever the suite's size: ` +
    `its ${plural(families, 'gated statistic')} are decided together (${SUITE_RULE}, so that heavy-tailed noise keeps the bound). ` +
    `A statistic regressed alone is judged at ${level}, ${shareText(summary.pooledShare)} of it on the pooled geomean row where there are several parameters, ` +
    `and Catches ≥ and the smallest changes caught below are given at that level, as the budget reads a p-value (a statistic regressed with others is judged at a higher one); the two-stage gate (confirm) or --no-suite-budget (input suite-budget: false) keeps each statistic's own ${percent(alpha)}.`
  );
}

export function heldBySuiteNote(rows: readonly ComparisonRow[]): string[] {
  const held = rows.filter((r) => r.suite?.held).length;
  if (held === 0) return [];
  return [
    `${plural(held, 'row')} ${held === 1 ? 'is' : 'are'} over the threshold and outside ${held === 1 ? 'its' : 'their'} noise band but not significant for the suite of ${plural(suiteFamilies(rows), 'gated statistic')}: shown as warn, not failing.`,
  ];
}

/**
 * The suite rows that failed or moved over the threshold (heldBack.ts): what they are the geomean of, and what tells a
 * slower runner from a slower build, which they cannot.
 */
export function suiteRowNote(rows: readonly ComparisonRow[]): string[] {
  return suiteMoves(rows).map((m) => {
    const pct = (x: number) => `${x >= 0 ? '+' : '−'}${percent(Math.abs(x))}`;
    const outcome = m.failed ? 'It fails the gate' : 'It does not fail the gate';
    return (
      `The whole suite: the geomean of ${plural(m.benchmarks, 'benchmark')}' ${m.metric} ${m.statistic} moved ${pct(m.change)} the worse way; the history's runs' own suite geomeans varied ${pct(m.spread.lower)} … ${pct(m.spread.upper)} (worse positive). ` +
      `It is judged against the spread of those geomeans as one gated statistic more within the whole-suite budget. ${outcome}. ` +
      'A slower runner moves every benchmark as a slower build does: the confirmation stage (confirm-command: A/B pairs of the base and this build on one runner) or a rerun of the base on this runner tells them apart.'
    );
  });
}

/** The most history runs any row was judged against. */
export function historyRuns(rows: readonly ComparisonRow[]): number {
  return most(rows, (r) => bandOf(r)?.historyRuns);
}

export function weightsNote(rows: readonly ComparisonRow[]): string[] {
  const weighted = rows.map((r) => (r.pooled ? bandOf(r) : undefined)).find((b) => b?.weights !== undefined);
  if (!weighted) return [];
  return [
    `The geomean rows weight each parameter by 1/σ², σ estimated on ${plural(weighted.weightRuns ?? 0, 'history run')} older than the band's window (never on the runs under test); the weights are in comparison.json.`,
  ];
}

export function repetitionsNote(summary: MethodSummary, rows: readonly ComparisonRow[]): string[] {
  const repeated = most(rows, (r) => (r.gated ? r.repetitions : undefined));
  if (repeated <= 1 || summary.independentRepetitions) return [];
  return [
    `The candidate's ${repeated} repetitions are judged as runs of one job, which can share its noise: they narrow the band only as far as the history's runs pool as many repetitions. If they ran in separate jobs, say so with repetitions: independent (docs/statistics.md).`,
  ];
}

export function stateChangeNote(rows: readonly ComparisonRow[]): string[] {
  const states = rows.filter((r) => r.status === 'state-change').length;
  if (states === 0) return [];
  return [
    // Said of any tool's rows: no tool is named (ddsperf is where it was seen, not the only one that can).
    `${plural(states, 'row')} changed state: the history shows two levels a factor of 2 or more apart (the benchmark switches between a fast and a slow state from run to run, whatever the code does) and the result is at one of them. Reported as a state change, not a regression.`,
  ];
}

/** What a history too short to estimate the noise gives: `too short to estimate the noise (3 runs needed)`. */
export const TOO_SHORT = `too short to estimate the noise (${SHARED_DEFAULTS.minHistory} runs needed)`;

/** Whether no row was judged against the noise: every row the history could judge had too few runs. */
export function tooShort(rows: readonly ComparisonRow[]): boolean {
  return rows.some((r) => r.status === 'insufficient-history') && !rows.some((r) => r.pValue !== undefined);
}

export function shortHistoryNote(rows: readonly ComparisonRow[]): string[] {
  const short = rows.filter((r) => r.status === 'insufficient-history');
  if (short.length === 0) return [];
  const what = tooShort(rows)
    ? `History of ${plural(historyRuns(rows), 'run')}: ${TOO_SHORT}, so nothing here is judged against the noise and no false-alarm rate holds.`
    : `${plural(short.length, 'row')} had fewer than ${SHARED_DEFAULTS.minHistory} runs of history: ${TOO_SHORT}.`;
  return [
    `${what} Changes over the threshold are shown against the newest run, not failed: on a loaded runner that rule failed most unchanged pull requests at any threshold (docs/statistics.md, "A short history"). ` +
      `The gate judges against the noise once ${SHARED_DEFAULTS.minHistory} pushes to the default branch are recorded (record-history). Until then, a confirmation stage (confirm-command) decides such rows by A/B pairs on this runner, as A/B pairs throughout do (paired: true).`,
  ];
}
