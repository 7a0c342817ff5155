/**
 * How much a test runs: `npm test` is the fast suite a contributor runs after every change, and
 * `npm run test:full` (PERFGATE_TEST_FULL=1) is the same suite at full volume, with the browser
 * tests, as CI runs it once. A suite with a volume knob (fuzz runs, scaling sizes) reads it here;
 * the fast volume still runs every case, only fewer generated inputs per case.
 */

/** Whether this is `npm run test:full`. */
export const FULL_VOLUME = process.env['PERFGATE_TEST_FULL'] === '1';

/** `full` under `npm run test:full`, `fast` under `npm test`. */
export function volume<T>(fast: T, full: T): T {
  return FULL_VOLUME ? full : fast;
}
