import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countsBesideTime } from '../src/engine/report/comment/countsBesideTime.js';
import type { ComparisonRow } from '../src/engine/compare/rows.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Counts beside time: real hyperfine times and cachegrind counts of the same three benchmarks in one results folder
// (fixtures/ecosystems/counts, runs.md). Each benchmark gets one line with both changes and what they say together.

const folder = join(repoRoot, 'fixtures', 'ecosystems', 'counts');
const BENCHMARKS = ['checksum', 'sort', 'copy'];

/** The hyperfine median (s) of a benchmark, read with JSON.parse apart from perfgate. */
const median = (side: string, name: string) =>
  (JSON.parse(readFileSync(join(folder, side, `${name}.json`), 'utf8')) as { results: { median: number }[] })
    .results[0]!.median;
/** cachegrind's Ir: the first number of the `summary:` line (cachegrind writes Ir first in `events:`). */
const ir = (side: string, name: string) =>
  Number(/^summary: (\d+)/m.exec(readFileSync(join(folder, side, `cachegrind.out.${name}`), 'utf8'))![1]);

/** The reading expected from the files: a time over 10 % or a count over 1 % either way is a change. */
function expectedReading(side: string, name: string): string {
  const time = Math.abs(median(side, name) / median('base', name) - 1) > 0.1;
  const count = Math.abs(ir(side, name) / ir('base', name) - 1) > 0.01;
  return time && count ? 'both changed' : time ? 'time only' : count ? 'count only' : 'unchanged';
}

describe.each(['head', 'loaded'])('base against %s: one line per benchmark, time and count', (side) => {
  test('the comment shows each benchmark once, both changes and the reading the files give', async () => {
    const out = tempDir('perfgate-counts-time-');
    const run = await cli(['compare', '--reference', join(folder, 'base'), '--results', join(folder, side), '-o', out]);
    expect(run.code).toBe(1);
    const comment = readFileSync(join(out, 'comment.md'), 'utf8');
    // The section: its title line, a blank line, then its table up to the first line that is not a table row.
    const [title, , ...rest] = comment.slice(comment.indexOf('**Counts beside time**')).split('\n');
    const table = rest.slice(
      0,
      rest.findIndex((l) => !l.startsWith('|')),
    );
    const section = [title, ...table].join('\n');
    const lines = table.slice(2);
    expect(lines.map((l) => l.split(' | ')[0]!.slice(2)).sort()).toEqual([...BENCHMARKS].sort());
    const words: Record<string, string> = {
      'both changed': 'both changed: the code does more or less work',
      'time only': '**time changed, counts did not**',
      'count only': 'counts changed, time did not',
      unchanged: '| unchanged |',
    };
    for (const name of BENCHMARKS) {
      const line = lines.find((l) => l.startsWith(`| ${name} |`))!;
      expect(line).toMatch(/\| wall time median [-+]?[\d.]+ % \S+ \| Ir value [-+]?[\d.]+ % \S+ \|/);
      expect(line).toContain(words[expectedReading(side, name)]);
    }
    const timeOnly = BENCHMARKS.filter((n) => expectedReading(side, n) === 'time only').length;
    expect(section).toContain(
      `3 benchmarks measured both ways${timeOnly > 0 ? `; ${timeOnly} changed in time alone` : ''}`,
    );
  });
});

test('the unchanged build timed on a shared core: times moved, no count did', () => {
  for (const name of BENCHMARKS) expect(ir('loaded', name)).toBe(ir('base', name));
  expect(BENCHMARKS.filter((n) => expectedReading('loaded', n) === 'time only').length).toBeGreaterThanOrEqual(1);
});

describe('readings', () => {
  const row = (metric: string, status: ComparisonRow['status'], extra: Partial<ComparisonRow> = {}) =>
    ({
      experimentType: 'b',
      parameter: '',
      metric,
      statistic: metric === 'Ir' ? 'value' : 'median',
      magnitude: metric === 'Ir' ? 'Value' : 'Median',
      direction: 'lower-is-better',
      deltaPercent: status === 'pass' ? 0.5 : 5,
      status,
      gated: true,
      ...(metric === 'Ir' ? { exactCount: true as const } : {}),
      ...extra,
    }) as ComparisonRow;

  test.each([
    ['pass', 'fail', 'count only'],
    ['fail', 'fail', 'both changed'],
    ['improved', 'pass', 'time only'],
    ['warn', 'pass', 'unchanged'],
  ] as const)('time %s, count %s: %s', (time, count, reading) => {
    expect(countsBesideTime([row('time', time), row('Ir', count)]).map((f) => f.reading)).toEqual([reading]);
  });

  test('a count of another instrument says nothing; a benchmark with one of the two has no line', () => {
    const incomparable = row('Ir', 'warn', { gated: false, instruments: { reference: 'a', result: 'b' } });
    expect(countsBesideTime([row('time', 'fail'), incomparable]).map((f) => f.reading)).toEqual([
      'count not comparable',
    ]);
    expect(countsBesideTime([row('time', 'fail')])).toEqual([]);
    expect(countsBesideTime([row('Ir', 'fail')])).toEqual([]);
  });
});
