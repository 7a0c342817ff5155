/**
 * Group-sequential A/B: the pairs are judged at planned looks (every 4 pairs from 8 up to a cap), and
 * each look spends part of α by a Lan–DeMets spending function, so the chance that an unchanged build
 * fails at any look stays ≤ α. Boundaries are on the z scale, computed by recursive numerical
 * integration (Armitage, McPherson and Rowe 1969; Jennison and Turnbull 2000, ch. 19) and converted to
 * the paired t test of each look by matching p-values: the look's t critical value on k − 1 degrees of
 * freedom has the same one-sided tail as its z boundary. That conversion is an approximation (the
 * looks' t statistics share a variance estimate that the z recursion does not model); bench/
 * validate-sequential.ts measures the false-alarm rate it gives.
 */
import { studentTQuantile } from './studentT.js';

/** Which Lan–DeMets spending function; O'Brien–Fleming spends little early, Pocock evenly. */
export type SpendingFunction = 'obrien-fleming' | 'pocock';

/** The spending function perfgate uses: measured in docs/statistics.md ("Sequential A/B"). */
export const DEFAULT_SPENDING: SpendingFunction = 'pocock';

/** The first look and the step between looks, in pairs. */
export const FIRST_LOOK = 8;
export const LOOK_STEP = 4;

/** P(Z ≤ z) for a standard normal (erfc by Numerical Recipes' Chebyshev fit, |relative error| < 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/** The p-quantile of the standard normal, by bisection on normalCdf. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile(${p})`);
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}

/** α spent by information fraction t (0 < t ≤ 1), one-sided level `alpha` (Lan and DeMets 1983). */
export function alphaSpent(spending: SpendingFunction, alpha: number, t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return alpha;
  return spending === 'pocock'
    ? alpha * Math.log(1 + (Math.E - 1) * t)
    : 2 - 2 * normalCdf(normalQuantile(1 - alpha / 2) / Math.sqrt(t));
}

/** Grid step on the z scale and the lower edge below which the density is treated as 0. */
const STEP = 0.02;
const FLOOR = -8;

/**
 * One-sided upper boundaries z₁ … z_K at increasing information fractions (the last 1), at one-sided
 * level `alpha`: an unchanged build crosses some boundary with probability alpha. No lower boundary
 * enters the computation (futility is non-binding: stopping to pass can only lower the false alarms).
 * A look that is given no α (a repeated fraction) gets +∞.
 */
export function sequentialBoundaries(
  fractions: readonly number[],
  alpha: number,
  spending: SpendingFunction,
): number[] {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  const key = `${spending}|${alpha}|${fractions.join(',')}`;
  const cached = boundaryCache.get(key);
  if (cached) return cached;
  const boundaries: number[] = [];
  // The sub-density of Z at the previous look on its continuation region (FLOOR, c), on a grid of step h.
  let grid: number[] = [];
  let density: number[] = [];
  let h = 0;
  let previousFraction = 0;
  let spent = 0;
  for (const [k, t] of fractions.entries()) {
    if (!(t > previousFraction && t <= 1)) throw new RangeError(`information fractions must increase in (0, 1]`);
    const target = alphaSpent(spending, alpha, t) - spent;
    const s = previousFraction;
    const d = t - s;
    // Z_k = (√s · Z_{k−1} + √d · ε) / √t: the probability of crossing c at this look without an earlier crossing.
    const crossing =
      k === 0
        ? (c: number) => 1 - normalCdf(c)
        : (c: number) =>
            h *
            simpson(
              grid.map((u, i) => density[i]! * (1 - normalCdf((c * Math.sqrt(t) - u * Math.sqrt(s)) / Math.sqrt(d)))),
            );
    let c = Infinity;
    if (target > 0) {
      let lo = -5;
      let hi = 40;
      for (let i = 0; i < 100 && hi - lo > 1e-10; i++) {
        const mid = (lo + hi) / 2;
        if (crossing(mid) > target) lo = mid;
        else hi = mid;
      }
      c = (lo + hi) / 2;
      spent += crossing(c);
    }
    boundaries.push(c);
    if (k === fractions.length - 1) break;
    const top = Math.min(c, 12);
    const intervals = 2 * Math.ceil((top - FLOOR) / STEP / 2);
    const nextH = (top - FLOOR) / intervals;
    const next = Array.from({ length: intervals + 1 }, (_, i) => FLOOR + nextH * i);
    const previous = { grid, density, h };
    // Kernel terms beyond 9 sd of the step are below 1e-18: skipped (the grid is wide, the kernel narrow).
    const centre = Math.sqrt(t / s);
    const reach = 9 * Math.sqrt(d / s);
    density =
      k === 0
        ? next.map(normalDensity)
        : next.map((z) => {
            const terms = previous.grid.map((u, i) =>
              Math.abs(u - z * centre) > reach
                ? 0
                : previous.density[i]! * normalDensity((z * Math.sqrt(t) - u * Math.sqrt(s)) / Math.sqrt(d)),
            );
            return previous.h * Math.sqrt(t / d) * simpson(terms);
          });
    grid = next;
    h = nextH;
    previousFraction = t;
  }
  boundaryCache.set(key, boundaries);
  return boundaries;
}

const boundaryCache = new Map<string, number[]>();

/** Simpson's rule over equally spaced samples (an odd count), in units of the step. */
function simpson(values: readonly number[]): number {
  const n = values.length - 1;
  if (n < 2) return 0;
  let sum = values[0]! + values[n]!;
  for (let i = 1; i < n; i++) sum += values[i]! * (i % 2 === 1 ? 4 : 2);
  return sum / 3;
}

/**
 * The looks of a sequential A/B run with `pairs` pairs so far and at most `maxPairs`: every
 * LOOK_STEP pairs from FIRST_LOOK below `pairs`, then `pairs` itself (a run that lost a pair still
 * looks where it is). Throws when `pairs` is above the cap.
 */
export function looksAt(pairs: number, maxPairs: number): number[] {
  if (!(Number.isInteger(maxPairs) && maxPairs >= 2)) throw new RangeError(`maxPairs must be an integer ≥ 2`);
  if (pairs > maxPairs) throw new RangeError(`${pairs} pairs is more than the cap of ${maxPairs}`);
  const looks: number[] = [];
  for (let n = FIRST_LOOK; n < pairs; n += LOOK_STEP) looks.push(n);
  looks.push(pairs);
  return looks;
}

/**
 * The one-sided nominal level of the look at `pairs` pairs (of at most `maxPairs`): the tail of its
 * z boundary, 1 − Φ(z). Judging that look's t test at this level converts the boundary to t by
 * matching p-values. At the cap with no earlier look this is `alpha` itself (a fixed design).
 */
export function sequentialNominalAlpha(
  pairs: number,
  maxPairs: number,
  alpha: number,
  spending: SpendingFunction = DEFAULT_SPENDING,
): number {
  const looks = looksAt(pairs, maxPairs);
  const boundaries = sequentialBoundaries(
    looks.map((n) => n / maxPairs),
    alpha,
    spending,
  );
  // Before the cap the last look is an interim one: its fraction is below 1, so spend by it.
  return 1 - normalCdf(boundaries[boundaries.length - 1]!);
}

/**
 * How many pairs in all would decide a row judged undecided: the smallest n > k at which the observed
 * mean log ratio `mean` (worse positive) with per-pair sd `sd` clears the nearer side at one-sided
 * level `alpha` above 0 when the mean is over the threshold (a failure), at level `beta` below the
 * threshold when it is under (a pass). `logThreshold` is the threshold on the log scale. Undefined when even `cap`
 * pairs would not decide (the mean sits on the threshold, or the sd is too large). With `sequential`, `cap` is the
 * run's cap and only its looks (every LOOK_STEP pairs from FIRST_LOOK, and the cap) are tried, each at its boundary.
 */
export function pairsToDecide(
  mean: number,
  sd: number,
  pairs: number,
  logThreshold: number,
  alpha: number,
  beta: number,
  cap: number,
  sequential?: { spending: SpendingFunction },
): number | undefined {
  const over = mean > logThreshold;
  const distance = over ? mean : logThreshold - mean;
  if (!(distance > 0) || !(sd >= 0)) return undefined;
  // A sequential run decides only at its looks, each at its own boundary; a fixed design at any n.
  const candidates: number[] = [];
  if (sequential) {
    for (let n = FIRST_LOOK; n < cap; n += LOOK_STEP) if (n > pairs) candidates.push(n);
    if (cap > pairs) candidates.push(cap);
  } else for (let n = Math.max(pairs + 1, 2); n <= cap; n++) candidates.push(n);
  for (const n of candidates) {
    const level = over ? alpha : beta;
    const nominal = sequential ? sequentialNominalAlpha(n, cap, level, sequential.spending) : level;
    if (studentTQuantile(1 - nominal, n - 1) * (sd / Math.sqrt(n)) < distance) return n;
  }
  return undefined;
}
