/**
 * How each shell spells the settings the rules name: the CLI's flags and the action's inputs. A rule
 * is written once (rules.ts) and its message names what the user typed, `--max-pairs` in a terminal
 * and `input "max-pairs"` in a workflow.
 */
export interface Spelling {
  /** What a rule of the comparison starts with: the CLI names its command (`compare: `), the action nothing. */
  compare: string;
  /** The reference to compare with: the CLI's `--reference`, the action's `baseline`. */
  reference: string;
  history: string;
  /** How to turn `paired` on, as a rule that needs it says so. */
  pairedOn: string;
  maxPairs: string;
  sharedShift: string;
  /** How to turn the whole-suite budget of a history gate off. */
  suiteBudgetOff: string;
  confidence: string;
  gate: string;
  threshold: string;
  missing: string;
  floatParse: string;
  format: string;
  mapping: string;
  skipSeconds: string;
  repetitions: string;
  experimentNames: string;
  /** The two-stage gate's confirmation: the benchmark command and the builds' folders. */
  confirmCommand: string;
  confirmBaseDir: string;
  confirmHeadDir: string;
  confirmMaxPairs: string;
  confirmRunTimeout: string;
  confirmMaxMinutes: string;
  /**
   * Paired without A/B pairs to compare (no reference paths, or a history): each shell says what to give in its own
   * words (the CLI two lists of runs, the action two folders of run folders).
   */
  pairedNeedsPairs: string;
}

export const CLI_SPELLING: Readonly<Spelling> = Object.freeze({
  compare: 'compare: ',
  reference: '--reference',
  history: '--history',
  pairedOn: '--paired',
  maxPairs: '--max-pairs',
  sharedShift: '--shared-shift',
  suiteBudgetOff: '--no-suite-budget',
  confidence: '--confidence',
  gate: '--gate',
  threshold: '--threshold',
  missing: '--missing',
  floatParse: '--float-parse',
  format: '--format',
  mapping: '--mapping',
  skipSeconds: '--skip-seconds',
  repetitions: '--repetitions',
  experimentNames: '--experiment-name',
  confirmCommand: '--command',
  confirmBaseDir: '--base-dir',
  confirmHeadDir: '--head-dir',
  confirmMaxPairs: '--max-pairs',
  confirmRunTimeout: '--run-timeout',
  confirmMaxMinutes: '--max-minutes',
  pairedNeedsPairs: 'compare: --paired compares A/B pairs; give --reference and --results, not --history',
});

export const ACTION_SPELLING: Readonly<Spelling> = Object.freeze({
  compare: '',
  reference: 'input "baseline"',
  history: 'input "history"',
  pairedOn: 'input "paired: true"',
  maxPairs: 'input "max-pairs"',
  sharedShift: 'input "shared-shift"',
  suiteBudgetOff: 'input "suite-budget: false"',
  confidence: 'input "confidence"',
  gate: 'input "gate"',
  threshold: 'input "threshold"',
  missing: 'input "missing"',
  floatParse: 'input "float-parse"',
  format: 'input "format"',
  mapping: 'input "mapping"',
  skipSeconds: 'input "skip-seconds"',
  repetitions: 'input "repetitions"',
  experimentNames: 'input "experiment-names"',
  confirmCommand: 'input "confirm-command"',
  confirmBaseDir: 'input "confirm-base-dir"',
  confirmHeadDir: 'input "confirm-head-dir"',
  confirmMaxPairs: 'input "confirm-max-pairs"',
  confirmRunTimeout: 'input "confirm-run-timeout"',
  confirmMaxMinutes: 'input "confirm-max-minutes"',
  pairedNeedsPairs:
    'input "paired": give input "baseline" as the folder of base-build runs and "results" as the folder of candidate runs (one sub-folder per run: r1, r2, …)',
});
