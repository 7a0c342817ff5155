/**
 * Number parsing as pandas does it, so that summaries computed here equal those of the
 * reference tooling to the last printed digit.
 *
 * - `precise`: correctly rounded (pandas >= 1.2 default, and JavaScript's own `Number()`).
 * - `legacy`: pandas < 1.2 `xstrtod`, which accumulates all digits into a double and then scales
 *   by binary powers of ten. It is not correctly rounded: `"111.466"` is `111466 / 10 / 100`.
 *   The reference summaries were made with it (spec §2.3).
 */
export type FloatParse = 'precise' | 'legacy';

export const FLOAT_PARSE_MODES: readonly FloatParse[] = ['precise', 'legacy'];

const DBL_MIN_EXP = -1021;
const DBL_MAX_EXP = 1024;

/**
 * Scales `digits` (the decimal digits read as one integer, possibly rounded) by 10^exponent the
 * way `xstrtod` does: binary decomposition of the exponent, dividing for negative exponents.
 */
export function legacyScale(digits: number, exponent: number): number {
  if (exponent < DBL_MIN_EXP || exponent > DBL_MAX_EXP) return exponent < 0 ? 0 : Infinity;
  let number = digits;
  let p10 = 10;
  let n = exponent < 0 ? -exponent : exponent;
  while (n) {
    if (n & 1) number = exponent < 0 ? number / p10 : number * p10;
    n >>= 1;
    p10 *= p10;
  }
  return number;
}

/** Powers of ten that are exact doubles (10^0 … 10^22). */
export const EXACT_POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * Parses a plain decimal number (`[+-]digits[.digits][e[+-]digits]`, at least one digit) from the
 * ASCII bytes `bytes[start, end)`. Returns `undefined` when they are not such a number.
 * Both modes accept the same syntax; they differ only in rounding.
 */
export function parseDecimalBytes(bytes: Uint8Array, start: number, end: number, mode: FloatParse): number | undefined {
  let i = start;
  let negative = false;
  const first = bytes[i];
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i++;
  }
  const digitsStart = i;
  let mantissa = 0;
  let digitCount = 0;
  let significant = 0; // digits from the first non-zero one: beyond 15 the mantissa may be inexact
  let fractionDigits = 0;
  while (i < end) {
    const d = bytes[i]! - 48;
    if (d < 0 || d > 9) break;
    mantissa = mantissa * 10 + d;
    if (significant > 0 || d !== 0) significant++;
    digitCount++;
    i++;
  }
  if (i < end && bytes[i] === 46 /* . */) {
    i++;
    while (i < end) {
      const d = bytes[i]! - 48;
      if (d < 0 || d > 9) break;
      mantissa = mantissa * 10 + d;
      if (significant > 0 || d !== 0) significant++;
      digitCount++;
      fractionDigits++;
      i++;
    }
  }
  if (digitCount === 0) return undefined;
  let exponent = -fractionDigits;
  if (i < end && (bytes[i]! | 32) === 101 /* e or E */) {
    i++;
    let expNegative = false;
    const sign = bytes[i];
    if (sign === 45 || sign === 43) {
      expNegative = sign === 45;
      i++;
    }
    let e = 0;
    let expDigits = 0;
    while (i < end) {
      const d = bytes[i]! - 48;
      if (d < 0 || d > 9) break;
      if (e < 100000) e = e * 10 + d;
      expDigits++;
      i++;
    }
    if (expDigits === 0) return undefined;
    exponent += expNegative ? -e : e;
  }
  if (i !== end) return undefined;

  let value: number;
  if (mode === 'legacy') {
    value = legacyScale(mantissa, exponent);
  } else if (significant <= 15 && exponent >= -22 && exponent <= 22) {
    // Clinger's fast path: an exact integer and an exact power of ten, one correctly rounded step.
    value = exponent < 0 ? mantissa / EXACT_POW10[-exponent]! : mantissa * EXACT_POW10[exponent]!;
  } else {
    value = Number(latin1.decode(bytes.subarray(digitsStart, end)));
  }
  return negative ? -value : value;
}

const encoder = new TextEncoder();
const latin1 = new TextDecoder('latin1');

/** Parses a whole cell (surrounding spaces allowed) as a decimal number. */
export function parseNumber(text: string, mode: FloatParse): number | undefined {
  const trimmed = text.trim();
  // UTF-8 needs at most 3 bytes per UTF-16 code unit; encoding into a reused buffer saves an
  // allocation per cell (summary and requirement files have many short cells).
  if (trimmed.length * 3 > cellBuffer.length) cellBuffer = new Uint8Array(trimmed.length * 3);
  const { written } = encoder.encodeInto(trimmed, cellBuffer);
  return parseDecimalBytes(cellBuffer, 0, written, mode);
}

let cellBuffer = new Uint8Array(256);

/** Cells pandas reads as NaN that perfgate also accepts as "no value". */
export function isMissingValue(text: string): boolean {
  const t = text.trim();
  return t === '' || t === 'nan' || t === 'NaN' || t === 'NA' || t === 'N/A';
}
