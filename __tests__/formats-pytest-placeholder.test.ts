/**
 * Issue 47, item 7: github-action-benchmark's test files of pytest-benchmark (pytest_output.json,
 * pytest_several_units.json) cut each benchmark's `data` short with a string, `"... omitted to keep this file small"`,
 * after a few samples; their `stats` are intact, and that action reads them. perfgate reads such a file from its stats,
 * without raw samples, with one warning naming the benchmarks. Built here from the project's own pytest-benchmark
 * output (fixtures/formats/pytest-benchmark/codec.json) cut the way the peer cut its files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTERS } from '../src/engine/formats/registry.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

const CODEC = join(repoRoot, 'fixtures', 'formats', 'pytest-benchmark', 'codec.json');
const PLACEHOLDER = '... omitted to keep this file small';
const pytest = ADAPTERS.find((a) => a.id === 'pytest-benchmark')!;

interface Benchmark {
  name: string;
  stats: { data: unknown[] };
}

/** codec.json with the `data` of the first `cut` benchmarks cut to two samples and the placeholder. */
function cutFile(cut: number): { text: string; names: string[] } {
  const doc = JSON.parse(readFileSync(CODEC, 'utf8')) as { benchmarks: Benchmark[] };
  const names: string[] = [];
  doc.benchmarks.slice(0, cut).forEach((b) => {
    b.stats.data = [...b.stats.data.slice(0, 2), PLACEHOLDER];
    names.push(b.name);
  });
  return { text: JSON.stringify(doc, null, 4), names };
}

describe('pytest-benchmark data holding a placeholder string', () => {
  const original = pytest.parse({ file: 'codec.json', text: readFileSync(CODEC, 'utf8') }, {});

  test('a file whose every benchmark is cut reads from the stats, with one warning naming the first three', () => {
    const { text, names } = cutFile(Infinity);
    expect(names).toHaveLength(9);
    const set = pytest.parse({ file: 'cut.json', text }, {});
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics])).toEqual(
      original.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics]),
    );
    expect(set.measurements.every((m) => m.samples === undefined)).toBe(true);
    expect(original.measurements.some((m) => m.samples !== undefined)).toBe(true);
    expect(set.warnings).toEqual([
      `the "data" of 9 benchmarks ${names.slice(0, 3).join(', ')} and 6 more hold a string ("${PLACEHOLDER}") in place of samples: read from their "stats" alone, without raw samples`,
    ]);
    expect(original.warnings).toBeUndefined();
  });

  test('one cut benchmark: only its samples are left out', () => {
    const { text, names } = cutFile(1);
    const set = pytest.parse({ file: 'cut.json', text }, {});
    expect(set.warnings).toEqual([
      `the "data" of benchmark ${names[0]} hold a string ("${PLACEHOLDER}") in place of samples: read from their "stats" alone, without raw samples`,
    ]);
    const withSamples = set.measurements.filter((m) => m.samples !== undefined).length;
    expect(withSamples).toBe(original.measurements.filter((m) => m.samples !== undefined).length - 1);
  });

  test('a number that is not a sample in an uncut data list is still an input error at its place', () => {
    const doc = JSON.parse(readFileSync(CODEC, 'utf8')) as { benchmarks: Benchmark[] };
    doc.benchmarks[0]!.stats.data[1] = -1;
    expect(() => pytest.parse({ file: 'bad.json', text: JSON.stringify(doc, null, 4) }, {})).toThrow(/impossible/);
    // A string that does not say it stands for what was left out is no placeholder.
    doc.benchmarks[0]!.stats.data = [1e-6, 'omitted'];
    expect(() => pytest.parse({ file: 'bad.json', text: JSON.stringify(doc, null, 4) }, {})).toThrow(
      /expected a number in "data", found the string "omitted"/,
    );
  });

  test('perfgate compare warns once a file, naming it, and compares the stats', async () => {
    const dir = tempDir('perfgate-pytest-placeholder-');
    const [base, head] = [join(dir, 'base.json'), join(dir, 'head.json')];
    for (const file of [base, head]) writeFileSync(file, cutFile(Infinity).text);
    const run = await cli(['compare', '-R', base, '-r', head, '--output-dir', join(dir, 'out')]);
    expect(run.code).toBe(0);
    for (const file of [base, head]) expect(run.err.split(`${file}: the "data" of 9 benchmarks`)).toHaveLength(2);
  });
});
