/**
 * The noncentral t and the power of a one-sided t test with a threshold (src/engine/stats/noncentralT.ts), against
 * values computed independently with scipy 1.17 (python3):
 *   scipy.stats.nct.cdf(t, df, ncp)
 *   power(shift, c, df, floor) = ∫ chi.pdf(w·√df, df)·√df · norm.cdf(shift − max(floor, c·w)) dw  (scipy.integrate.quad,
 *     split at floor / c, epsrel 1e-12)
 *   the smallest shift: scipy.optimize.brentq(power(s, c, df, floor) − 0.9, 0, 100, xtol=1e-12)
 */
import { describe, expect, test } from '@jest/globals';
import { noncentralTCdf, rejectionProbability, smallestShiftCaught } from '../src/engine/stats/noncentralT.js';
import { studentTCdf } from '../src/engine/stats/studentT.js';
import { normalCdf } from '../src/engine/stats/sequential.js';

describe('noncentralTCdf', () => {
  test.each([
    [3.365, 5, 4.84, 0.12900379392204436],
    [2.0, 1, 1.0, 0.6228719644602817],
    [-1.0, 3, 0.5, 0.09212120981435942],
    [12.617, 5, 14.0, 0.297417286150463],
    [2.8214, 9, 4.2, 0.11232661395683387],
    [1.7, 60, 2.5, 0.21255673596274802],
    [0.0, 2, -1.0, 0.8413447460685429],
    [5.0, 19, 3.0, 0.9351864113289314],
    [50, 2, 25, 0.7786450385229504],
    [200, 2, 100, 0.7787910481224689],
  ])('P(T ≤ %p; df %p, ncp %p) = %p (scipy nct.cdf)', (t, df, ncp, expected) => {
    expect(noncentralTCdf(t, df, ncp)).toBeCloseTo(expected, 6);
  });

  test('noncentrality 0 is Student t; infinite df is the normal', () => {
    for (const [t, df] of [
      [1.5, 3],
      [-2.2, 7],
      [4.1, 12],
    ] as const)
      expect(noncentralTCdf(t, df, 0)).toBeCloseTo(studentTCdf(t, df), 6);
    expect(noncentralTCdf(2.5, Infinity, 1)).toBeCloseTo(normalCdf(1.5), 12);
  });

  test('fewer than 1 degree of freedom is refused', () => {
    expect(() => noncentralTCdf(1, 0.5, 0)).toThrow(RangeError);
  });
});

describe('rejectionProbability', () => {
  test.each([
    [5.0, 3.365, 5, 2.0, 0.8918213869947376],
    [4.0, 2.0, 3, 3.5, 0.6876640786603837],
    [6.0, 4.0, 9, 0.0, 0.9366878256295128],
    [3.0, 2.5, 19, 2.9, 0.5274094896786835],
    [10.0, 12.617, 5, 1.0, 0.3257680003499411],
  ])('shift %p, critical %p, df %p, floor %p: %p (scipy quad)', (shift, critical, df, floor, expected) => {
    expect(rejectionProbability(shift, critical, df, floor)).toBeCloseTo(expected, 6);
  });

  test('without a floor it is the noncentral t upper tail at the critical value', () => {
    expect(rejectionProbability(4.84, 3.365, 5)).toBeCloseTo(1 - 0.12900379392204436, 6);
  });
});

describe('smallestShiftCaught', () => {
  test.each([
    [3.365, 5, 0.0, 5.067931280997362],
    [2.8214, 9, 0.0, 4.281851360072357],
    [3.365, 5, 4.0, 5.512706468158381],
    [2.5, 19, 2.9, 4.220806911291307],
    [12.617005480830743, 5, 0.0, 17.2991247046937],
  ])('power 0.9, critical %p, df %p, floor %p: %p (scipy brentq)', (critical, df, floor, expected) => {
    expect(smallestShiftCaught(0.9, critical, df, floor)).toBeCloseTo(expected, 5);
  });

  // A row of a large family on 1–3 df has a critical value of 30–200: the power's integrand falls from 1 to 0 within
  // 1/critical of W, which one quadrature rule over W's whole range misses (it gave 76.36 for 75.90 below).
  test.each([
    [50, 2, 75.89510855633398],
    [100, 1, 164.49358675768516],
    [30, 3, 43.355105608705934],
    [200, 2, 303.49136538779425],
  ])('a large critical value %p on %p df: %p (scipy brentq over nct.sf)', (critical, df, expected) => {
    expect(smallestShiftCaught(0.9, critical, df)).toBeCloseTo(expected, 4);
  });

  test('is larger than critical + t(0.9, df), which treats the estimated se as exact', () => {
    // t(0.9, 5) = 1.4758840488244813 (scipy t.ppf): the old rule's 4.84 is caught 87 % of the time, not 90 %.
    expect(smallestShiftCaught(0.9, 3.365, 5)).toBeGreaterThan(3.365 + 1.4758840488244813 + 0.2);
  });

  test('a floor far above the critical value leaves the normal: floor + z(0.9)', () => {
    // z(0.9) = 1.2815515655446004; W's spread only matters where c·W may exceed the floor.
    expect(smallestShiftCaught(0.9, 1, 30, 50)).toBeCloseTo(50 + 1.2815515655446004, 5);
  });

  test('a power outside (0, 1) is refused', () => {
    expect(() => smallestShiftCaught(1, 2, 5)).toThrow(RangeError);
  });

  // smallestShiftCaught skips the first test of each bracket end where it can tell the answer without the integral:
  // at lo = max(floor, 0) − 10 the power is at most Φ(−10) when critical ≥ 0, and at hi = max(floor, critical, 0) + 10
  // it is 1 up to the quadrature when even W's largest value leaves the integrand 9 above the bar. The integrals it
  // skips must say what it assumes, across the designs a verdict meets.
  test('the bracket ends it does not test are on the sides it assumes', () => {
    let clearHi = 0;
    for (const df of [1, 2, 3, 5, 9, 19, 29, 100, 1e4])
      for (const critical of [0, 0.8, 1.6, 2.9, 4.5, 8, 30])
        for (const floor of [0, 0.5, 3, 8, 20, 60]) {
          const lo = Math.max(floor, 0) - 10;
          expect(rejectionProbability(lo, critical, df, floor)).toBeLessThan(1e-20);
          const hi = Math.max(floor, critical, 0) + 10;
          const widest = 1 + 10 / Math.sqrt(2 * df);
          if (hi - Math.max(floor, critical * widest) >= 9) {
            clearHi++;
            expect(rejectionProbability(hi, critical, df, floor)).toBeGreaterThanOrEqual(0.999);
          }
        }
    expect(clearHi).toBeGreaterThan(100);
  });
});
