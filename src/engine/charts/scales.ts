/**
 * Scales and axis ticks for the SVG renderer (svg.ts): linear scales with "nice" round ends and
 * ticks at 1, 2 or 5 × 10ⁿ (the algorithm of d3-array's `ticks` and d3-scale's `nice`, which vega
 * uses, so the still images read like report.html's interactive charts), log₁₀ scales over whole
 * decades, and the label text of each tick. Pure: no I/O, no rendering.
 */

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** [first, last, increment] of the ticks in [start, stop] (d3-array tickSpec); a negative increment means 1/|inc|. */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = Math.pow(10, -power) / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = Math.pow(10, power) * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** About `count` round values in [start, stop] (start ≤ stop), each 1, 2 or 5 × 10ⁿ apart. */
export function linearTicks(start: number, stop: number, count: number): number[] {
  if (!(count > 0) || !Number.isFinite(start) || !Number.isFinite(stop)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  const ticks: number[] = [];
  // (i1 + k), not a counter from i1: -0 + 0 is +0, so a tick at zero is never -0 (as in d3).
  for (let k = 0; k <= i2 - i1; k++) ticks.push(inc < 0 ? (i1 + k) / -inc : (i1 + k) * inc);
  return ticks;
}

/** The distance between the ticks linearTicks gives (as a positive number). */
export function tickStep(start: number, stop: number, count: number): number {
  const inc = tickSpec(start, stop, count)[2];
  return inc < 0 ? 1 / -inc : inc;
}

/** [start, stop] widened to the round values around them (d3-scale `nice`). */
export function niceDomain(start: number, stop: number, count: number): [number, number] {
  let prestep: number | undefined;
  for (let iteration = 0; iteration < 10; iteration++) {
    const inc = tickSpec(start, stop, count)[2];
    if (inc === prestep) break;
    if (inc > 0) {
      start = Math.floor(start / inc) * inc;
      stop = Math.ceil(stop / inc) * inc;
    } else if (inc < 0) {
      start = Math.ceil(start * inc) / inc;
      stop = Math.floor(stop * inc) / inc;
    } else break;
    prestep = inc;
  }
  return [start, stop];
}

/** A domain that is not a single point: a lone value gets room on both sides. */
export function spread(lo: number, hi: number): [number, number] {
  if (lo < hi) return [lo, hi];
  const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
  return [lo - pad, hi + pad];
}

/** `1234567.5` → `1,234,567.5`: digits grouped by three, as vega's axes write them. */
function groupThousands(fixed: string): string {
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + (dot < 0 ? '' : body.slice(dot));
}

/** The label of a linear tick `value` on an axis whose ticks are `step` apart: as many decimals as the step needs. */
export function formatTick(value: number, step: number): string {
  const decimals = Math.max(0, Math.min(20, -Math.floor(Math.log10(Math.abs(step)))));
  const text = groupThousands(value.toFixed(decimals));
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** The label of a log-axis tick, a power of ten times 1–9: `0.02`, `5`, `2,000`. */
export function formatLogTick(value: number): string {
  const exponent = Math.floor(Math.log10(value) + 1e-9);
  return groupThousands(value.toFixed(Math.max(0, Math.min(20, -exponent))));
}

/** The whole decades around [lo, hi] (lo > 0): 10^floor(log lo) to 10^ceil(log hi), at least one decade. */
export function logDomain(lo: number, hi: number): [number, number] {
  const a = Math.floor(Math.log10(lo) + 1e-12);
  let b = Math.ceil(Math.log10(hi) - 1e-12);
  if (b <= a) b = a + 1;
  return [Math.pow(10, a), Math.pow(10, b)];
}

/** `m × 10ᵏ` without the rounding error of the multiplication (0.3, not 0.30000000000000004). */
function decadeValue(m: number, k: number): number {
  return k >= 0 ? m * Math.pow(10, k) : m / Math.pow(10, -k);
}

/**
 * Ticks of a log₁₀ axis over [lo, hi] (whole decades, logDomain): grid lines at every 1–9 × 10ᵏ when
 * the axis spans few decades, else at the decades; labels at the multiples in `labelled` (1, 2 and
 * 5, say) of each decade, every `decadeStep`-th decade.
 */
export function logTicks(
  lo: number,
  hi: number,
  labelled: readonly number[],
  decadeStep = 1,
): { grid: number[]; labels: number[] } {
  const a = Math.round(Math.log10(lo));
  const b = Math.round(Math.log10(hi));
  const grid: number[] = [];
  const labels: number[] = [];
  const minor = b - a <= 6;
  for (let k = a; k <= b; k++) {
    for (let m = 1; m <= 9; m++) {
      if (k === b && m > 1) break;
      const value = decadeValue(m, k);
      if (m === 1 || minor) grid.push(value);
      if (labelled.includes(m) && (k - a) % decadeStep === 0) labels.push(value);
    }
  }
  return { grid, labels };
}
