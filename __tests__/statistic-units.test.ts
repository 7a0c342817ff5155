import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeShared, read, repoRoot, sharedDir, tempDir, cwdFiles } from './helpers/shared.js';

// A statistic's unit and direction come from the statistic, not only from its metric: a variance
// is a ceiling in the unit squared, and values keep the precision the tool printed them with.
const formats = join(repoRoot, 'fixtures', 'formats');

async function checkRows(
  results: string,
  requirementsCsv: string,
  experiment?: string,
): Promise<{ code: number; rows: string[] }> {
  const dir = tempDir('perfgate-units-');
  const requirements = join(dir, 'requirements.csv');
  writeFileSync(requirements, requirementsCsv);
  const out = join(dir, 'out');
  const result = await cli(['check', '--results', results, '--requirements', requirements, '-o', out]);
  const csv = read(
    join(
      out,
      experiment !== undefined ? `checks_${experiment}.csv` : readdirSync(out).find((f) => f.startsWith('checks_'))!,
    ),
  );
  return { code: result.code, rows: csv.trim().split('\n') };
}

describe('statistics report in their own unit and direction', () => {
  test('FEP: throughput.variance is a ceiling in (MB/s)², not a floor in MB/s', async () => {
    const { code, rows } = await checkRows(
      join(formats, 'fep', 'results.csv'),
      'Experiment,Parameter,throughput.variance <=\nresults,*,0.005\n',
    );
    expect(code).toBe(1);
    expect(rows).toEqual([
      'Check,Parameter,Unit,Direction,Requirement,Experiment,Difference,Percentage over requirement,Status',
      'throughput.variance,"10 B, 1 ms, continuous",(MB/s)²,<=,0.005,0.000,0.005,-100.000,passed',
      'throughput.variance,"500 B, 1 ms, continuous",(MB/s)²,<=,0.005,0.000,0.005,-99.999,passed',
      'throughput.variance,"10000000 B, 100 ms, discrete",(MB/s)²,<=,0.005,0.008,0.003,55.253,failed',
    ]);
  });

  test('a variance limit without a direction is still a ceiling, though throughput is higher-is-better', async () => {
    const { rows } = await checkRows(
      join(formats, 'fep', 'results.csv'),
      'Experiment,Parameter,throughput.variance\nresults,*,0.005\n',
    );
    expect(rows.slice(1).map((r) => r.split(',').slice(-6, -5)[0])).toEqual(['<=', '<=', '<=']);
  });

  test('Google Benchmark: times in ns stay in ns', async () => {
    const { code, rows } = await checkRows(
      join(formats, 'google-benchmark', 'repetitions.json'),
      'Experiment,Parameter,real time.median [ns],real time.samples\nBM_Publish,*,1250,5\n',
    );
    expect(code).toBe(1);
    expect(rows.slice(1)).toEqual([
      'real time.median,64/repeats:2,ns,<=,1250.000,1300.000,50.000,4.000,failed',
      'real time.samples,64/repeats:2,,<=,5.000,2.000,3.000,-60.000,passed',
    ]);
  });
});

describeShared('Google Benchmark times below a microsecond (github-action-benchmark test data)', () => {
  test('50 ns is shown as 50.000 ns, not 0.050 µs', async () => {
    const { rows } = await checkRows(
      join(sharedDir, 'fixtures', 'formats', 'google-benchmark', 'test1_run1.json'),
      'Experiment,Parameter,real time [ns]\nBM_2xSlower,*,60\n',
    );
    expect(rows.slice(1)).toEqual(['real time,,ns,<=,60.000,50.000,10.000,-16.667,passed']);
  });
});

describe('netio3 sweeps: parameters as people write them', () => {
  const sweep = join(formats, 'netio3', 'sweep.csv');

  test('a bare buffer size (65536) matches that sweep point; "4096 B x 16" matches "4096 B × 16"', async () => {
    const requirements =
      'Experiment,Parameter,throughput [Gb/s] >=\nLIBFABRIC-RDMA,65536,150\nASYNCMSG-TCP,1024 b x 8,0.5\n';
    const rdma = await checkRows(sweep, requirements, 'LIBFABRIC-RDMA');
    expect(rdma.code).toBe(0);
    expect(rdma.rows.slice(1)).toEqual([
      'throughput,65536 B × 16,Mb/s,>=,150000.000,189265.000,39265.000,-26.177,passed',
    ]);
    const tcp = await checkRows(sweep, requirements, 'ASYNCMSG-TCP');
    expect(tcp.rows.slice(1)).toEqual(['throughput,1024 B × 8,Mb/s,>=,500.000,720.000,220.000,-44.000,passed']);
  });

  test("a sweep point not in the results is missing, in the limit's own unit (never µs)", async () => {
    const dir = tempDir('perfgate-netio3-');
    const requirements = join(dir, 'requirements.csv');
    writeFileSync(requirements, 'Experiment,Parameter,throughput [Gb/s] >=\nLIBFABRIC-RDMA,1048576,150\n');
    const result = await cli(['check', '--results', sweep, '--requirements', requirements, '-o', join(dir, 'out')]);
    expect(result.code).toBe(1);
    expect(
      read(join(dir, 'out', 'checks_LIBFABRIC-RDMA.csv'))
        .trim()
        .split('\n')[1],
    ).toBe('throughput,1048576,Mb/s,>=,150000.000,,,,missing');
    expect(read(join(dir, 'out', 'report.md'))).not.toContain('µs');
  });

  test("the throughput chart's axis is in the unit of its values (Mb/s), not the tool's Gbps", async () => {
    const { loadResults } = await import('../src/pipeline/results.js');
    const { throughputCharts } = await import('../src/engine/charts/build.js');
    const loaded = loadResults(cwdFiles, [sweep], { floatParse: 'precise' });
    const measurements = [...loaded.experiments.values()].flatMap((e) => e.measurements);
    const chart = throughputCharts(measurements).find((c) => c.id === 'throughput-throughput')!;
    expect(chart.panels[0]!.y.unit).toBe('Mb/s');
    const values = chart.panels[0]!.series.flatMap((s) => s.points.map((p) => p.y));
    expect(values).toEqual(expect.arrayContaining([96670, 189265, 720]));
  });
});

describe("Kuksa databroker-perf: the tool's own unit", () => {
  test('a throughput limit in signal/s is read (databroker-perf prints "149 signal/second")', async () => {
    const { code, rows } = await checkRows(
      join(formats, 'kuksa', 'detailed.txt'),
      'Experiment,Parameter,throughput [signal/s] >=\nglobal,*,100\n',
      'global',
    );
    expect(code).toBe(0);
    expect(rows.slice(1)).toEqual(['throughput,"kuksa.val.v2, 4 signals",Hz,>=,100.000,149.000,49.000,-49.000,passed']);
  });
});
