/**
 * A drawn series in a compact text (issue 47): a year of 10,000 benchmarks draws 4 million values, which as JSON
 * numbers with their run indices (8 to 9 characters a value) were most of the site's bytes. The code holds the runs as
 * ranges and the values as integer steps of one power of ten, delta-coded, each number a variable count of characters
 * of the base64url alphabet (5 bits a character, the 6th saying another follows; the low bits first). It is text, so
 * the pages still hold it in their JSON data block and the index's chunks stay script files (they load from file://,
 * where fetch() is refused).
 *
 *     code   := runs "." values          ("" for a series without values)
 *     runs   := first (step count)*      the run indices: first, then each range of `count` + 1 runs `step` + 1 apart
 *     values := exponent q₀ (qᵢ − qᵢ₋₁)* value i is qᵢ × 10^exponent; exponent and q's as zigzag (0, −1, 1, −2 …)
 *
 * The step 10^exponent is the one that keeps `digits` significant digits of the series' smallest value, so every value
 * keeps at least `digits`: a value already rounded to `digits` significant digits (what the charts drew before) comes
 * back as the same double. Only the drawing reads it: every statistic was computed before, from the history's values.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The values a character holds; a character at or past it says another follows. */
const BASE = 32;

/** 10^n as the decimal literal reads: exact for the powers a double holds exactly, correctly rounded otherwise. */
function powerOfTen(n: number): number {
  return Number(`1e${n}`);
}

/** q steps of 10^exponent: a division by an exact power of ten, so 363666 at −3 is the double nearest 363.666. */
export function stepValue(q: number, exponent: number): number {
  return exponent < 0 ? q / powerOfTen(-exponent) : q * powerOfTen(exponent);
}

function zigzag(n: number): number {
  return n < 0 ? -2 * n - 1 : 2 * n;
}

const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** Characters a number below 2^55 takes at most. */
const MAX_CHARS = 11;

/** A code's characters as they are written: a buffer of character codes (strings added a character at a time cost 2×). */
class CodeBuffer {
  private readonly codes: Uint8Array;
  private length = 0;

  constructor(numbers: number) {
    this.codes = new Uint8Array(numbers * MAX_CHARS + 1);
  }

  /** n's characters: 5 bits a character, the low bits first. */
  varint(n: number): void {
    let rest = n;
    while (rest >= 2 ** 31) {
      this.codes[this.length++] = CODES[BASE + (rest % BASE)]!;
      rest = Math.floor(rest / BASE);
    }
    while (rest >= BASE) {
      this.codes[this.length++] = CODES[BASE + (rest & (BASE - 1))]!;
      rest >>>= 5;
    }
    this.codes[this.length++] = CODES[rest]!;
  }

  char(c: string): void {
    this.codes[this.length++] = c.charCodeAt(0);
  }

  text(): string {
    let text = '';
    for (let i = 0; i < this.length; i += 4096)
      text += String.fromCharCode(...this.codes.subarray(i, Math.min(this.length, i + 4096)));
    return text;
  }
}

/** The power of ten a series' values are counted in: `digits` significant digits of its smallest value. */
export function seriesExponent(values: readonly number[], digits: number): number {
  let smallest = Infinity;
  let largest = 0;
  for (const v of values) {
    const magnitude = Math.abs(v);
    if (magnitude > 0 && magnitude < smallest) smallest = magnitude;
    if (magnitude > largest) largest = magnitude;
  }
  if (largest === 0) return 0;
  const decade = (v: number) => Math.floor(Math.log10(v));
  // A series spanning more decades than a double's 15 digits keeps its largest value's 15.
  return Math.max(decade(smallest) - (digits - 1), decade(largest) - 15);
}

function pushRuns(out: CodeBuffer, runs: readonly number[]): void {
  out.varint(runs[0]!);
  let i = 1;
  while (i < runs.length) {
    const step = runs[i]! - runs[i - 1]!;
    let count = 1;
    while (i + count < runs.length && runs[i + count]! - runs[i + count - 1]! === step) count++;
    out.varint(step - 1);
    out.varint(count - 1);
    i += count;
  }
}

/**
 * The code of a series: `runs` ascending run indices and `values` their values (finite), to at least `digits`
 * significant digits.
 */
export function encodeSeries(runs: readonly number[], values: readonly number[], digits: number): string {
  if (runs.length !== values.length) throw new Error('encodeSeries: as many runs as values');
  if (runs.length === 0) return '';
  const exponent = seriesExponent(values, digits);
  // At most 2 numbers a run, the exponent and a number a value.
  const out = new CodeBuffer(3 * runs.length + 1);
  pushRuns(out, runs);
  out.char('.');
  out.varint(zigzag(exponent));
  // Steps of 10^exponent: a product by an exact power of ten, the division's inverse, rounded.
  const power = powerOfTen(Math.abs(exponent));
  let previous = 0;
  for (const v of values) {
    const q = Math.round(exponent < 0 ? v * power : v / power);
    if (!Number.isSafeInteger(q)) throw new Error(`encodeSeries: ${v} out of range`);
    out.varint(zigzag(q - previous));
    previous = q;
  }
  return out.text();
}

/** A code's runs and values: what the pages' script (DECODE_SERIES_SCRIPT) gives, for Node. */
export function decodeSeries(code: string): { r: number[]; y: number[] } {
  const r: number[] = [];
  const y: number[] = [];
  if (code === '') return { r, y };
  let i = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const k = ALPHABET.indexOf(code.charAt(i++));
      if (k < 0) throw new Error(`a drawn series' code has no character ${JSON.stringify(code.charAt(i - 1))}`);
      value += (k % BASE) * scale;
      scale *= BASE;
      if (k < BASE) return value;
    }
  };
  const signed = (z: number) => (z % 2 === 1 ? -(z + 1) / 2 : z / 2);
  const dot = code.indexOf('.');
  r.push(next());
  while (i < dot) {
    const step = next() + 1;
    const count = next() + 1;
    for (let k = 0; k < count; k++) r.push(r[r.length - 1]! + step);
  }
  i = dot + 1;
  const exponent = signed(next());
  let q = 0;
  while (i < code.length) {
    q += signed(next());
    y.push(stepValue(q, exponent));
  }
  if (y.length !== r.length) throw new Error(`a drawn series' code has ${r.length} runs and ${y.length} values`);
  return { r, y };
}

/**
 * The pages' `decodeSeries(code)` (the index's sparklines, an experiment page's trend charts): decodeSeries above, as
 * the browser runs it.
 */
export const DECODE_SERIES_SCRIPT = `function decodeSeries(code) {
    var A = '${ALPHABET}', B = ${BASE}, r = [], y = [], i = 0;
    if (code === '') return { r: r, y: y };
    function next() {
      var value = 0, scale = 1, k;
      for (;;) {
        k = A.indexOf(code.charAt(i++));
        if (k < 0) throw new Error('a drawn series\\' code has no character ' + JSON.stringify(code.charAt(i - 1)));
        value += (k % B) * scale;
        scale *= B;
        if (k < B) return value;
      }
    }
    function signed(z) { return z % 2 === 1 ? -(z + 1) / 2 : z / 2; }
    var dot = code.indexOf('.');
    r.push(next());
    while (i < dot) {
      var step = next() + 1, count = next() + 1;
      for (var k = 0; k < count; k++) r.push(r[r.length - 1] + step);
    }
    i = dot + 1;
    var exponent = signed(next()), q = 0;
    while (i < code.length) {
      q += signed(next());
      y.push(exponent < 0 ? q / Number('1e' + -exponent) : q * Number('1e' + exponent));
    }
    if (y.length !== r.length) throw new Error('a drawn series\\' code has ' + r.length + ' runs and ' + y.length + ' values');
    return { r: r, y: y };
  }`;
