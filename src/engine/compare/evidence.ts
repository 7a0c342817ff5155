/**
 * The evidence of a row that only its method gives (ComparisonRow.evidence), one kind per method, and how code reads
 * and combines it. The threshold method gives none.
 */
/** What only A/B pairs give a row (pairedRows.ts, sharedShiftRows.ts, suiteShift.ts). */
export interface PairsEvidence {
  readonly kind: 'pairs';
  /** The relative change's interval, worse positive (lower edge: the one-sided bound at the row's confidence). */
  readonly interval?: { lower: number; upper: number };
  /**
   * Inconclusive rows: how many more pairs would decide at the observed effect and spread (absent when even `pairsCap`
   * pairs in all would not).
   */
  readonly morePairs?: number;
  /** Inconclusive rows: the most pairs in all that `morePairs` considered (the sequential cap, else 100). */
  readonly pairsCap?: number;
  /**
   * With the shared-shift model (sharedShiftRows.ts): `suite` on the pooled row, the suite's change; `benchmark` on a
   * parameter row, whose interval and p-value are its change relative to the suite's.
   */
  readonly sharedShift?: 'suite' | 'benchmark';
  /**
   * With the shared-shift model, a benchmark row judged in a suite across the experiments of the run
   * (suiteShift.ts): its family is the suite, not its experiment's metric and statistic.
   */
  readonly acrossExperiments?: boolean;
}

/** What only a history gives a row (historyMethod.ts, noise.ts). */
export interface BandEvidence {
  readonly kind: 'band';
  /** How many runs the band was estimated from. */
  readonly historyRuns: number;
  /** The relative effects (worse positive) an unchanged build is expected to give (e.g. −0.2 … +0.25). */
  readonly band?: { lower: number; upper: number };
  /**
   * A pooled row with a history long enough: each parameter's weight in the row's mean of logs, 1/σ² normalised to sum
   * to 1, σ estimated on `weightRuns` history runs older than the band's window (never on the runs under test).
   * Absent: every parameter weighs the same.
   */
  readonly weights?: Readonly<Record<string, number>>;
  /** How many older history runs the weights were estimated on. */
  readonly weightRuns?: number;
  /** The degrees of freedom of the Student t the row's `pValue` is read on. */
  readonly df?: number;
  /**
   * The standard error of the row's log change (noise.ts): its statistic is the log change over it, on `df`. What the
   * detectable change at another level needs (loneLevel.ts).
   */
  readonly standardError?: number;
  /** The suite row (suiteRow.ts): the whole suite's geomean against the geomeans of the history's runs. */
  readonly suite?: SuiteEvidence;
  /**
   * The row's own squared spread of one run's log and its df, before any prior: what the suite's prior on its
   * benchmarks' spreads is fitted to (suiteTails.ts). Not rendered.
   */
  readonly own?: { readonly variance: number; readonly df: number };
  /**
   * Each run of the band's window judged against the others, under the prior the row was judged with
   * (stats/leaveOneRunOut.ts): the row's share of the suite's own null statistics, which the whole-suite budget fits
   * its tail on (suiteBudget.ts). Not rendered.
   */
  readonly nulls?: { readonly statistics: readonly number[]; readonly df: number };
}

/** What a suite row is the geomean of, and how far the history's own suite geomeans varied. */
export interface SuiteEvidence {
  /** How many benchmarks (gated parameter rows) the geomean is taken over, in how many experiments. */
  readonly benchmarks: number;
  readonly experiments: number;
  /**
   * Each recorded run's suite geomean relative to the geomean of them all, worse positive, lowest and highest: "its
   * recorded runs varied −4.4 … +6.5 %".
   */
  readonly spread: { readonly lower: number; readonly upper: number };
}

/**
 * The evidence of a row that only its method gives, one kind per method (the threshold method gives none). The
 * fields the noise-judging methods share (repetitions, changeInterval, detectable, pValue, confidence) are still
 * ComparisonRow's own.
 */
export type RowEvidence = BandEvidence | PairsEvidence;

/** A row's history evidence, if it has one. */
export function bandOf(row: { readonly evidence?: RowEvidence | undefined }): BandEvidence | undefined {
  return row.evidence?.kind === 'band' ? row.evidence : undefined;
}

/** A row's A/B pairs evidence, if it has one. */
export function pairsEvidenceOf(row: { readonly evidence?: RowEvidence | undefined }): PairsEvidence | undefined {
  return row.evidence?.kind === 'pairs' ? row.evidence : undefined;
}

/** A row's pairs evidence with `fields` set over what it had. */
export function withPairs(
  evidence: Partial<PairsEvidence> | undefined,
  fields: Omit<PairsEvidence, 'kind'>,
): PairsEvidence {
  return { ...evidence, ...fields, kind: 'pairs' };
}

/**
 * A pooled row's evidence: its outcome's over the first parameter row's of its family (as every other field of that
 * row), except a band, which is the outcome's own or none, and pairs evidence, which describes one row's pairs and so is
 * the outcome's alone (a parameter row's interval, `morePairs` or `sharedShift: 'benchmark'` never reaches the pooled
 * row).
 */
export function pooledEvidence(
  first: RowEvidence | undefined,
  outcome: RowEvidence | undefined,
): RowEvidence | undefined {
  if (first?.kind === 'band') {
    // The first row's own spread and null statistics are its own, not the pooled row's.
    const { band: _band, own: _own, nulls: _nulls, ...kept } = first;
    return outcome?.kind === 'band' ? { ...kept, ...outcome } : (outcome ?? kept);
  }
  if (first?.kind === 'pairs') return outcome;
  return outcome ?? first;
}
