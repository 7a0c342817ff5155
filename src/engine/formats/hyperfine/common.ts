/**
 * What the hyperfine adapters (`--export-json` and `--export-csv`) share, written once: the time
 * metrics, the time fields and their statistics, and how a parameter's value is read, so a JSON and
 * a CSV run of the same benchmark compare.
 */
import { PAYLOAD_PARAMETER_NAMES, type Metric, type StatisticName, type TimeClock } from '../../model/measurement.js';

const time = (name: string, clock: TimeClock, role?: 'secondary'): Metric => ({
  name,
  ...(role ? { role } : {}),
  clock,
  dimension: 'time',
  unit: 'us',
  displayUnit: 's',
  direction: 'lower-is-better',
});

/** The wall-clock time of a command's runs (`mean`, `stddev`, …), stored in µs, shown in s. */
export const WALL_TIME = time('wall time', { of: 'wall', decides: 'waits' });
/**
 * `user` and `system`: the means over the runs of the command's CPU times. Secondary: a command's CPU time misses
 * what it waits for (I/O, sleeps, the network), and hyperfine gives each as one mean per run, split in two. On a
 * loaded runner the user time of a CPU-bound command is the steadier (docs/statistics.md, "Which time decides"), but
 * on a command slowed ~30 % in its wait it read −22 %: reported, gated on request (`--gate all-metrics`).
 */
export const USER_TIME = time('user time', { of: 'cpu' }, 'secondary');
export const SYSTEM_TIME = time('system time', { of: 'cpu' }, 'secondary');

/** hyperfine's fields of the wall time (in seconds) and the statistics they are. */
export const TIME_STATISTICS: readonly (readonly [string, StatisticName])[] = [
  ['mean', 'mean'],
  ['stddev', 'stdev'],
  ['median', 'median'],
  ['min', 'min'],
  ['max', 'max'],
];

/**
 * A parameter's value as hyperfine substituted it: a number when it reads as one, else the text;
 * and the payload size in bytes when the parameter's name says it is one (`size`, `bytes`, …).
 */
export function parameterSetting(name: string, text: string): { setting: number | string; payloadBytes?: number } {
  const numeric = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  if (numeric !== undefined && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(name))
    return { setting: numeric, payloadBytes: numeric };
  return { setting: numeric ?? text };
}
