/**
 * How a value reads in a human-facing report: the display unit chosen per row (a comparison's
 * reference and result, a check's result and limit, a chart panel's values) so that each value
 * has 3–4 significant digits: `2.350 ns`, `154.6 ms`, `10.57 M ops/s`, `1.250 GB/s`. Formatting
 * only: the values and their base units in CSV and JSON outputs do not change.
 */
import { parseUnit, type Dimension } from '../model/units.js';

export interface QuantityDisplay {
  /** The unit the values are shown in (`ns`, `M ops/s`, `GB/s`); '' for a plain number. */
  unit: string;
  /** Multiply a value in the row's unit by this to get it in `unit`. */
  scale: number;
  /** A finite value's digits in `unit`, without the unit. */
  number(x: number): string;
  /** A finite value's digits and its unit: `2.350 ns`. */
  withUnit(x: number): string;
}

/**
 * A ladder of units of one dimension, smallest first, each with its size in the dimension's base
 * unit and, where it is not the size, the value from which it is used.
 */
type Ladder = readonly (readonly [symbol: string, size: number, from?: number])[];

const TIME: Ladder = [
  ['ns', 1e-3],
  ['µs', 1],
  ['ms', 1e3],
  ['s', 1e6],
];
const BYTERATE: Ladder = [
  ['B/s', 1e-6],
  ['kB/s', 1e-3],
  ['MB/s', 1],
  ['GB/s', 1e3],
];
const BITRATE: Ladder = [
  ['b/s', 1e-6],
  ['kb/s', 1e-3],
  ['Mb/s', 1],
  ['Gb/s', 1e3],
];
// k from 10 000: `1000 ops/s` reads better than `1.000 k ops/s`.
const RATE_PREFIXES: Ladder = [
  ['', 1],
  ['k', 1e3, 1e4],
  ['M', 1e6],
  ['G', 1e9],
];
const LADDERS: Partial<Record<Dimension, Ladder>> = {
  time: TIME,
  byterate: BYTERATE,
  bitrate: BITRATE,
  rate: RATE_PREFIXES,
};

/**
 * The display of a row's values given in `unit` (a report's unit: `µs`, `ns`, `Hz`, `MB/s`, `B`,
 * `` …). `printedUnit` is the unit the tool printed (the metric's displayUnit); it names what a
 * rate counts (`ops/ms` → `ops/s`). Times go to ns, µs, ms or s; rates to `/s` with k, M, G
 * prefixes (never Hz); byte and bit rates to B/s … GB/s. Sizes, counts, ratios and units perfgate
 * does not know stay in their unit: integers as they are, other values to 3–4 significant digits.
 * The values of a row share their decimals (4 significant digits for the largest), so they line
 * up: `10.57 → 8.07 M ops/s`; a value far below the largest keeps 3 significant digits.
 */
export function quantityDisplay(unit: string, values: readonly number[], printedUnit?: string): QuantityDisplay {
  const parsed = parseUnit(unit);
  const ladder = parsed ? LADDERS[parsed.dimension] : undefined;
  const finite = values.filter((x) => Number.isFinite(x));
  if (!parsed || !ladder) {
    const integers = finite.every((x) => Number.isInteger(x));
    return display(unit, 1, integers ? undefined : decimalsFor(rounded4(largest(finite))));
  }
  // The largest value picks the unit, rounded first so that 999.96 ns reads 1.000 µs, not 1000.0 ns.
  const inBase = rounded4(largest(finite) * parsed.toBase);
  let step = ladder.find(([, size]) => size === 1)!;
  if (inBase > 0)
    for (const candidate of ladder)
      if (candidate === ladder[0] || inBase >= (candidate[2] ?? candidate[1])) step = candidate;
  const scale = parsed.toBase / step[1];
  const symbol = parsed.dimension === 'rate' ? rateUnit(step[0], printedUnit) : step[0];
  return display(symbol, scale, decimalsFor(rounded4(largest(finite) * scale)));
}

/** `M ops/s`, `k/s`, `items/s`, `/s`. */
function rateUnit(prefix: string, printedUnit: string | undefined): string {
  const item = itemWord(printedUnit);
  if (prefix !== '' && item !== '') return `${prefix} ${item}/s`;
  return `${prefix}${item}/s`;
}

/** What a rate counts, from the tool's unit: `ops/ms` → `ops`, `items/s` → `items`; '' for `Hz`, `1/s`, `k/s`. */
export function itemWord(printedUnit: string | undefined): string {
  const match = /^\s*([A-Za-z][A-Za-z_-]*)\s*\/\s*(?:s|sec|second|ms|us|µs|μs|ns|min)\s*$/.exec(printedUnit ?? '');
  if (!match) return '';
  const word = match[1]!;
  return /^[kKMG]$/.test(word) ? '' : word;
}

function display(unit: string, scale: number, decimals: number | undefined): QuantityDisplay {
  const number = (x: number): string => {
    const v = x * scale;
    if (!Number.isFinite(v)) return String(v);
    if (decimals === undefined) return String(v);
    // A value much smaller than the row's largest keeps 3 significant digits.
    const own = v === 0 ? decimals : Math.max(decimals, 2 - Math.floor(Math.log10(Math.abs(v))));
    return fixed(v, Math.min(own, 20));
  };
  return { unit, scale, number, withUnit: (x) => (unit === '' ? number(x) : `${number(x)} ${unit}`) };
}

/** Decimals that give the largest value 4 significant digits (none from 1000 up). */
function decimalsFor(largestValue: number): number {
  if (!(largestValue > 0)) return 3;
  return Math.min(20, Math.max(0, 3 - Math.floor(Math.log10(largestValue))));
}

function fixed(v: number, decimals: number): string {
  const text = v.toFixed(decimals);
  // -0.000 reads as a sign on nothing.
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

const largest = (values: readonly number[]): number => values.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
const rounded4 = (x: number): number => (x > 0 ? Number(x.toPrecision(4)) : x);
