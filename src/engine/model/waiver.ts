/**
 * One row of a waiver file (compare/waivers.ts reads it): a failing row of this benchmark and metric is accepted while
 * its change stays within the ceiling, until the day it expires. The history record keeps the waivers in force on the
 * day a change was merged in the same shape (history/record.ts).
 */
export interface Waiver {
  benchmark: string;
  metric: string;
  /** The largest accepted change, in % the worse way. */
  ceilingPercent: number;
  /** The last day the waiver applies, `YYYY-MM-DD`. */
  expires: string;
  link: string;
  reason: string;
  /** Where it was written: `file:line`, for warnings and the comment. */
  place: string;
  /** The file and line of `place`, when read from a waiver file (an overlap of two waivers is an error at both). */
  file?: string;
  line?: number;
}
