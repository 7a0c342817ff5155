import {
  CHANGE_POINT_WINDOW,
  detectChangePoints,
  EDivisive,
  SplitWindows,
  type ChangePointAnalysis,
} from '../src/engine/stats/changePoints.js';
import { mulberry32 } from '../src/engine/stats/shift.js';

/** A small fixed wiggle (mean 0 over its 8 values, sd ≈ 0.0087), so that segments have a variance. */
const WIGGLE = [0, 0.01, -0.01, 0.005, -0.005, 0.01, -0.01, 0];
/** n values (a multiple of 8) whose mean is exactly `mean`'s. */
const level = (mean: number, n: number) => Array.from({ length: n }, (_, i) => mean + WIGGLE[i % WIGGLE.length]!);

/** The whole series as one window: the detector before windows (issue 47). */
const whole = () => new SplitWindows(Infinity);

/** Seeded series of log values: Gaussian-ish noise of sd `sd`, a level that moves now and then, and spikes. */
function noisy(seed: number, n: number, sd: number): number[] {
  const random = mulberry32(seed);
  let at = 0;
  return Array.from({ length: n }, () => {
    if (random() < 0.04) at += (random() - 0.5) * 0.8;
    const noise = (random() + random() + random() + random() - 2) * sd * Math.sqrt(3);
    return at + noise + (random() < 0.04 ? 0.7 : 0);
  });
}

describe('windows (Otava): a long series is split window by window', () => {
  test(`a series of up to ${CHANGE_POINT_WINDOW} values gives what the whole-series analysis gives`, () => {
    expect(CHANGE_POINT_WINDOW).toBeGreaterThanOrEqual(60);
    let withSteps = 0;
    for (let seed = 1; seed <= 240; seed++) {
      const n = 2 + ((seed * 7) % (CHANGE_POINT_WINDOW - 1));
      const values = noisy(seed, n, [0.01, 0.05, 0.14][seed % 3]!);
      const windowed: ChangePointAnalysis = detectChangePoints(values);
      expect(windowed).toEqual(detectChangePoints(values, {}, whole()));
      if (windowed.steps.length > 0) withSteps++;
    }
    // The comparison saw steps, not only empty analyses.
    expect(withSteps).toBeGreaterThan(40);
  });

  test('two steps in 304 runs, one in the oldest window, one in the newest: each at its run, with its ratio', () => {
    // 40 runs at 1, 208 at 1.3, 56 at 1.3 × 1.2 (geometric means exactly so: the wiggle's mean is 0 over 8 runs).
    const values = [...level(0, 40), ...level(Math.log(1.3), 208), ...level(Math.log(1.3 * 1.2), 56)];
    const r = detectChangePoints(values);
    expect(r.outliers).toEqual([]);
    expect(r.pending).toBeUndefined();
    expect(r.steps.map((s) => [s.index, s.lastBefore, s.runsBefore, s.runsAfter])).toEqual([
      [40, 39, 40, 208],
      [248, 247, 208, 56],
    ]);
    expect(r.steps[0]!.relativeChange).toBeCloseTo(0.3, 10);
    expect(r.steps[1]!.relativeChange).toBeCloseTo(0.2, 10);
    expect(r.steps[1]!.before).toBeCloseTo(Math.log(1.3), 12);
    expect(r.steps[1]!.after).toBeCloseTo(Math.log(1.56), 12);
  });

  test('a long series: a one-run spike is an outlier, and a change in the newest 2 runs is pending', () => {
    const values = [...level(0, 200), Math.log(1.5), Math.log(1.5)];
    values[120] = Math.log(3);
    const r = detectChangePoints(values);
    expect(r.steps).toEqual([]);
    expect(r.outliers.map((o) => [o.index, o.length])).toEqual([[120, 1]]);
    expect(r.outliers[0]!.relativeChange).toBeCloseTo(2, 1);
    expect(r.pending?.index).toBe(200);
    expect(r.pending?.relativeChange).toBeCloseTo(0.5, 1);
  });

  test('one SplitWindows serves a series and its prefix, outliers set aside or not, as fresh ones would', () => {
    let outliers = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const values = noisy(seed, 150 + seed * 20, 0.05);
      const shared = new SplitWindows();
      const full = detectChangePoints(values, {}, shared);
      const prefix = detectChangePoints(values.slice(0, -1), {}, shared);
      outliers += full.outliers.length;
      expect(full).toEqual(detectChangePoints(values));
      expect(prefix).toEqual(detectChangePoints(values.slice(0, -1)));
    }
    // Analyses with outliers set aside, whose windows lie across them.
    expect(outliers).toBeGreaterThan(12);
  });

  test('a window holds 2 values or more', () => {
    expect(() => new SplitWindows(1)).toThrow(/2 values or more/);
  });
});

describe('EDivisive.candidate', () => {
  /** The best (τ, κ) by every q, ties to the lowest τ then κ: the definition, written out. */
  function bestByQ(e: EDivisive, start: number, end: number) {
    let best = { index: -1, end: -1, qhat: -Infinity };
    for (let tau = start + 1; tau < end; tau++)
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const q = e.q(start, tau, kappa);
        if (best.index < 0 || q > best.qhat) best = { index: tau, end: kappa, qhat: q };
      }
    return best;
  }

  test('the tabled weights (≤ 128 values) and the direct ones (longer) give the best split by q, to the bit', () => {
    const values = noisy(47, 160, 0.05);
    const e = new EDivisive(values);
    for (const [start, end] of [
      [0, 60],
      [10, 138],
      [0, 129],
      [0, 160],
      [5, 7],
    ] as const)
      expect(e.candidate(start, end)).toEqual(bestByQ(e, start, end));
  });
});
