/**
 * The one sign convention of every report: a change is the change of the value itself,
 * (new − old) / old, + when the value went up and − when it went down, whichever way is worse.
 * Whether it is worse is said by the status (❌, ⚠️, "regression") and the metric's direction
 * (↑ marks higher is better), never by flipping the sign. The comparison model keeps its effects
 * worse-positive (the gate and the ordering use them); renderers show them through these helpers.
 */
import type { Direction } from '../model/measurement.js';
import { formatFixed3 } from '../numeric/formatFixed.js';

/** The legend sentence every report states its changes by. */
export const CHANGE_CONVENTION = 'the change of the value itself, (new − old) / old: + went up, − went down';

/** A worse-positive effect (in % or as a fraction) as the signed change of the value. */
export function valueChange(worse: number, direction: Direction | undefined): number {
  // No change is +0 either way (the reference's checks CSV keeps its −0 for a tie; a table shows none).
  if (worse === 0) return 0;
  return direction === 'higher-is-better' ? -worse : worse;
}

/** A worse-positive range (noise band, interval) as the range of the value's change, lowest first. */
export function valueChangeRange(
  range: { lower: number; upper: number } | undefined,
  direction: Direction | undefined,
): { lower: number; upper: number } | undefined {
  if (range === undefined || direction !== 'higher-is-better') return range;
  return { lower: valueChange(range.upper, direction), upper: valueChange(range.lower, direction) };
}

/**
 * A check's distance to its limit (`percentOver`, positive when worse, as the reference's checks
 * CSV has it) as the signed change from the requirement to the result, (result − limit) / limit:
 * a ≤ check fails above 0, a ≥ check below 0.
 */
export function changeFromRequirement(percentOver: number, direction: Direction | undefined): number {
  return valueChange(percentOver, direction);
}

/**
 * The size of a change the worse way (a threshold, the smallest change a row catches), unsigned
 * because the metric's direction says which way: `10.000 %`; beyond 10 000 % `> 10000 %`.
 */
export function worseningSize(percent: number): string {
  if (Number.isNaN(percent)) return '—';
  if (percent > 10_000) return '> 10000 %';
  return `${formatFixed3(percent)} %`;
}
