// Large suites for the scale measurements (issue 38), shaped as libbenchmark 1.7 writes them
// (`--benchmark_format=json --benchmark_repetitions=R`: each repetition, then the mean, median,
// stddev and cv aggregates; numbers as %.16e; two-space indent).
//
//   node bench/scale-suite.mjs results --benchmarks N [--repetitions R] [--run I] [--regressed K]
//        [--factor F] [--seed S] --out FILE
//   node bench/scale-suite.mjs runs --benchmarks N --runs M [--repetitions R] [--seed S] --out DIR
//
// `results` writes one run; `runs` writes M runs of one unchanged build as DIR/run-001/results.json …
// (for `perfgate history import`). Benchmarks come in families of 10 instances (`BM_Family<f>/<size>`);
// `--regressed K` makes K benchmarks spread evenly over the suite slower by F (default 1.3). Every value
// is a pure function of (seed, run, benchmark, repetition).
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const SIZES = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];

/** mulberry32: a small seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
function gaussian(random) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** %.16e as printf writes it: 4.3923928563451335e+00. */
function e16(x) {
  const [mantissa, exponent] = x.toExponential(16).split('e');
  const sign = exponent.startsWith('-') ? '-' : '+';
  const digits = exponent.replace(/^[+-]/, '').padStart(2, '0');
  return `${mantissa}e${sign}${digits}`;
}

/** The indices of `count` benchmarks spread evenly over `total`. */
export function regressedIndices(total, count) {
  const out = new Set();
  for (let k = 0; k < count; k++) out.add(Math.floor(((k + 0.5) * total) / count));
  return out;
}

/** Names of the suite's benchmarks, in order. */
export function benchmarkName(index) {
  return `BM_Family${Math.floor(index / SIZES.length)}/${SIZES[index % SIZES.length]}`;
}

/**
 * Writes one Google Benchmark JSON run of `benchmarks` instances × `repetitions` to `path`.
 * Returns its size in bytes.
 */
export function writeGoogleBenchmarkSuite(path, options) {
  const { benchmarks, repetitions = 10, run = 0, regressed = 0, factor = 1.3, seed = 38 } = options;
  const slower = regressedIndices(benchmarks, regressed);
  const date = new Date(Date.UTC(2026, 0, 1) + run * 86_400_000).toISOString().replace(/\.\d+Z$/, '+00:00');
  const fd = openSync(path, 'w');
  let size = 0;
  let pending = [];
  const flush = () => {
    const text = pending.join('');
    pending = [];
    writeSync(fd, text);
    size += Buffer.byteLength(text);
  };
  pending.push(
    `{\n  "context": {\n    "date": "${date}",\n    "host_name": "runner",\n    "executable": "./bench_suite",\n` +
      `    "num_cpus": 2,\n    "mhz_per_cpu": 2596,\n    "cpu_scaling_enabled": false,\n` +
      `    "load_avg": [1.05,1.2,1.1],\n    "library_build_type": "release"\n  },\n  "benchmarks": [\n`,
  );
  let first = true;
  const entry = (fields) => {
    pending.push(`${first ? '' : ',\n'}    {\n${fields.map(([k, v]) => `      "${k}": ${v}`).join(',\n')}\n    }`);
    first = false;
  };
  for (let b = 0; b < benchmarks; b++) {
    const name = benchmarkName(b);
    const family = Math.floor(b / SIZES.length);
    const instance = b % SIZES.length;
    // The benchmark's true time: fixed per benchmark, so every run of the suite measures the same thing.
    const base = 5 + 1000 * prng(seed * 7919 + b)();
    const truth = base * (slower.has(b) ? factor : 1);
    const random = prng(seed * 1_000_003 + run * 100_003 + b);
    const runShift = 1 + 0.01 * gaussian(random); // run-to-run noise of a CI runner
    const reals = [];
    const cpus = [];
    const iterations = Math.max(1, Math.round(5e8 / truth / 100) * 100);
    for (let r = 0; r < repetitions; r++) {
      const real = truth * runShift * (1 + 0.02 * gaussian(random));
      const cpu = real * (0.995 + 0.004 * random());
      reals.push(real);
      cpus.push(cpu);
      entry([
        ['name', `"${name}"`],
        ['family_index', family],
        ['per_family_instance_index', instance],
        ['run_name', `"${name}"`],
        ['run_type', '"iteration"'],
        ['repetitions', repetitions],
        ['repetition_index', r],
        ['threads', 1],
        ['iterations', iterations],
        ['real_time', e16(real)],
        ['cpu_time', e16(cpu)],
        ['time_unit', '"ns"'],
      ]);
    }
    if (repetitions > 1) {
      const stats = (xs) => {
        const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
        const sorted = [...xs].sort((x, y) => x - y);
        const mid = sorted.length >> 1;
        const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
        const stddev = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1));
        return { mean, median, stddev, cv: stddev / mean };
      };
      const real = stats(reals);
      const cpu = stats(cpus);
      for (const aggregate of ['mean', 'median', 'stddev', 'cv']) {
        entry([
          ['name', `"${name}_${aggregate}"`],
          ['family_index', family],
          ['per_family_instance_index', instance],
          ['run_name', `"${name}"`],
          ['run_type', '"aggregate"'],
          ['repetitions', repetitions],
          ['threads', 1],
          ['aggregate_name', `"${aggregate}"`],
          ['aggregate_unit', aggregate === 'cv' ? '"percentage"' : '"time"'],
          ['iterations', repetitions],
          ['real_time', e16(real[aggregate])],
          ['cpu_time', e16(cpu[aggregate])],
          ['time_unit', '"ns"'],
        ]);
      }
    }
    if (pending.length > 2000) flush();
  }
  pending.push('\n  ]\n}\n');
  flush();
  closeSync(fd);
  return size;
}

/** Writes `runs` runs of one unchanged build as DIR/run-001/results.json …; returns the folders. */
export function writeGoogleBenchmarkRuns(dir, options) {
  const folders = [];
  for (let run = 0; run < options.runs; run++) {
    const folder = join(dir, `run-${String(run + 1).padStart(3, '0')}`);
    mkdirSync(folder, { recursive: true });
    writeGoogleBenchmarkSuite(join(folder, 'results.json'), { ...options, run, regressed: 0 });
    folders.push(folder);
  }
  return folders;
}

function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  if (i < 0) {
    if (fallback === undefined) throw new Error(`scale-suite: --${name} is required`);
    return fallback;
  }
  return args[i + 1];
}

// Run as a script, not imported; bundled into the bench (bench/run.mjs), import.meta.url is the bundle's own.
if (import.meta.url === `file://${process.argv[1]}` && import.meta.url.endsWith('/scale-suite.mjs')) {
  const [command, ...args] = process.argv.slice(2);
  const common = {
    benchmarks: Number(option(args, 'benchmarks')),
    repetitions: Number(option(args, 'repetitions', '10')),
    seed: Number(option(args, 'seed', '38')),
  };
  if (command === 'results') {
    const bytes = writeGoogleBenchmarkSuite(option(args, 'out'), {
      ...common,
      run: Number(option(args, 'run', '0')),
      regressed: Number(option(args, 'regressed', '0')),
      factor: Number(option(args, 'factor', '1.3')),
    });
    console.log(`${option(args, 'out')}: ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  } else if (command === 'runs') {
    const folders = writeGoogleBenchmarkRuns(option(args, 'out'), { ...common, runs: Number(option(args, 'runs')) });
    console.log(`${folders.length} runs in ${option(args, 'out')}`);
  } else {
    console.error('usage: node bench/scale-suite.mjs results|runs --benchmarks N … --out PATH');
    process.exitCode = 2;
  }
}
