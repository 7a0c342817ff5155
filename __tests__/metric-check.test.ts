import { join } from 'node:path';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { checkLimit } from '../src/engine/check/checkRow.js';
import { InputError } from '../src/engine/errors.js';
import { isMetricRequirementsHeader, parseMetricRequirementsCsv } from '../src/engine/formats/metricRequirementsCsv.js';
import { csvText } from '../src/engine/report/csvText.js';
import { safeFileStem, uniqueFileStems } from '../src/engine/report/fileNames.js';
import type { MetricRequirement } from '../src/engine/model/metricRequirement.js';
import { cli, describeShared, listFiles, read, repoRoot, sharedDir, tempDir } from './helpers/shared.js';

const formats = join(repoRoot, 'fixtures', 'formats');

function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('general requirements CSV', () => {
  test('limit columns name metric, statistic, unit and direction; units convert to the base unit', () => {
    const text =
      'Experiment,Parameter,latency.p99 [ms],throughput [Gb/s] >=,lost samples <=\nping,1024,0.5,,\nsub,*,,1.5,0\n';
    const reqs = parseMetricRequirementsCsv('req.csv', text, 'precise');
    expect(reqs).toEqual([
      expect.objectContaining({
        experiment: 'ping',
        parameter: '1024',
        metric: 'latency',
        statistic: 'p99',
        limit: 500,
        dimension: 'time',
        label: 'latency.p99',
        line: 2,
      }),
      expect.objectContaining({
        experiment: 'sub',
        parameter: '*',
        metric: 'throughput',
        limit: 1500,
        dimension: 'bitrate',
        direction: 'higher-is-better',
        label: 'throughput',
        line: 3,
      }),
      expect.objectContaining({
        experiment: 'sub',
        metric: 'lost samples',
        limit: 0,
        direction: 'lower-is-better',
        line: 3,
      }),
    ]);
    expect(reqs[1]!.statistic).toBeUndefined();
  });

  test('reference-style latency columns are accepted in the general form', () => {
    const reqs = parseMetricRequirementsCsv('req.csv', 'Experiment,Parameter,Median,99%\nx,16,10,20\n', 'precise');
    expect(reqs.map((r) => [r.label, r.statistic, r.limit])).toEqual([
      ['Median', 'median', 10],
      ['99%', 'p99', 20],
    ]);
  });

  test('the reference header is not the general form; misspelled reference headers stay reference', () => {
    expect(isMetricRequirementsHeader('Experiment type,Bytes,Median,99%,Max')).toBe(false);
    expect(isMetricRequirementsHeader('Experiment typ,Bytes,Medain,99%,Max')).toBe(false);
    expect(isMetricRequirementsHeader('Experiment,Parameter,throughput >=')).toBe(true);
    expect(isMetricRequirementsHeader('Experiment type,Bytes,latency.p95 [us]')).toBe(true);
  });

  test.each([
    ['Experiment,Parameter,latency.p42\nx,1,2\n', 1, 22, /unknown statistic "p42"/],
    [
      'Experiment,Parameter,gc.alloc.rate.norm [B/op]\nx,1,2\n',
      1,
      22,
      /a metric whose name has dots needs its statistic: "gc.alloc.rate.norm.median"/,
    ],
    [
      'Experiment,Parameter,latency,Optional\nx,1,2,maybe\n',
      2,
      7,
      /expected yes or no in column "Optional", found "maybe" \(empty means required\)/,
    ],
    ['Experiment,Parameter,latency.p99\nx,1,fast\n', 2, 5, /expected a number in column "latency.p99", found "fast"/],
    ['Experiment,Parameter,latency.p99\nx,,1\n', 2, 3, /"Parameter" cell is empty \(use \* for every parameter\)/],
    [
      'Experiment,Parameter,latency.p99\nx,1,1\nx,1,2\n',
      3,
      1,
      /duplicate requirement for x, 1 \(first given on line 2\)/,
    ],
  ])('errors name line and column: %j', (text, line, column, message) => {
    const error = thrown(() => parseMetricRequirementsCsv('req.csv', text, 'precise'));
    expect(error.place).toEqual({ file: 'req.csv', line, column });
    expect(error.message).toMatch(message);
  });
});

describe('direction-aware limits', () => {
  const requirement = (limit: number): MetricRequirement => ({
    experiment: 'e',
    parameter: '1',
    metric: 'throughput',
    limit,
    label: 'throughput',
    file: 'r.csv',
    line: 2,
  });

  test('a throughput floor fails when throughput drops, and "over" is positive when worse', () => {
    expect(checkLimit(requirement(1000), 'higher-is-better', 900)).toEqual({
      requirement: 1000,
      experiment: 900,
      difference: 100,
      percentOver: 10,
      status: 'failed',
    });
    expect(checkLimit(requirement(1000), 'higher-is-better', 1100)).toMatchObject({
      percentOver: -10,
      status: 'passed',
    });
    expect(checkLimit(requirement(1000), 'higher-is-better', 1000)).toMatchObject({ status: 'passed' });
  });

  test('a latency ceiling keeps the reference arithmetic', () => {
    expect(checkLimit(requirement(10), 'lower-is-better', 12)).toMatchObject({ percentOver: 20, status: 'failed' });
    expect(checkLimit(requirement(0), 'lower-is-better', 5)).toMatchObject({ percentOver: 500, status: 'failed' });
    expect(checkLimit(requirement(10), 'lower-is-better', NaN)).toMatchObject({ status: 'failed' });
  });
});

describe('untrusted names in file names and CSV cells', () => {
  test('experiment names cannot leave the report folder', () => {
    expect(safeFileStem('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileStem('sleep 0.1 && rm -rf /')).toBe('sleep_0.1_rm_-rf_');
    expect(safeFileStem('...')).toBe('experiment');
    expect([...uniqueFileStems(['a/b', 'a:b', 'A_B']).values()]).toEqual(['a_b', 'a_b-2', 'A_B-3']);
  });

  test('formula-like text cells are neutralised, numbers are not', () => {
    expect(csvText('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('-cmd')).toBe("'-cmd");
    expect(csvText('-12.5')).toBe('-12.5');
    expect(csvText('plain')).toBe('plain');
  });
});

describe('perfgate check and inspect on other formats (project fixtures)', () => {
  test('iceperf leader output against a general requirements file', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '-r',
      join(formats, 'iceperf', 'v2.95_leader.txt'),
      '-q',
      join(formats, 'requirements', 'iceperf.csv'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    // MESSAGE QUEUE at 1 kB reads 2.5 µs in the fixture; its limit is 2.
    expect(result.out).toMatch(/MESSAGE QUEUE +1024 +2\.500 µs +2\.000 µs +\+25\.000 % +FAIL/);
    expect(listFiles(out)).toEqual([
      'checks_ICEORYX_WAITSET.csv',
      'checks_MESSAGE_QUEUE.csv',
      'comment.md',
      'report.json',
      'report.md',
    ]);
    expect(read(join(out, 'checks_MESSAGE_QUEUE.csv'))).toBe(
      'Check,Parameter,Unit,Direction,Requirement,Experiment,Difference,Percentage over requirement,Status\n' +
        'latency.mean,16,µs,<=,2.500,2.100,0.400,-16.000,passed\n' +
        'latency.mean,1024,µs,<=,2.000,2.500,0.500,25.000,failed\n',
    );
  });

  test('a ddsperf throughput floor passes and a lost-samples ceiling fails with the right sign', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '-r',
      join(formats, 'ddsperf', 'sub_size1024.txt'),
      '-q',
      join(formats, 'requirements', 'ddsperf-sub.csv'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    // Per-second rates 8.19, 3276.80, 4096.00, 3686.40 Mb/s: median 3481.6; 5 samples lost.
    expect(read(join(out, 'checks_sub.csv'))).toBe(
      'Check,Parameter,Unit,Direction,Requirement,Experiment,Difference,Percentage over requirement,Status\n' +
        'throughput,1024,Mb/s,>=,1500.000,3481.600,1981.600,-132.107,passed\n' +
        'lost samples,1024,,<=,0.000,5.000,5.000,500.000,failed\n',
    );
    // 3482 Mb/s against a 1500 Mb/s floor, in the row's unit.
    expect(read(join(out, 'report.md'))).toContain(
      '| sub | 1024 | 3.482 Gb/s | 1.500 Gb/s | +132.107 % | ✅ | 5 | 0 | +500.000 % | ❌ |',
    );
  });

  test('generic CSV with a column mapping; a throughput floor fails when throughput drops', async () => {
    const out = tempDir();
    const dir = join(formats, 'generic-csv');
    const result = await cli([
      'check',
      '-r',
      join(dir, 'latency.csv'),
      '-q',
      join(formats, 'requirements', 'generic.csv'),
      '--format',
      'generic-csv',
      '--mapping',
      join(dir, 'mapping.json'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    // udp 1024: p99 0.610 ms = 610 µs over 600; 76000 msg/s under the 80000 floor: 5 % worse.
    expect(read(join(out, 'checks_udp.csv'))).toContain(
      'message rate,1024,Hz,>=,80000.000,76000.000,4000.000,5.000,failed\n',
    );
    expect(read(join(out, 'checks_udp.csv'))).toContain('latency.p99,1024,µs,<=,600.000,610.000,10.000,1.667,failed\n');
    expect(result.out).toContain('shm: no requirements for this sub-experiment');
  });

  test('generic-csv without a mapping is a usage error', async () => {
    const result = await cli([
      'check',
      '-r',
      join(formats, 'generic-csv', 'latency.csv'),
      '-q',
      join(formats, 'requirements', 'generic.csv'),
      '--format',
      'generic-csv',
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/needs --mapping/);
  });

  test('an unknown --format lists the known ones', async () => {
    const result = await cli(['inspect', '--format', 'nope', join(formats, 'redis', 'redis7.csv')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown format "nope"; known formats: auto, fastdds-summary, fastdds-raw, .*hyperfine/);
  });

  test('inspect says what was read: format, experiments, metrics with direction, values', async () => {
    const result = await cli(['inspect', join(formats, 'ddsperf', 'sub_size1024.txt')]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('sub_size1024.txt: ddsperf (Cyclone DDS ddsperf output)');
    expect(result.out).toMatch(/throughput \[Mb\/s\] higher-is-better/);
    expect(result.out).toMatch(/lost samples \[count\] lower-is-better/);
  });

  test('inspect --json is machine-readable', async () => {
    const result = await cli(['inspect', '--json', join(formats, 'iceperf', 'v2.95_leader.txt')]);
    const document = JSON.parse(result.out) as {
      files: { format: string; experiments: { name: string; parameters: string[] }[] }[];
    };
    expect(document.files[0]!.format).toBe('iceperf');
    expect(document.files[0]!.experiments.map((e) => e.name)).toEqual(['MESSAGE QUEUE', 'ICEORYX WAITSET']);
    expect(document.files[0]!.experiments[0]!.parameters).toEqual(['16', '1024', '524288', '4194304']);
  });

  test('every project format fixture is read by inspect', async () => {
    const skip = new Set(['requirements', 'generic-csv']);
    for (const folder of readdirSync(formats).filter((f) => !skip.has(f) && statSync(join(formats, f)).isDirectory())) {
      for (const name of readdirSync(join(formats, folder))) {
        const path = join(formats, folder, name);
        if (!statSync(path).isFile()) continue;
        const result = await cli(['inspect', path]);
        // usage_hint.txt is iceoryx2 output that holds only the tool's usage hint: an input error.
        if (name === 'usage_hint.txt') expect(result.code).toBe(2);
        else expect({ path, code: result.code, err: result.err }).toEqual({ path, code: 0, err: '' });
      }
    }
  });
});

describeShared('every real output in ../shared/fixtures/real-runs is read', () => {
  const realRuns = join(sharedDir, 'fixtures', 'real-runs');
  // Files that hold no results: the other side of a test, inputs, renderings for people, notes.
  const notResults: [RegExp, RegExp][] = [
    [/(^|\/)ddsperf\/.*_(pong|pub)\.txt$/, /pong or pub side/],
    [/^iceperf\/.*_follower\.txt$/, /follower output, which has no results/],
    [/^fastdds\/.*_subscriber_stdout\.txt$/, /not a result file perfgate recognises/],
    [/^fastdds\/payloads_demands\.csv$/, /not a result file perfgate recognises/],
    [/^hyperfine\/.*(_stdout\.txt|\.md)$/, /not a result file perfgate recognises/],
    [/^repeats\/PROVENANCE\.md$/, /not a result file perfgate recognises/],
  ];
  const filesUnder = (folder: string): string[] =>
    readdirSync(join(realRuns, folder)).flatMap((name) => {
      const path = folder === '' ? name : `${folder}/${name}`;
      return statSync(join(realRuns, path)).isDirectory() ? filesUnder(path) : [path];
    });
  const files = filesUnder('').filter((f) => f.includes('/'));

  test('inspect reads every result file, and says why the others are not results', async () => {
    let read = 0;
    for (const file of files) {
      const result = await cli(['inspect', join(realRuns, file)]);
      const expected = notResults.find(([pattern]) => pattern.test(file));
      if (expected) {
        expect({ file, code: result.code }).toEqual({ file, code: 2 });
        expect(result.err).toMatch(expected[1]);
      } else {
        expect({ file, code: result.code, err: result.err }).toEqual({ file, code: 0, err: '' });
        read++;
      }
    }
    expect(read).toBeGreaterThanOrEqual(40);
  });

  test('a folder with companion outputs is read, the companions skipped', async () => {
    for (const folder of ['ddsperf', 'iceperf', 'hyperfine', 'redis']) {
      const result = await cli(['inspect', join(realRuns, folder)]);
      expect({ folder, code: result.code, err: result.err }).toEqual({ folder, code: 0, err: '' });
    }
  });

  test('check gates every experiment of a real ddsperf run, latency and throughput', async () => {
    const dir = tempDir();
    const requirements = join(dir, 'req.csv');
    writeFileSync(
      requirements,
      'Experiment,Parameter,latency.median [us],throughput [Mb/s] >=\nping,*,9.5,\nsub,*,,400\n',
    );
    const out = join(dir, 'out');
    const result = await cli(['check', '-r', join(realRuns, 'ddsperf'), '-q', requirements, '-o', out]);
    expect(result.code).toBe(1);
    // pingpong_size16_ping.txt: median of the per-second 50% values 8.462 µs (passes 9.5);
    // pingpong_size16384_ping.txt: 19.834 µs (fails); throughput_size64_sub.txt: 321.63 Mb/s < 400.
    expect(read(join(out, 'checks_ping.csv'))).toContain('latency.median,16,µs,<=,9.500,8.462,1.038,-10.926,passed\n');
    expect(read(join(out, 'checks_ping.csv'))).toContain(
      'latency.median,16384,µs,<=,9.500,19.834,10.334,108.779,failed\n',
    );
    expect(read(join(out, 'checks_sub.csv'))).toContain('throughput,64,Mb/s,>=,400.000,321.630,78.370,19.593,failed\n');
  });
});

describeShared('hyperfine CSV and redis -q outputs (real runs)', () => {
  const realRuns = join(sharedDir, 'fixtures', 'real-runs');

  test('hyperfine --export-csv names experiments like the JSON export; seconds become µs', async () => {
    const result = await cli(['inspect', '--json', join(realRuns, 'hyperfine', 'hyperfine_seq_param.csv')]);
    expect(result.code).toBe(0);
    const file = (
      JSON.parse(result.out) as {
        files: { format: string; experiments: { name: string; parameters: string[]; metrics: { name: string }[] }[] }[];
      }
    ).files[0]!;
    expect(file.format).toBe('hyperfine-csv');
    expect(file.experiments).toEqual([
      expect.objectContaining({ name: 'seq {n}', parameters: ['n=1000', 'n=100000'] }),
    ]);
    expect(file.experiments[0]!.metrics.map((m) => m.name)).toEqual(['wall time', 'user time', 'system time']);
    const text = await cli(['inspect', join(realRuns, 'hyperfine', 'hyperfine_true_vs_sleep.csv')]);
    // true: mean 0.0010150655666666666 s, median 0.000849302 s.
    expect(text.out).toContain(
      'e.g. (none) wall time: mean=1015.066 stdev=661.547 median=849.302 min=575.606 max=3380.767',
    );
  });

  test('redis-benchmark -q: the final line of each test after its carriage-return redraws', async () => {
    const result = await cli(['inspect', join(realRuns, 'redis', 'redis_benchmark_d16_c10_n20000_quiet.txt')]);
    expect(result.code).toBe(0);
    // "SET: 54054.05 requests per second, p50=0.119 msec"
    expect(result.out).toContain('e.g. (none) throughput: value=54054.050');
    expect(result.out).toContain('e.g. (none) latency in ms: median=0.119');
  });
});
