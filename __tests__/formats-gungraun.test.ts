import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gungraunJsonAdapter } from '../src/engine/formats/gungraun/json.js';
import { gungraunTextAdapter } from '../src/engine/formats/gungraun/text.js';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// gungraun / iai-callgrind: the summary JSON (schema v6 and v7), its NDJSON, and the terminal text; the benchmark is
// module_path + id, each figure's new value is read. The samples are in fixtures/formats/gungraun (SOURCES.md).

const folder = join(repoRoot, 'fixtures', 'formats', 'gungraun');
const fixture = (name: string) => readFileSync(join(folder, name), 'utf8');

function parse(adapter: FormatAdapter, text: string, file: string): ResultSet {
  expect(recogniseFormat(text.slice(0, 65536), file)?.id).toBe(adapter.id);
  return ADAPTERS.find((a) => a.id === adapter.id)!.parse({ file, text }, {});
}

const CHECKSUM = 'bench_codec::checksum::bench_checksum';
// The small checksum benchmark's events (source/make-fixtures.py): Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
const [IR, DR, DW, I1MR, D1MR, D1MW, ILMR, DLMR, DLMW] = [2049321, 512340, 256170, 41, 1030, 12, 39, 610, 5];
const L1 = IR - I1MR + (DR - D1MR) + (DW - D1MW);
const LL = I1MR - ILMR + (D1MR - DLMR) + (D1MW - DLMW);
const RAM = ILMR + DLMR + DLMW;

describe('gungraun summary JSON', () => {
  test.each(['v6', 'v7'])('schema %s: the small checksum benchmark, module path and id, its counts', (version) => {
    const set = parse(gungraunJsonAdapter, fixture(`${version}/summary.json`), 'summary.json');
    expect(set.format).toBe('gungraun-json');
    expect(new Set(set.measurements.map((m) => `${m.experiment} | ${m.parameter.label}`))).toEqual(
      new Set([`${CHECKSUM} | small`]),
    );
    const values = Object.fromEntries(set.measurements.map((m) => [m.metric.name, m.statistics.value]));
    expect(values).toEqual({
      Ir: IR,
      Dr: DR,
      Dw: DW,
      I1mr: I1MR,
      D1mr: D1MR,
      D1mw: D1MW,
      ILmr: ILMR,
      DLmr: DLMR,
      DLmw: DLMW,
      L1hits: L1,
      LLhits: LL,
      RamHits: RAM,
      TotalRW: IR + DR + DW,
      EstimatedCycles: L1 + 5 * LL + 35 * RAM,
    });
    // Rates are derived, not read, and the note says so; a whole rate (0.0) is no count either.
    expect(set.measurements.some((m) => /Rate$/.test(m.metric.name))).toBe(false);
    expect(set.notes).toEqual(['miss and hit rates (%) are not read: they are derived from the counts, which are']);
    const ir = find(set, CHECKSUM, 'Ir', 'small');
    expect(ir.metric).toMatchObject({ kind: 'count', instrument: 'gungraun Callgrind' });
    expect(ir.metric.role).toBeUndefined();
    expect(find(set, CHECKSUM, 'D1mr', 'small').metric.role).toBe('secondary');
    expect(find(set, CHECKSUM, 'EstimatedCycles', 'small').metric.instrument).toBe(
      'gungraun Callgrind; estimated cycles = L1hits + 5·LLhits + 35·RamHits',
    );
  });

  test('NDJSON of --output-format=json: one summary a line, each at its line; other harness lines skipped', () => {
    const text = `running 0 tests\n\n${fixture('base/bench.ndjson')}`;
    const set = parse(gungraunJsonAdapter, text, 'bench.ndjson');
    expect([...new Set(set.measurements.map((m) => `${m.experiment} ${m.parameter.label}`.trim()))]).toEqual([
      `${CHECKSUM} small`,
      `${CHECKSUM} large`,
      'bench_codec::sort::bench_sort',
    ]);
    expect(find(set, 'bench_codec::sort::bench_sort', 'Ir').statistics.value).toBe(7310255);
    expect(find(set, CHECKSUM, 'Ir', 'large').place.line).toBe(4);
  });

  test('an array of summaries (jq -s) is read as the NDJSON is', () => {
    const lines = fixture('base/bench.ndjson').trim().split('\n');
    const array = parse(gungraunJsonAdapter, `[\n${lines.join(',\n')}\n]\n`, 'all.json');
    const ndjson = parse(gungraunJsonAdapter, fixture('base/bench.ndjson'), 'bench.ndjson');
    const values = (set: ResultSet) => set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.value]);
    expect(values(array)).toEqual(values(ndjson));
  });

  const summary = (version: string, metrics: string, extra = '') =>
    `{"baselines":[null,null],"benchmark_exe":"b","function_name":"f",${extra}"module_path":"m::g::f","profiles":[{"tool":"Callgrind",${metrics}}],"version":"${version}"}\n`;

  test('v6: "Left" is the new value alone; "Right" (old alone) leaves the figure out', () => {
    const text = summary(
      '6',
      '"summaries":{"total":{"summary":{"Callgrind":{"Ir":{"metrics":{"Left":{"Int":120}}},"Dr":{"metrics":{"Right":{"Int":7}}}}}}}',
    );
    const set = parse(gungraunJsonAdapter, text, 's.json');
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics.value])).toEqual([
      ['m::g::f', '', 'Ir', 120],
    ]);
  });

  test('v7: a figure with only its old value is left out; perf figures are {"value": n}', () => {
    const text = summary(
      '7',
      '"data":{"total":{"metrics":{"Ir":{"values":{"new":{"value":99,"pcnt_running":100}}},"Dr":{"values":{"old":5}}}}}',
      '"id":"one",',
    );
    const set = parse(gungraunJsonAdapter, text, 's.json');
    expect(set.measurements.map((m) => [m.parameter.label, m.metric.name, m.statistics.value])).toEqual([
      ['one', 'Ir', 99],
    ]);
  });

  test('a second tool counting instructions is named and secondary: one primary Ir per benchmark', () => {
    const text =
      '{"benchmark_exe":"b","function_name":"f","module_path":"m::g::f","profiles":[' +
      '{"tool":"Callgrind","data":{"total":{"metrics":{"Ir":{"values":{"new":10}}}}}},' +
      '{"tool":"Cachegrind","data":{"total":{"metrics":{"Ir":{"values":{"new":11}}}}}}],"version":"7"}';
    const set = parse(gungraunJsonAdapter, text, 's.json');
    expect(set.measurements.map((m) => [m.metric.name, m.metric.role, m.metric.kind, m.statistics.value])).toEqual([
      ['Ir', undefined, 'count', 10],
      ['Cachegrind Ir', 'secondary', undefined, 11],
    ]);
  });

  test('errors name file, line and column: an unread schema version, a bad value, a broken line', () => {
    expectInputError(
      () => gungraunJsonAdapter.parse({ file: 's.json', text: summary('5', '"data":{}') }, {}),
      { file: 's.json', line: 1, column: 134 },
      /schema version "5" is not read: perfgate reads versions 6 and 7/,
    );
    expectInputError(
      () =>
        gungraunJsonAdapter.parse(
          { file: 's.json', text: summary('7', '"data":{"total":{"metrics":{"Ir":{"values":{"new":"many"}}}}}') },
          {},
        ),
      { file: 's.json', line: 1, column: 166 },
      /expected the new value of Ir as a number, found the string "many"/,
    );
    const lines = fixture('base/bench.ndjson').split('\n');
    const broken = [lines[0], lines[1]!.slice(0, 80), lines[2]].join('\n');
    expectInputError(
      () => gungraunJsonAdapter.parse({ file: 'b.ndjson', text: broken }, {}),
      // The string the cut leaves open, where it starts.
      { file: 'b.ndjson', line: 2, column: 42 },
      /a string is not closed/,
    );
  });
});

describe('gungraun terminal text', () => {
  test('the new value of each figure, named as the summary JSON names them', () => {
    const text = parse(gungraunTextAdapter, fixture('base/bench.txt'), 'bench.txt');
    const json = parse(gungraunJsonAdapter, fixture('base/bench.ndjson'), 'bench.ndjson');
    expect(text.format).toBe('gungraun-text');
    expect(text.measurements).toHaveLength(18);
    for (const m of text.measurements) {
      const same = find(json, m.experiment, m.metric.name, m.parameter.label);
      expect([m.metric.name, m.statistics.value, m.metric.instrument]).toEqual([
        same.metric.name,
        same.statistics.value,
        same.metric.instrument,
      ]);
    }
    expect(find(text, CHECKSUM, 'Ir', 'small').statistics.value).toBe(IR);
  });

  test('colours, the grid, per-process blocks (the Total is read), a comparison block and N/A', () => {
    const text = [
      '\u001b[32mm::g::f\u001b[0m \u001b[36mthree\u001b[0m:3',
      '|======== CALLGRIND ==================================',
      '|-## pid: 3186352 part: 1 thread: 1       |pid: 2721318 part: 1 thread: 1',
      '| Command:            target/release/deps/bench',
      '| Instructions:                       4697|4697                 (No change)',
      '|-## Total',
      '| Instructions:                   10500916|10500916             (No change)',
      '| L1 Hits:                        10766439|N/A                  (*********)',
      '|======== DHAT =======================================',
      '| Total bytes:                      158932|158932               (No change)',
      '|-Comparison with other three:3',
      '| Instructions:                   10494117|10500916             (-0.06475%) [-1.00065x]',
      'm::g::h',
      '  Instructions:                 N/A|1734                 (*********)',
      '  Baselines:                default|default',
      '',
    ].join('\n');
    const set = parse(gungraunTextAdapter, text, 'out.txt');
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics.value])).toEqual([
      ['m::g::f', 'three', 'Ir', 10500916],
      ['m::g::f', 'three', 'L1hits', 10766439],
      ['m::g::f', 'three', 'DHAT Total bytes', 158932],
    ]);
  });

  test('a figure before any benchmark, and a count that is no number, are errors at their place', () => {
    expectInputError(
      () =>
        gungraunTextAdapter.parse(
          { file: 'o.txt', text: '  Instructions:     1734|1734   (No change)\nm::g::f\n' },
          {},
        ),
      { file: 'o.txt', line: 1, column: 1 },
      /the figure "Instructions" before any benchmark's name line/,
    );
    expectInputError(
      () =>
        gungraunTextAdapter.parse({ file: 'o.txt', text: 'm::g::f\n  Instructions:   17x4|1734  (No change)\n' }, {}),
      { file: 'o.txt', line: 2, column: 19 },
      /expected the new count of Instructions, found "17x4"/,
    );
  });
});

describe('gungraun outputs gated with no --format', () => {
  test.each(['bench.ndjson', 'bench.txt'])(
    '%s: +2.08 %% instructions fails naming the small checksum alone; a rerun passes',
    async (name) => {
      const out = tempDir('perfgate-gungraun-');
      const base = join(folder, 'base', name);
      const same = await cli(['compare', '--reference', base, '--results', base, '-o', join(out, 'same')]);
      expect(same.code).toBe(0);
      const changed = await cli([
        'compare',
        '--reference',
        base,
        '--results',
        join(folder, 'candidate', name),
        '-o',
        join(out, 'changed'),
      ]);
      expect(changed.code).toBe(1);
      const report = JSON.parse(readFileSync(join(out, 'changed', 'comparison.json'), 'utf8')) as {
        subExperiments: {
          experimentType: string;
          comparisons: { parameter: string; metric: string; status: string }[];
        }[];
      };
      const failed = report.subExperiments.flatMap((s) =>
        s.comparisons.filter((c) => c.status === 'fail').map((c) => `${s.experimentType} ${c.parameter} ${c.metric}`),
      );
      expect(failed).toEqual([`${CHECKSUM} small Ir`]);
    },
  );
});

test("a summary.json is gungraun's by its content, not a Fast-DDS summary by its name; a broken summary CSV still fails", async () => {
  const inspected = await cli([
    'inspect',
    '--json',
    join(folder, 'v7', 'summary.json'),
    join(folder, 'v6', 'summary.json'),
  ]);
  expect(inspected.code).toBe(0);
  expect((JSON.parse(inspected.out) as { files: { format: string }[] }).files.map((f) => f.format)).toEqual([
    'gungraun-json',
    'gungraun-json',
  ]);
  const dir = tempDir('perfgate-summary-name-');
  writeFileSync(join(dir, 'measurements_x_summary.csv'), 'not,a,summary\n1,2,3\n');
  const broken = await cli(['inspect', join(dir, 'measurements_x_summary.csv')]);
  expect(broken.code).toBe(2);
  expect(broken.err).toMatch(/measurements_x_summary\.csv:1:1: missing column "Bytes"/);
});
