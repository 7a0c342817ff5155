import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { perfStatCsvAdapter } from '../src/engine/formats/perf/statCsv.js';
import { perfStatJsonAdapter } from '../src/engine/formats/perf/statJson.js';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// perf stat's -x<sep> CSV and -j JSON, on files made here with perf 6.1 (fixtures/formats/SOURCES.md): this VM counts
// no hardware event, so instructions and cycles are <not supported>. Expected values are read off the files.

const perf = join(repoRoot, 'fixtures', 'formats', 'perf-stat');

function parse(adapter: FormatAdapter, file: string, text = readFileSync(file, 'utf8')): ResultSet {
  expect(recogniseFormat(text, file)?.id).toBe(adapter.id);
  return ADAPTERS.find((a) => a.id === adapter.id)!.parse({ file, text }, {});
}

const COUNTED = [
  '# started on Mon Dec  7 04:30:22 2026',
  '',
  '16308514,,instructions:u,3882642,100.00,4.20,insn per cycle',
  '3882642,,cycles:u,3882642,100.00,1.000,GHz',
  '3.88,msec,task-clock,3882642,100.00,5.341,CPUs utilized',
  '',
].join('\n');

describe('perf stat -x, CSV', () => {
  test('<not supported> counters are left out and said, never read as 0; task-clock is a time in ms', () => {
    const file = join(perf, 'checksum.csv');
    const set = parse(perfStatCsvAdapter, file);
    expect(set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.value, m.metric.role])).toEqual([
      ['checksum', 'task-clock', 3880, 'secondary'],
    ]);
    expect(find(set, 'checksum', 'task-clock').metric).toMatchObject({
      dimension: 'time',
      unit: 'us',
      displayUnit: 'msec',
    });
    expect(set.skipped!.map((s) => [s.name, s.place.line])).toEqual([
      ['instructions', 3],
      ['cycles', 4],
    ]);
    expect(set.skipped![0]!.message).toBe(
      'perf stat printed <not supported>: this machine cannot count instructions; left out, never read as 0',
    );
    expect(set.notes).toContain('this machine cannot count instructions, cycles (perf stat: not supported/counted)');
  });

  test('another separator and -r 3: the variance column is passed over', () => {
    const set = parse(perfStatCsvAdapter, join(perf, 'repeated.csv'));
    expect(set.measurements.map((m) => [m.metric.name, m.statistics.value])).toEqual([
      ['task-clock', 4190],
      ['page-faults', 43],
      ['context-switches', 2],
    ]);
    expect(set.skipped!.map((s) => s.name)).toEqual(['instructions:u']);
  });

  test('instructions counted in full: the primary metric, an exact count', () => {
    const set = parse(perfStatCsvAdapter, 'runs/copy.csv', COUNTED);
    const instructions = find(set, 'copy', 'instructions:u');
    expect(instructions.statistics.value).toBe(16308514);
    expect(instructions.metric).toMatchObject({ kind: 'count', dimension: 'count', instrument: 'perf stat' });
    expect(instructions.metric.role).toBeUndefined();
    expect(find(set, 'copy', 'cycles:u').metric.role).toBe('secondary');
    expect(set.skipped).toBeUndefined();
  });

  test('a multiplexed counter is an estimate: never gated, with its percentage', () => {
    const text = COUNTED.replace('instructions:u,3882642,100.00', 'instructions:u,2426651,62.50');
    const set = parse(perfStatCsvAdapter, 'copy.csv', text);
    const instructions = find(set, 'copy', 'instructions:u').metric;
    expect(instructions.role).toBe('secondary');
    expect(instructions.instrument).toBe('perf stat, multiplexed: counted 62.50 % of the time');
    expect(set.notes).toContain(
      'instructions:u ran 62.50 % of the time (multiplexed; perf scaled its count): an estimate, reported and never gated',
    );
  });

  test('a counter twice is an error naming its line and column', () => {
    const text = `${COUNTED}16308514,,instructions:u,3882642,100.00,,\n`;
    expectInputError(
      () => perfStatCsvAdapter.parse({ file: 'copy.csv', text }, {}),
      { file: 'copy.csv', line: 6, column: 1 },
      /the counter "instructions:u" again \(first on line 3\)/,
    );
  });
});

describe('perf stat -j JSON', () => {
  test('reads as the CSV does', () => {
    const set = parse(perfStatJsonAdapter, join(perf, 'checksum.json'));
    expect(set.measurements.map((m) => [m.metric.name, m.statistics.value])).toEqual([['task-clock', 3989.699]]);
    expect(set.skipped!.map((s) => s.name)).toEqual(['instructions', 'cycles']);
  });

  test('a broken line is an error at its line and column', () => {
    const text =
      '# started on x\n\n{"counter-value" : "3.9", "unit" : "msec", "event" : "task-clock", "pcnt-running" : 100.00\n';
    const file = 'checksum.json';
    expect(perfStatJsonAdapter.recognises(text, file)).toBe(true);
    expectInputError(() => perfStatJsonAdapter.parse({ file, text }, {}), { file, line: 3, column: 91 }, /./);
  });
});

test('other CSV files are not perf stat output', () => {
  expect(perfStatCsvAdapter.recognises('1,2,abc,4,5\n', 'x.csv')).toBe(false);
  expect(perfStatCsvAdapter.recognises('1,2,abc,4,5,6,7\n', 'x.csv')).toBe(false);
  expect(perfStatCsvAdapter.recognises('command,mean,stddev\n', 'x.csv')).toBe(false);
});

describe('through the CLI', () => {
  test('<not supported> counters are warnings of the report, never a 0 row', async () => {
    const out = tempDir('perfgate-perf-');
    const run = await cli([
      'compare',
      '--reference',
      join(perf, 'checksum.csv'),
      '--results',
      join(perf, 'checksum.json'),
      '-o',
      out,
    ]);
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as {
      warnings: string[];
      subExperiments: { comparisons: { metric: string }[] }[];
    };
    expect(report.subExperiments.flatMap((s) => s.comparisons.map((c) => c.metric))).toEqual(['task-clock']);
    expect(report.warnings).toContain(
      'skipped: checksum / instructions — perf stat printed <not supported>: this machine cannot count instructions; ' +
        `left out, never read as 0 (${join(perf, 'checksum.csv')}, line 3)`,
    );
  });

  test('instructions +2.08 % fail at 1 %; against a multiplexed count they are reported, not gated', async () => {
    const dir = tempDir('perfgate-perf-');
    const reference = join(dir, 'reference', 'copy.csv');
    const result = join(dir, 'result', 'copy.csv');
    const multiplexed = join(dir, 'multiplexed', 'copy.csv');
    for (const [file, text] of [
      [reference, COUNTED.replace('16308514', '15976101')],
      [result, COUNTED],
      [multiplexed, COUNTED.replace('instructions:u,3882642,100.00', 'instructions:u,2426651,62.50')],
    ] as const) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
    }
    const failing = await cli(['compare', '--reference', reference, '--results', result, '-o', join(dir, 'o1')]);
    expect(failing.code).toBe(1);
    const estimated = await cli(['compare', '--reference', reference, '--results', multiplexed, '-o', join(dir, 'o2')]);
    expect(estimated.code).toBe(0);
    expect(readFileSync(join(dir, 'o2', 'comparison.json'), 'utf8')).toContain(
      'counted by \\"perf stat\\" in the reference and by \\"perf stat, multiplexed: counted 62.50 % of the time\\" in the results',
    );
  });
});
