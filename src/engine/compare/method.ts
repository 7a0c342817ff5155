/**
 * A verdict method as one object: its name, its defaults, how it turns the sides of an experiment into rows, and every
 * sentence and output that is its own (the headline's account, the report's notes, the change chart's legend, the
 * action's outputs). One file per method carries one (thresholdMethod.ts, historyMethod.ts, pairedMethod.ts);
 * methods.ts lists them. Reports, charts, outputs and the pipeline read the object, never test its name.
 */
import type { GateStatistics } from './gate.js';
import type { ComparisonRow, SubExperimentComparison } from './rows.js';

/** How a comparison decided: one reference run and a threshold, a history's noise band, or interleaved A/B pairs. */
export type ComparisonMethod = 'threshold' | 'history' | 'paired';

/**
 * How the comparison decided, for the headline and the notes: the verdict settings (settings.ts) it was judged with, or
 * their fields.
 */
export interface MethodSummary {
  readonly method: ComparisonMethod;
  /** The gate's confidence per gated statistic family (1 − α). */
  readonly confidence: number;
  readonly gate: GateStatistics;
  /** The share of a family's α its pooled (geomean) row gets. */
  readonly pooledShare: number;
  /** Whether the candidate's repetitions were declared runs of separate jobs. */
  readonly independentRepetitions: boolean;
}

/** What a method's outputs are drawn from (a comparison report is one). */
export interface MethodOutcome {
  /** Gated rows whose interval straddles the threshold, and the most more pairs any of them needs. */
  readonly changes: { readonly inconclusive?: { readonly morePairs?: number } };
}

/** A step output: its name and value. */
export type MethodOutput = readonly [name: string, value: string | number];

export interface VerdictMethod {
  readonly name: ComparisonMethod;
  /** The confidence (1 − α per gated statistic family) when the user gives none. */
  readonly defaults: { readonly confidence: number };
  /** Whether it estimates the noise: a confidence applies, and α is spent per gated statistic family. */
  readonly judgesNoise: boolean;
  /** Whether a row bears the method's mark (a report built without its settings tells the method from its rows). */
  readonly marks?: (row: ComparisonRow) => boolean;
  /** The headline's account: `A/B paired, 8 pairs; false alarms ≤ 1 % per gated statistic`. */
  label(summary: MethodSummary, rows: readonly ComparisonRow[]): string;
  /** A few words for a comment's first line: `history of 8 runs`, `A/B, 12 pairs`, `against 1a2b3c4`. */
  shortLabel(rows: readonly ComparisonRow[], baselineCommit: string | undefined): string;
  /** What the headline calls the reference when it has no name: `the history`, `the baseline`. */
  readonly referenceName: string;
  /** What an unchanged comparison stayed within: `the threshold`, `the noise`. */
  readonly bound: string;
  /** What narrows the smallest change a row catches: `pairs`, `history runs or candidate repetitions`. */
  readonly narrowedBy: string;
  /** The report's notes on what the method can and cannot tell, in perfgate's own words. */
  notes(summary: MethodSummary, rows: readonly ComparisonRow[]): string[];
  /** The change chart's legend sentences on what only this method draws. */
  readonly chartNotes: readonly string[];
  /** The action's step outputs only this method sets. */
  outputs(outcome: MethodOutcome): MethodOutput[];
  /** Turns the sides of one experiment (two runs, a history and a run, A/B pairs) into its rows. */
  readonly compare: (experimentType: string, ...sides: never[]) => SubExperimentComparison;
}

/** `1 pair`, `8 pairs`. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A fraction as a percentage to three significant digits: `0.5 %`. */
export function percent(x: number): string {
  return `${Number((x * 100).toPrecision(3))} %`;
}

/** The most any row was judged on (history runs, repetitions or pairs). */
export function most(rows: readonly ComparisonRow[], of: (r: ComparisonRow) => number | undefined): number {
  return Math.max(0, ...rows.map(of).filter((v): v is number => v !== undefined));
}

/** A note's sentence on α: per gated statistic, and the pooled row's share of it. */
export function alphaSentence(summary: MethodSummary): string {
  return `Each gated statistic fails an unchanged build with probability ≤ ${percent(1 - summary.confidence)} (confidence ${summary.confidence}), ${shareText(summary.pooledShare)} of it spent on the pooled geomean row where there are several parameters.`;
}

/** A share of α in words: "half", "three quarters", else a percentage. */
export function shareText(share: number): string {
  return share === 0.5 ? 'half' : share === 0.75 ? 'three quarters' : percent(share);
}

/** The headline's bound on false alarms: `false alarms ≤ 1 % per gated statistic`. */
export function falseAlarms(summary: MethodSummary): string {
  return `false alarms ≤ ${percent(1 - summary.confidence)} per gated statistic`;
}
