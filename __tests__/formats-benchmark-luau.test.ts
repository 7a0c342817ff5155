/**
 * Issue 47, item 7: Luau's bench.py output, the last of github-action-benchmark's test outputs perfgate did not read
 * (fixtures/formats/benchmarkluau/benchmarkluau_output.txt, the peer's own file, unchanged). Expected values are the
 * file's printed numbers, converted by hand to microseconds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recogniseFormat } from '../src/engine/formats/registry.js';
import { benchmarkLuauAdapter } from '../src/engine/formats/benchmarkLuau.js';
import { expectInputError } from './helpers/formats.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

const FILE = join(repoRoot, 'fixtures', 'formats', 'benchmarkluau', 'benchmarkluau_output.txt');
const TEXT = readFileSync(FILE, 'utf8');

describe("Luau's bench.py output", () => {
  test('is recognised without --format, and nothing else claims it', () => {
    expect(recogniseFormat(TEXT, FILE)?.id).toBe('benchmarkluau');
    expect(benchmarkLuauAdapter.recognises('base64 : 15.041ms +/- 0.636% on luau\n', 'x.txt')).toBe(false);
    expect(benchmarkLuauAdapter.recognises('SUCCESS: all tests passed\n', 'x.txt')).toBe(false);
  });

  test("reads each SUCCESS line's mean and relative sd, and the table's minimum; not the Total row", () => {
    const set = benchmarkLuauAdapter.parse({ file: 'luau.txt', text: TEXT }, {});
    expect(
      set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.metric.unit, m.statistics]),
    ).toEqual([
      ['base64', 'driver=luau', 'time', 'us', { mean: 15041, stdev: (15041 * 0.636) / 100, min: 14831 }],
      ['chess', 'driver=luau', 'time', 'us', { mean: 69560, stdev: (69560 * 0.212) / 100, min: 69106 }],
      ['life', 'driver=luau', 'time', 'us', { mean: 85089, stdev: (85089 * 0.187) / 100, min: 84696 }],
    ]);
    expect(set.measurements.map((m) => m.place.line)).toEqual([1, 2, 3]);
    expect(set.measurements.every((m) => m.metric.direction === 'lower-is-better')).toBe(true);
  });

  test('keeps two drivers of one benchmark apart, and reads SUCCESS lines without a table', () => {
    const text = 'SUCCESS: base64 : 15.041ms +/- 0.636% on luau\nSUCCESS: base64 : 1.5s +/- 2% on lua\nFAILED: chess\n';
    const set = benchmarkLuauAdapter.parse({ file: 'two.txt', text }, {});
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.mean])).toEqual([
      ['base64', 'driver=luau', 15041],
      ['base64', 'driver=lua', 1_500_000],
    ]);
    expect(set.notes).toEqual([]);
  });

  test('a broken SUCCESS line is an input error at its place', () => {
    expectInputError(
      () =>
        benchmarkLuauAdapter.parse(
          { file: 'b.txt', text: 'SUCCESS: base64 : 15.041ms +/- 0.636% on luau\nSUCCESS: chess : fast\n' },
          {},
        ),
      { file: 'b.txt', line: 2, column: 18 },
      /expected a time such as "15.041ms \+\/- 0.636% on luau", found "fast"/,
    );
    expectInputError(
      () => benchmarkLuauAdapter.parse({ file: 'c.txt', text: 'SUCCESS: base64 : 15.041kb +/- 0.636% on luau\n' }, {}),
      { file: 'c.txt', line: 1, column: 25 },
      /expected a time unit such as ms, found "kb"/,
    );
  });

  test('perfgate inspect reads the file through the CLI', async () => {
    const copy = join(tempDir('perfgate-luau-'), 'bench.txt');
    writeFileSync(copy, TEXT);
    const { code, out, err } = await cli(['inspect', copy]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('benchmarkluau');
    expect(out).toContain('chess');
  });
});
