/**
 * Synthetic benchmark runs in three real formats (Fast-DDS raw CSV, Google Benchmark JSON,
 * hyperfine JSON), for end-to-end tests of the verdicts. Every value is a base level × the run's
 * machine state × a `change` (the candidate's regression) × seeded per-sample noise, so the tests
 * know the truth they check against.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../src/engine/stats/shift.js';

export type SyntheticFormat = 'fastdds-raw' | 'google-benchmark' | 'hyperfine';
export const SYNTHETIC_FORMATS: readonly SyntheticFormat[] = ['fastdds-raw', 'google-benchmark', 'hyperfine'];

/** Base levels per parameter (µs for Fast-DDS, ns for Google Benchmark, s for hyperfine). */
const LEVELS: Record<SyntheticFormat, [string, number][]> = {
  'fastdds-raw': [
    ['16', 50],
    ['1024', 60],
    ['16384', 90],
  ],
  'google-benchmark': [
    ['64', 1200],
    ['1024', 2500],
    ['16384', 9000],
  ],
  hyperfine: [
    ['64', 0.1],
    ['1024', 0.25],
    ['16384', 0.6],
  ],
};

/** A standard normal draw (Box–Muller) from a seeded uniform source. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * Writes one run of `format` into `folder`: `state` is the machine's level during the run (1 =
 * nominal), `change` the build's effect (1.25 = 25 % slower), `seed` the per-sample noise.
 */
export function writeSyntheticRun(
  folder: string,
  format: SyntheticFormat,
  state: number,
  change: number,
  seed: number,
): void {
  mkdirSync(folder, { recursive: true });
  const random = mulberry32(seed);
  const levels = LEVELS[format];
  if (format === 'fastdds-raw') {
    const lines = ['Sample,Payload [Bytes],Latency [us]'];
    let sample = 1;
    for (const [payload, level] of levels) {
      for (let i = 0; i < 200; i++)
        lines.push(`${sample++},${payload},${(level * state * change * Math.exp(0.05 * normal(random))).toFixed(5)}`);
    }
    writeFileSync(join(folder, 'measurements_udp.csv'), lines.join('\n') + '\n');
  } else if (format === 'google-benchmark') {
    const benchmarks = levels.map(([size, level]) => {
      const time = level * state * change * Math.exp(0.01 * normal(random));
      return {
        name: `BM_Publish/${size}`,
        run_name: `BM_Publish/${size}`,
        run_type: 'iteration',
        repetitions: 1,
        repetition_index: 0,
        threads: 1,
        iterations: 100000,
        real_time: time,
        cpu_time: time * 0.9,
        time_unit: 'ns',
      };
    });
    writeFileSync(
      join(folder, 'bench.json'),
      JSON.stringify(
        {
          context: { date: '2026-11-24T10:00:00+00:00', host_name: 'runner', executable: './bench', num_cpus: 2 },
          benchmarks,
        },
        null,
        2,
      ),
    );
  } else {
    const results = levels.map(([size, level]) => {
      const times = Array.from({ length: 10 }, () => level * state * change * Math.exp(0.02 * normal(random)));
      const sorted = [...times].sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      const cpu = 0.01 * state * change;
      return {
        command: `./ping ${size}`,
        mean,
        stddev: 0,
        median: (sorted[4]! + sorted[5]!) / 2,
        user: cpu,
        system: cpu,
        min: sorted[0],
        max: sorted[9],
        times,
        parameters: { size },
      };
    });
    writeFileSync(join(folder, 'hyperfine.json'), JSON.stringify({ results }, null, 2));
  }
}

/** Machine states of 8 interleaved pairs: both builds of a pair share one (±30 %), as on a busy runner. */
export const PAIR_STATES = [1.0, 1.3, 0.8, 1.1, 0.9, 1.25, 0.85, 1.05];

/**
 * Writes `base/r1 … base/rK` and `head/r1 … head/rK` under `root`: interleaved runs, the candidate
 * changed by `change`, each pair sharing its machine state. Returns the two folders.
 */
export function writeSyntheticPairs(
  root: string,
  format: SyntheticFormat,
  change: number,
  states: readonly number[] = PAIR_STATES,
): { base: string; head: string } {
  const base = join(root, 'base');
  const head = join(root, 'head');
  states.forEach((state, i) => {
    writeSyntheticRun(join(base, `r${i + 1}`), format, state, 1, 1000 + 2 * i);
    writeSyntheticRun(join(head, `r${i + 1}`), format, state, change, 1001 + 2 * i);
  });
  return { base, head };
}

/** A Google Benchmark file with one benchmark (one parameter) at `ns`: a one-parameter experiment. */
export function writeOneBenchmark(folder: string, ns: number): void {
  mkdirSync(folder, { recursive: true });
  const benchmark = {
    name: 'BM_Parse',
    run_name: 'BM_Parse',
    run_type: 'iteration',
    repetitions: 1,
    repetition_index: 0,
    threads: 1,
    iterations: 1000,
    real_time: ns,
    cpu_time: ns,
    time_unit: 'ns',
  };
  writeFileSync(
    join(folder, 'bench.json'),
    JSON.stringify({
      context: { date: '2026-11-24T10:00:00+00:00', host_name: 'runner', executable: './bench', num_cpus: 2 },
      benchmarks: [benchmark],
    }),
  );
}
