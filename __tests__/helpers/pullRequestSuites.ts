/**
 * Runs of a Go, Criterion and JMH benchmark suite, made from the real outputs in fixtures/formats
 * by scaling each benchmark's times: a run of the default branch (every benchmark × a small
 * per-run factor, as machines drift) or a pull request's candidate (some benchmarks ~30 % slower).
 * Everything but the numbers is the tool's own output, byte for byte.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './shared.js';

/** How much slower a benchmark is in a run (1 = as recorded, 1.3 = 30 % slower). */
export type Slowdown = (benchmark: string, parameter: string) => number;

const fixture = (...path: string[]) => join(repoRoot, 'fixtures', 'formats', ...path);

/** The drift of the default branch's runs: a few per mille up and down, as on one kind of runner. */
export const RUN_DRIFT = [1.0, 1.012, 0.991, 1.006, 0.987, 1.009, 0.996, 1.004];

/** A number as a tool prints it: 4 significant digits. */
const print = (x: number) => String(Number(x.toPrecision(4)));

/**
 * `go test -bench . -count 3` output (publish_count3.txt) with ns/op × the slowdown and MB/s ÷ it,
 * written to `folder/bench.txt`. Benchmarks are `BenchmarkPublish/size=64,mode=copy-2`.
 */
export function writeGoRun(folder: string, slowdown: Slowdown): string {
  const text = readFileSync(fixture('go-bench', 'publish_count3.txt'), 'utf8');
  const scaled = text.replace(
    /^(Benchmark[^/\s-]+)(?:\/(\S+?))?(-\d+)(\s.*)$/gm,
    (_, name: string, parameter: string | undefined, procs: string, rest: string) => {
      const k = slowdown(name, parameter ?? '');
      const values = rest
        .replace(/([\d.]+)( ns\/op)/, (__, v: string, unit: string) => print(Number(v) * k) + unit)
        .replace(/([\d.]+)( MB\/s)/, (__, v: string, unit: string) => (Number(v) / k).toFixed(2) + unit);
      return `${name}${parameter !== undefined ? `/${parameter}` : ''}${procs}${values}`;
    },
  );
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'bench.txt');
  writeFileSync(path, scaled);
  return path;
}

/** Every number of a JMH primary metric × k (time modes) or ÷ k (throughput), raw data included. */
function scaleJmhMetric(metric: Record<string, unknown>, k: number): void {
  const f = (x: number) => Number((x * k).toPrecision(6));
  metric['score'] = f(metric['score'] as number);
  metric['scoreError'] = f(metric['scoreError'] as number);
  metric['scoreConfidence'] = (metric['scoreConfidence'] as number[]).map(f);
  metric['scorePercentiles'] = Object.fromEntries(
    Object.entries(metric['scorePercentiles'] as Record<string, number>).map(([p, v]) => [p, f(v)]),
  );
  if (metric['rawData']) metric['rawData'] = (metric['rawData'] as number[][]).map((fork) => fork.map(f));
  if (metric['rawDataHistogram']) {
    metric['rawDataHistogram'] = (metric['rawDataHistogram'] as [number, number][][][]).map((fork) =>
      fork.map((iteration) => iteration.map(([v, n]) => [f(v), n])),
    );
  }
}

interface JmhResult {
  benchmark: string;
  mode: string;
  params?: Record<string, string>;
  primaryMetric: Record<string, unknown>;
}

/** A JMH result's parameter as perfgate names it (`mode=copy,size=64`), '' without params. */
const jmhParameter = (r: JmhResult) =>
  Object.entries(r.params ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** JMH results with each benchmark's primary metric slowed down: times × the slowdown, throughputs ÷ it. */
export function scaleJmh(results: readonly JmhResult[], slowdown: Slowdown): JmhResult[] {
  return results.map((r) => {
    const copy = structuredClone(r);
    const k = slowdown(r.benchmark.split('.').slice(-2).join('.'), jmhParameter(r));
    scaleJmhMetric(copy.primaryMetric, r.mode === 'thrpt' ? 1 / k : k);
    return copy;
  });
}

/** The two real JMH files of fixtures/formats/jmh as one list (GC profiler, and thrpt/sample/ss modes). */
export function jmhFixtureResults(): JmhResult[] {
  return [fixture('jmh', 'publish_avgt_gc.json'), fixture('jmh', 'queue_modes.json')].flatMap(
    (path) => JSON.parse(readFileSync(path, 'utf8')) as JmhResult[],
  );
}

/**
 * A large JMH suite from the real GC-profiled result: `benchmarks` classes (`Bench01.publish` …),
 * each at every size of `sizes`, with the real result's numbers × the size's factor.
 */
export function jmhSuite(benchmarks: number, sizes: readonly string[]): JmhResult[] {
  const template = (JSON.parse(readFileSync(fixture('jmh', 'publish_avgt_gc.json'), 'utf8')) as JmhResult[])[0]!;
  const out: JmhResult[] = [];
  for (let b = 1; b <= benchmarks; b++) {
    for (const [i, size] of sizes.entries()) {
      const r = structuredClone(template);
      r.benchmark = `org.perfgate.bench.Bench${String(b).padStart(2, '0')}.publish`;
      r.params = { size };
      scaleJmhMetric(r.primaryMetric, (1 + i) * (1 + b / 100));
      out.push(r);
    }
  }
  return out;
}

export function writeJmhRun(folder: string, results: readonly JmhResult[], slowdown: Slowdown): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'jmh.json');
  writeFileSync(path, JSON.stringify(scaleJmh(results, slowdown), null, 2) + '\n');
  return path;
}

/** The Criterion benchmarks of the written tree: group and value, as `target/criterion/<group>/<value>/`. */
export const CRITERION_BENCHMARKS: readonly [string, string][] = [
  ['publish', '64'],
  ['publish', '1024'],
  ['publish', '16384'],
  ['subscribe', '64'],
  ['subscribe', '1024'],
];

/**
 * Criterion's own layout, `target/criterion/<group>/<value>/{new,base}/`, from the hand-written
 * publish/64 of fixtures/formats/criterion: every benchmark a copy whose estimates and samples
 * are × (its size factor × the slowdown), with benchmark.json naming it. Returns the criterion folder.
 */
export function writeCriterionRun(folder: string, slowdown: Slowdown): string {
  const source = fixture('criterion', 'target', 'criterion', 'publish', '64');
  const criterion = join(folder, 'target', 'criterion');
  for (const [index, [group, value]] of CRITERION_BENCHMARKS.entries()) {
    const k = (1 + index / 2) * slowdown(group, value);
    const dir = join(criterion, group, value);
    cpSync(source, dir, { recursive: true });
    const scale = (x: number) => Number((x * k).toPrecision(7));
    const estimates = JSON.parse(readFileSync(join(source, 'new', 'estimates.json'), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    for (const estimate of Object.values(estimates)) {
      const interval = estimate['confidence_interval'] as { lower_bound: number; upper_bound: number };
      interval.lower_bound = scale(interval.lower_bound);
      interval.upper_bound = scale(interval.upper_bound);
      estimate['point_estimate'] = scale(estimate['point_estimate'] as number);
      estimate['standard_error'] = scale(estimate['standard_error'] as number);
    }
    writeFileSync(join(dir, 'new', 'estimates.json'), JSON.stringify(estimates));
    const sample = JSON.parse(readFileSync(join(source, 'new', 'sample.json'), 'utf8')) as { times: number[] };
    sample.times = sample.times.map(scale);
    writeFileSync(join(dir, 'new', 'sample.json'), JSON.stringify(sample));
    const id = `${group}/${value}`;
    writeFileSync(
      join(dir, 'new', 'benchmark.json'),
      JSON.stringify({
        group_id: group,
        function_id: null,
        value_str: value,
        throughput: { Bytes: Number(value) },
        full_id: id,
        directory_name: id,
        title: id,
      }),
    );
  }
  return criterion;
}
