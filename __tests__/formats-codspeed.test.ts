import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codspeedWalltimeAdapter } from '../src/engine/formats/codspeed.js';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { repoRoot } from './helpers/shared.js';

// CodSpeed's walltime results JSON: real outputs of @codspeed/tinybench-plugin 5.7.1 in walltime mode
// (fixtures/formats/codspeed, SOURCES.md).

const folder = join(repoRoot, 'fixtures', 'formats', 'codspeed');

function parse(text: string, file: string): ResultSet {
  expect(recogniseFormat(text.slice(0, 65536), file)?.id).toBe('codspeed-walltime');
  return ADAPTERS.find((a) => a.id === 'codspeed-walltime')!.parse({ file, text }, {});
}

test('each benchmark by its uri: time per iteration, median gated, in ns read as µs; rounds as samples', () => {
  const text = readFileSync(join(folder, 'base-1.json'), 'utf8');
  const set = parse(text, 'base-1.json');
  // The values as the file writes them, read with JSON.parse apart from the adapter.
  const raw = JSON.parse(text) as { benchmarks: { uri: string; stats: Record<string, number> }[] };
  expect(set.measurements.map((m) => m.experiment)).toEqual(raw.benchmarks.map((b) => b.uri));
  for (const b of raw.benchmarks) {
    const m = find(set, b.uri, 'time');
    expect(m.metric).toMatchObject({ dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' });
    expect(m.statistics.median).toBeCloseTo(b.stats['median_ns']! / 1000, 9);
    expect(m.statistics.min).toBeCloseTo(b.stats['min_ns']! / 1000, 9);
    expect(m.statistics.stdev).toBeCloseTo(b.stats['stdev_ns']! / 1000, 9);
    expect(m.statistics.samples).toBe(b.stats['rounds']);
  }
  expect(set.notes).toEqual([
    "written by codspeed-node 5.7.1; times are per iteration (each round's time divided by its iterations)",
  ]);
});

const results = (benchmarks: string, instrument = '{"type": "walltime"}') =>
  `{"creator": {"name": "codspeed-rust", "version": "4.1.0", "pid": 7}, "instrument": ${instrument}, "benchmarks": [${benchmarks}]}`;

test('a parameter in brackets is the parameter; the uri without it the experiment', () => {
  const set = parse(
    results('{"name": "fib", "uri": "benches/a.rs::fib[10]", "stats": {"median_ns": 42.0, "mean_ns": 43.0}}'),
    'r.json',
  );
  const { statistics } = find(set, 'benches/a.rs::fib', 'time', '10');
  expect(Object.keys(statistics).sort()).toEqual(['mean', 'median']);
  expect(statistics.median).toBeCloseTo(0.042, 12);
  expect(statistics.mean).toBeCloseTo(0.043, 12);
});

test('refused with their place: simulation results, a benchmark without times, a negative time', () => {
  expectInputError(
    () => codspeedWalltimeAdapter.parse({ file: 'r.json', text: results('', '{"type": "valgrind"}') }, {}),
    { file: 'r.json', line: 1, column: 85 },
    /CodSpeed results of the instrument the string "valgrind": perfgate reads the walltime results/,
  );
  expectInputError(
    () =>
      codspeedWalltimeAdapter.parse({ file: 'r.json', text: results('{"uri": "a::b", "stats": {"rounds": 3}}') }, {}),
    { file: 'r.json', line: 1, column: 146 },
    /the stats of a::b have no "median_ns" nor "mean_ns"/,
  );
  expectInputError(
    () =>
      codspeedWalltimeAdapter.parse(
        { file: 'r.json', text: results('{"uri": "a::b", "stats": {"median_ns": -4}}') },
        {},
      ),
    { file: 'r.json', line: 1, column: 147 },
    /"median_ns" is -4, which is impossible/,
  );
});
