/**
 * The one sign convention of every report: a change is the change of the value itself,
 * (new − old) / old, + when the value went up and − when it went down, whichever way is worse.
 * Whether it is worse is said by the status (❌, ⚠️, "regression") and the metric's direction
 * (↑ marks higher is better), never by flipping the sign. The comparison model keeps its effects
 * worse-positive (the gate and the ordering use them); renderers show them through these helpers.
 */
import type { Direction } from '../model/measurement.js';

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
 * because the metric's direction says which way, to 3 significant digits: `11.8 %`; beyond 10 000 % `> 10000 %`.
 */
export function worseningSize(percent: number): string {
  if (Number.isNaN(percent)) return '—';
  if (percent > 10_000) return '> 10000 %';
  return `${changeDigits(percent).replace(/^\+/, '')} %`;
}

/**
 * A change's digits, signed, to 3 significant digits and at most 3 decimals (`+36.8`, `+1.23`, `+0.221`, `+127`,
 * `-8.07`; `0` for none); beyond ±10 000 % `> +10000`. For human-facing tables only: CSV and JSON keep every digit.
 */
export function changeDigits(percent: number): string {
  if (Number.isNaN(percent)) return '—';
  if (percent > 10_000) return '> +10000';
  if (percent < -10_000) return '< -10000';
  const magnitude = Math.abs(percent);
  const decimals = magnitude === 0 ? 0 : Math.min(3, Math.max(0, 2 - Math.floor(Math.log10(magnitude))));
  let text = magnitude.toFixed(decimals);
  // 99.95 rounds to 100.0 at one decimal: three significant digits are 100.
  if (decimals > 0 && Number(text) >= 10 ** (3 - decimals)) text = magnitude.toFixed(decimals - 1);
  if (Number(text) === 0) return '0';
  return `${percent < 0 ? '-' : '+'}${text}`;
}

/** A change in %, to 3 significant digits: `+36.8 %`. */
export function changePercent(percent: number): string {
  return Number.isNaN(percent) ? '—' : `${changeDigits(percent)} %`;
}

/** A range of changes (in %, as the value's own), to 3 significant digits: `-29.0 … +109 %`. */
export function changeRangeText(range: { lower: number; upper: number }): string {
  return `${changeDigits(range.lower)} … ${changeDigits(range.upper)} %`;
}

/**
 * A worse-positive effect (relative) with its worse-positive interval, as the value's change with its 90 % interval:
 * `+22.0 % (-29.0 … +109 %)`; the change alone when there is no interval.
 */
export function changeWithInterval(
  worse: number,
  interval: { lower: number; upper: number } | undefined,
  direction: Direction | undefined,
): string {
  const change = changePercent(valueChange(worse * 100, direction));
  const range = valueChangeRange(interval, direction);
  if (range === undefined) return change;
  return `${change} (${changeRangeText({ lower: range.lower * 100, upper: range.upper * 100 })})`;
}
