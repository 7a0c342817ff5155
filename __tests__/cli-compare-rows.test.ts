/**
 * `perfgate compare` prints the comparison table's first rows, as the action's log does (TERMINAL_TABLE_ROWS), and a
 * line naming the files that hold every row: at 10,000 benchmarks with 10 repetitions the terminal got 66,000 lines.
 */
import { afterAll, expect, test } from '@jest/globals';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeGoogleBenchmarkSuite } from '../bench/scale-suite.mjs';
import { TERMINAL_TABLE_ROWS } from '../src/engine/report/comparison/comparisonText.js';
import { cli, read, tempDir } from './helpers/shared.js';

const folder = tempDir('perfgate-compare-rows-');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test('a comparison of more rows than the terminal shows prints the first ones and names the files', async () => {
  const reference = join(folder, 'reference.json');
  const results = join(folder, 'results.json');
  const out = join(folder, 'out');
  // 300 benchmarks of one repetition: cpu time and real time, Min and the value: more rows than the terminal shows.
  writeGoogleBenchmarkSuite(reference, { benchmarks: 300, run: 0 });
  writeGoogleBenchmarkSuite(results, { benchmarks: 300, run: 1, regressed: 10, factor: 1.5 });
  const run = await cli(['compare', '--reference', reference, '--results', results, '--output-dir', out]);
  expect(run.code).toBe(1);
  const json = JSON.parse(read(join(out, 'comparison.json'))) as { comparisonsTotal: number };
  expect(json.comparisonsTotal).toBeGreaterThan(TERMINAL_TABLE_ROWS);
  const lines = run.out.split('\n');
  const header = lines.findIndex((line) => line.startsWith('Experiment '));
  const more = lines.findIndex((line) => line.startsWith('… and '));
  expect(more - header - 1).toBe(TERMINAL_TABLE_ROWS);
  const others = (json.comparisonsTotal - TERMINAL_TABLE_ROWS).toLocaleString('en');
  expect(lines[more]).toBe(
    `… and ${others} more rows: the whole table is in ${join(out, 'comparison.md')} and ${join(out, 'comparison.json')}`,
  );
  // The rows shown are comparison.md's first ones, failing first: the same experiments in the same order.
  const shown = lines.slice(header + 1, more).map((line) => line.split(/\s+/)[0]);
  const markdown = read(join(out, 'comparison.md'))
    .split('\n')
    .filter((line) => line.startsWith('| BM'))
    .map((line) => line.split(' | ')[0]!.slice(2).replace(/\\_/g, '_'));
  expect(markdown.length).toBe(json.comparisonsTotal);
  expect(shown).toEqual(markdown.slice(0, TERMINAL_TABLE_ROWS));
  expect(lines[header + 1]).toMatch(/ fail$/);
  expect(run.out).toContain(`\nReport: ${join(out, 'comparison.md')}, ${join(out, 'comparison.json')}\n`);
});
