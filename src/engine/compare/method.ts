/**
 * A verdict method as one object, the whole strategy: its name, its defaults, which sides it reads, how it judges them
 * into rows, and every sentence and output that is its own (the headline's account, the report's notes, the change
 * chart's legend, the action's outputs). One file per method carries one (thresholdMethod.ts, historyMethod.ts,
 * pairedMethod.ts); methods.ts lists them and chooses one from the settings. Reports, charts, outputs and the pipeline
 * read the object, never test its name: the pipeline loads the sides the method `reads` and calls its `judge`.
 */
import type { VerdictOptions } from './defaults.js';
import type { GateStatistics } from './gate.js';
import type { ComparisonRow, ExperimentSide, SubExperimentComparison } from './rows.js';
import type { HistorySide } from './runIndex.js';
import type { Thresholds } from './thresholds.js';

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
  /** The sides it judges: one reference run and the results, a history of runs and the results, or A/B pairs. */
  readonly reads: MethodReads;
  /**
   * Judges every experiment of a comparison from the sides it reads (an input of another kind is a programming
   * error): each experiment's rows, in the input's order, and the report's notes on the whole comparison.
   */
  judge(input: MethodInput, thresholds: Thresholds, settings: JudgeSettings): Judged;
}

/** What a method reads: one reference run, a history of runs, or interleaved A/B pairs. */
export type MethodReads = MethodInput['reads'];

/** The sides of a comparison, of the kind its method reads (VerdictMethod.reads). */
export type MethodInput = RunInput | HistoryInput | PairsInput;

/** One reference run and the results (their repetitions pooled), by experiment. */
export interface RunInput {
  readonly reads: 'run';
  /** The experiments to judge, in the report's order. */
  readonly experiments: readonly string[];
  readonly reference: ReadonlyMap<string, ExperimentSide>;
  readonly results: ReadonlyMap<string, ExperimentSide>;
}

/** A history run's experiments (a run may lack one). */
export interface HistoryRunSides {
  readonly experiments: ReadonlyMap<string, HistorySide>;
  /** A history record's commit (a run folder has none): runs of one commit count the same (exactCounts.ts). */
  readonly recorded?: { readonly sha: string };
}

/** A history of runs (oldest first) and the results. */
export interface HistoryInput {
  readonly reads: 'history';
  /** The experiments to judge, in the report's order. */
  readonly experiments: readonly string[];
  readonly history: readonly HistoryRunSides[];
  /**
   * The history runs measured on the results' kind of machine (every run when the machine is not checked). None: the
   * results are judged against every run and reported not comparable.
   */
  readonly comparable: readonly HistoryRunSides[];
  readonly results: ReadonlyMap<string, ExperimentSide>;
}

/** One A/B pair of interleaved runs on the same runner: the base build's run and the candidate's. */
export interface ExperimentPair {
  reference: ExperimentSide | undefined;
  result: ExperimentSide | undefined;
}

/** One experiment of a paired run: its name and its A/B pairs. */
export interface PairedExperiment {
  type: string;
  pairs: readonly ExperimentPair[];
}

/** Interleaved A/B pairs, per experiment. */
export interface PairsInput {
  readonly reads: 'pairs';
  /** How many A/B pairs were given. */
  readonly pairs: number;
  /** Each experiment with its pairs, in the report's order. */
  readonly experiments: readonly PairedExperiment[];
}

/**
 * How a comparison decides (a VerdictSettings of settings.ts, resolved for the method) and the settings only one
 * method reads.
 */
export interface JudgeSettings extends VerdictOptions {
  readonly confidence: number;
  /** A history gate: false decides each family at the confidence alone, not the whole suite's together. */
  readonly suiteBudget?: boolean | undefined;
  /** A/B pairs: the cap of a sequential run; the pairs given are one look of it. */
  readonly maxPairs?: number | undefined;
  /** A/B pairs: model the shared shift of each pair. */
  readonly sharedShift?: boolean | undefined;
}

/** What a method judged: each experiment's rows, and its notes on the whole comparison (in perfgate's own words). */
export interface Judged {
  readonly comparisons: SubExperimentComparison[];
  readonly notes: readonly string[];
}

/** The error of a method handed sides it does not read: a programming error, never the user's. */
export function unreadSides(reads: MethodReads, input: MethodInput): RangeError {
  return new RangeError(`a method that reads ${reads} sides was handed ${input.reads} sides`);
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
