import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { adapterById } from '../src/engine/formats/registry.js';
import { impossibleValue } from '../src/engine/model/validity.js';
import { repoRoot, runCliInProcess, sharedAvailable, sharedDir, tempDir, type CliRun } from './helpers/shared.js';

// Issue 26, item 3: a time of 0, -1, -Infinity or NaN passed `check` and read as an
// "improvement" of -101 % in `compare`, both exit 0. Each main format's real fixture, with one
// value edited, must now be an input error (exit 2) at the value's line (and column, where the
// format has one), from the CLI as a user runs it (in this process: the bundle is cli.test.ts's).

const formats = join(repoRoot, 'fixtures', 'formats');

/** The CLI, run in this process in the repository's folder. */
function distCli(args: string[]): Promise<CliRun> {
  return runCliInProcess(args, { cwd: repoRoot });
}

interface ImpossibleCase {
  id: string;
  /** The fixture; with `folder`, its whole folder is copied (siblings the adapter reads along). */
  file: string;
  folder?: boolean;
  read?: string[];
  /**
   * The value to edit: the first match; group `value` is replaced, group `at` (the key, or the
   * value itself) is where the error must point.
   */
  value: RegExp;
  /** The spellings of 0, -1, -Infinity and NaN the format can write. */
  edits: string[];
  /** Whether the error names the column (JSON fields, or the adapter's own check) or only the line of the row. */
  column: boolean;
}

const CASES: ImpossibleCase[] = [
  {
    id: 'google-benchmark',
    file: join(formats, 'google-benchmark', 'repetitions.json'),
    value: /(?<at>"real_time"): (?<value>[^,\n]+)/,
    edits: ['0', '-1', '-Infinity', 'NaN'],
    column: true,
  },
  {
    id: 'hyperfine',
    file: join(formats, 'hyperfine', 'scan.json'),
    value: /(?<at>"mean"): (?<value>[^,\n]+)/,
    edits: ['0', '-1', '-Infinity', 'NaN'],
    column: true,
  },
  {
    id: 'hyperfine-csv',
    file: join(sharedDir, 'fixtures', 'real-runs', 'hyperfine', 'hyperfine_seq_param.csv'),
    value: /\n(?<at>seq 1000,)(?<value>[^,]+)/,
    edits: ['0', '-1'],
    column: false,
  },
  {
    id: 'go-bench',
    file: join(formats, 'go-bench', 'publish_count3.txt'),
    value: /(?<at>(?<value>1060) ns\/op)/,
    // `0 ns/op` is Go's resolution floor, read as "< 1 ns/op" (resolution-floors.test.ts).
    edits: ['-1'],
    column: false,
  },
  {
    id: 'criterion-json',
    file: join(formats, 'criterion', 'target', 'criterion', 'publish', '64', 'new', 'estimates.json'),
    folder: true,
    value: /(?<at>"point_estimate"):(?<value>[^,}]+)/,
    edits: ['0', '-1', '-Infinity', 'NaN'],
    column: true,
  },
  {
    id: 'pytest-benchmark',
    file: join(formats, 'pytest-benchmark', 'codec.json'),
    value: /(?<at>"mean"): (?<value>[^,\n]+)/,
    edits: ['0', '-1', '-Infinity'],
    column: true,
  },
  {
    id: 'jmh',
    file: join(formats, 'jmh', 'publish_avgt_gc.json'),
    value: /(?<at>"score") : (?<value>[^,\n]+)/,
    edits: ['0', '-1', '-Infinity'],
    column: true,
  },
  {
    id: 'catch2-xml',
    file: join(formats, 'catch2', 'v3_sections.xml'),
    value: /<mean (?<at>value="(?<value>[^"]+)")/,
    // A mean of 0 is Catch2's resolution floor (resolution-floors.test.ts).
    edits: ['-1'],
    column: false,
  },
  {
    id: 'benchmarkdotnet',
    file: join(formats, 'benchmarkdotnet', 'Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json'),
    value: /"Statistics":\{[^{}]*?(?<at>"Mean"):(?<value>[^,}]+)/,
    edits: ['0', '-1', '-Infinity'],
    column: true,
  },
  {
    id: 'generic-csv',
    file: join(formats, 'generic-csv', 'latency.csv'),
    read: ['--format', 'generic-csv', '--mapping', join(formats, 'generic-csv', 'mapping.json')],
    value: /\nudp,64,(?<at>(?<value>[^,]+))/,
    // `nan` is an empty cell to a CSV reader, as to pandas (a missing value), and `-inf` is not a number to it.
    edits: ['0', '-1'],
    column: true,
  },
  {
    id: 'fastdds-raw',
    file: join(repoRoot, 'fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv'),
    value: /\n(?<at>1,16,)(?<value>[^\n]+)/,
    edits: ['0', '-1'],
    column: false,
  },
];

/** 1-based line and column of an offset. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** A copy of the fixture with the value edited, and where the error must point. */
function edited(
  c: ImpossibleCase,
  replacement: string,
): { path: string; reference: string; line: number; column: number } {
  const dir = tempDir('perfgate-impossible-');
  const path = join(dir, basename(c.file));
  if (c.folder) cpSync(dirname(c.file), dir, { recursive: true });
  const text = readFileSync(c.file, 'utf8');
  const match = c.value.exec(text)!;
  const groups = match.groups!;
  const valueStart = match.index + match[0].lastIndexOf(groups.value!);
  writeFileSync(path, text.slice(0, valueStart) + replacement + text.slice(valueStart + groups.value!.length));
  const atStart = match.index + match[0].indexOf(groups.at!);
  // A CSV row or a console line is pointed at by its line; its start is where the row begins.
  const place = placeOf(text, atStart);
  return { path, reference: c.file, ...place };
}

describe('an impossible value in each main format is exit 2 at its place (perfgate check and compare)', () => {
  // A case on a ../shared fixture is skipped without it, as a user's clone has none.
  for (const c of CASES) {
    (c.file.startsWith(sharedDir) && !sharedAvailable ? test.skip : test).each(c.edits)(
      `${c.id}: %s`,
      async (replacement) => {
        const { path, reference, line, column } = edited(c, replacement);
        const dir = tempDir('perfgate-impossible-out-');
        const requirements = join(dir, 'requirements.csv');
        writeFileSync(requirements, 'Experiment,Parameter,time [us]\nanything,*,1\n');
        const where = c.column ? `${path}:${line}:${column}: ` : `${path}:${line}: `;

        const check = await distCli([
          'check',
          ...(c.read ?? []),
          '--results',
          path,
          '--requirements',
          requirements,
          '-o',
          join(dir, 'check'),
        ]);
        expect({ status: check.status, stdout: check.stdout }).toEqual({ status: 2, stdout: '' });
        expect(check.stderr).toContain(`perfgate: error: ${where}`);
        expect(check.stderr).toMatch(
          / is -?[^,]+, which is impossible: a (time must be greater than 0|measured value must be a finite number)\n/,
        );

        const compare = await distCli([
          'compare',
          ...(c.read ?? []),
          '--reference',
          reference,
          '--results',
          path,
          '-o',
          join(dir, 'compare'),
        ]);
        expect(compare.status).toBe(2);
        expect(compare.stderr).toContain(`perfgate: error: ${where}`);
      },
    );
  }

  test('the message names the value as written, in the unit the tool printed', async () => {
    const { path, line, column } = edited(CASES[0]!, '-1');
    expect((await distCli(['inspect', path])).stderr).toBe(
      `perfgate: error: ${path}:${line}:${column}: "real_time" is -1, which is impossible: a time must be greater than 0\n`,
    );
    const go = edited(
      CASES.find((c) => c.id === 'go-bench')!,
      '-1',
    );
    expect((await distCli(['inspect', go.path])).stderr).toBe(
      `perfgate: error: ${go.path}:${go.line}: the time/op min of "BenchmarkPublish" (size=64,mode=copy) is -1 ns/op, which is impossible: a time must be greater than 0\n`,
    );
  });
});

test.each(['1e309', '1e200'])(
  'fastdds-raw: a sample of %s (infinite, or its square) is an error at its cell, not at a summary computed from it',
  async (sample) => {
    const raw = join(repoRoot, 'fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv');
    const text = readFileSync(raw, 'utf8').replace(/\n1,16,[^\n]+/, `\n1,16,${sample}`);
    const path = join(tempDir('perfgate-impossible-raw-'), basename(raw));
    writeFileSync(path, text);
    const { line, column } = placeOf(text, text.indexOf(`1,16,${sample}`) + 5);
    const expected = `perfgate: error: ${path}:${line}:${column}: expected a latency in microseconds (a finite number below 1e100), found "${sample}"\n`;
    expect((await distCli(['inspect', path])).stderr).toBe(expected);
    // The registry's whole-text adapter (which summarises and reads the summary back) points at the same cell.
    let thrown: unknown;
    try {
      adapterById('fastdds-raw')!.parse({ file: path, text }, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as InputError).describe()).toBe(expected.slice('perfgate: error: '.length, -1));
  },
);

describe('possible values stay possible', () => {
  test('a rate of 0, a size of 0, a standard deviation of 0 and a CPU time of 0 are read', async () => {
    const dir = tempDir('perfgate-possible-');
    // A stalled run's message rate is 0 msg/s: a real result (generic CSV).
    const csv = join(dir, 'latency.csv');
    writeFileSync(csv, readFileSync(join(formats, 'generic-csv', 'latency.csv'), 'utf8').replace(/,81000\n/, ',0\n'));
    const read = ['--format', 'generic-csv', '--mapping', join(formats, 'generic-csv', 'mapping.json')];
    expect((await distCli(['inspect', ...read, csv])).status).toBe(0);
    // hyperfine: a command that spent no time in the kernel, and one whose runs all took as long.
    const json = join(dir, 'scan.json');
    writeFileSync(
      json,
      readFileSync(join(formats, 'hyperfine', 'scan.json'), 'utf8')
        .replace('"system": 0.02', '"system": 0')
        .replace('"stddev": 0.00231', '"stddev": 0'),
    );
    const inspected = await distCli(['inspect', '--json', json]);
    expect(inspected.status).toBe(0);
    // go test -bench: an allocation-free benchmark's 0 B/op is in the fixture itself.
    expect((await distCli(['inspect', join(formats, 'go-bench', 'publish_count3.txt')])).status).toBe(0);
  });

  test('the table: times > 0; CPU times, sizes, rates, counts, percentages and spreads >= 0; all finite', () => {
    expect(impossibleValue({ dimension: 'time', statistic: 'mean' }, 0)).toBe('a time must be greater than 0');
    expect(impossibleValue({ dimension: 'time', statistic: 'sample' }, -0)).toBe('a time must be greater than 0');
    expect(impossibleValue({ dimension: 'time', statistic: 'mean' }, 1e-9)).toBeUndefined();
    expect(impossibleValue({ dimension: 'time', statistic: 'stdev' }, 0)).toBeUndefined();
    expect(impossibleValue({ dimension: 'time', statistic: 'stdev' }, -1)).toBe(
      'a standard deviation cannot be negative',
    );
    expect(impossibleValue({ dimension: 'time', statistic: 'mean', metric: 'system time' }, 0)).toBeUndefined();
    expect(impossibleValue({ dimension: 'time', statistic: 'mean', metric: 'gc.time' }, -1)).toBe(
      'a CPU or GC time cannot be negative',
    );
    expect(impossibleValue({ dimension: 'time', statistic: 'mean', metric: 'real time' }, 0)).toBe(
      'a time must be greater than 0',
    );
    expect(impossibleValue({ dimension: 'size', statistic: 'mean' }, 0)).toBeUndefined();
    expect(impossibleValue({ dimension: 'size', statistic: 'mean' }, -1)).toBe('a size cannot be negative');
    expect(impossibleValue({ dimension: 'rate', statistic: 'value' }, 0)).toBeUndefined();
    expect(impossibleValue({ dimension: 'byterate', statistic: 'value' }, -0.5)).toBe('a byte rate cannot be negative');
    expect(impossibleValue({ dimension: 'count', statistic: 'value' }, -1)).toBe('a count cannot be negative');
    expect(impossibleValue({ dimension: 'ratio', statistic: 'value' }, 400)).toBeUndefined();
    expect(impossibleValue({ dimension: 'ratio', statistic: 'value' }, -1)).toBe('a percentage cannot be negative');
    expect(impossibleValue({ dimension: 'time', statistic: 'samples' }, -1)).toBe(
      'a number of samples cannot be negative',
    );
    for (const value of [NaN, Infinity, -Infinity]) {
      expect(impossibleValue({ dimension: 'rate', statistic: 'value' }, value)).toBe(
        'a measured value must be a finite number',
      );
    }
  });
});

describe("the registry's check catches an impossible value in every other format (engine, real fixtures)", () => {
  // (Rust libtest has no case: its `0 ns/iter` is a resolution floor, and its lines cannot spell a negative or NaN.)
  // The adapters of these formats do not check each value where they read it; the registry checks
  // every measurement they return, at the line of its row or block.
  const cases: { id: string; file: string; value: RegExp; edit: string; column?: boolean }[] = [
    {
      id: 'fastdds-latency-console',
      file: join(formats, 'fastdds-tools', 'latency_publisher_stdout.txt'),
      value: /\n(?<at> +16, +10000, +0\.248, +)(?<value>1\.279)/,
      edit: '0.000',
    },
    {
      id: 'fastdds-latency-csv',
      file: join(formats, 'fastdds-tools', 'perf_LatencyTest_16_besteffort.csv'),
      value: /\n(?<at>")(?<value>1\.106)/,
      edit: '0',
    },
    {
      id: 'fastdds-throughput',
      file: join(formats, 'fastdds-tools', 'measurements_interprocess_best_effort.csv'),
      value: /\n(?<at>16,100,0,2345600,1000123\.400,)(?<value>2345311\.400)/,
      edit: '-1',
    },
    {
      id: 'iceperf',
      file: join(formats, 'iceperf', 'v2.95_leader.txt'),
      value: /(?<at>\| +16 \[B\] +\| +)(?<value>2\.1)/,
      edit: '0',
    },
    {
      id: 'iceoryx2',
      file: join(formats, 'iceoryx2', 'publish_subscribe.txt'),
      value: /(?<at>iceoryx2::service::ipc::Service ::: .*Latency: )(?<value>94)/,
      edit: '0',
    },
    { id: 'kuksa-csv', file: join(formats, 'kuksa', 'Frame 1.csv'), value: /\n(?<at>)(?<value>140)/, edit: '0' },
    { id: 'fep', file: join(formats, 'fep', 'results.csv'), value: /\n(?<at>)(?<value>0\.010),/, edit: '-0.010' },
    {
      id: 'netio3',
      file: join(formats, 'netio3', 'sweep.csv'),
      value: /\n(?<at>LIBFABRIC-RDMA,4096,16,1,)(?<value>2950000)/,
      edit: '-1',
    },
    {
      id: 'ddsperf',
      file: join(formats, 'ddsperf', 'ping_size64.txt'),
      value: /(?<at>\[500\] 3\.000 +host2:600 size 64 mean )(?<value>10\.000)/,
      edit: '0.000',
      column: true,
    },
    {
      id: 'criterion-console',
      file: join(formats, 'criterion', 'criterion_console.txt'),
      value: /(?<at>publish\/64 +time: +\[1\.2345 µs )(?<value>1\.2400)/,
      edit: '0.0000',
    },
    {
      id: 'github-action-benchmark',
      file: join(formats, 'github-action-benchmark', 'custom.json'),
      value: /(?<at>\{)\s*"name": "publish 64 B",\s*"unit": "ns\/iter",\s*"value": (?<value>1250)/,
      edit: '0',
    },
    {
      id: 'bmf',
      file: join(formats, 'bmf', 'results.json'),
      value: /"latency": (?<at>\{)\s*"value": (?<value>1250\.5)/,
      edit: '0',
    },
    {
      id: 'redis-benchmark',
      file: join(formats, 'redis', 'redis7.csv'),
      value: /\n(?<at>"PING_INLINE",")(?<value>99502\.48)/,
      edit: '-1',
    },
  ];

  test.each(cases)('$id', ({ id, file, value, edit, column }) => {
    const text = readFileSync(file, 'utf8');
    const match = value.exec(text)!;
    const valueStart = match.index + match[0].lastIndexOf(match.groups!.value!);
    const { line } = placeOf(
      text,
      match.index + match[0].indexOf(match.groups!.at!, match[0].startsWith('\n') ? 1 : 0),
    );
    const adapter = adapterById(id)!;
    expect(adapter.parse({ file, text }, {}).measurements.length).toBeGreaterThan(0);
    const bad = text.slice(0, valueStart) + edit + text.slice(valueStart + match.groups!.value!.length);
    let error: unknown;
    try {
      adapter.parse({ file, text: bad }, {});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).place).toMatchObject({
      file,
      line,
      ...(column ? { column: placeOf(text, valueStart).column } : {}),
    });
    expect((error as InputError).message).toMatch(
      / is -?[^,]+, which is impossible: a (time must be greater than 0|\w+( \w+)? cannot be negative)$/,
    );
  });
});
