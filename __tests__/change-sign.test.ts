import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Measurement } from '../src/engine/model/measurement.js';
import { renderTrendsMarkdown, renderTrendsText } from '../src/engine/trends/render.js';
import { makeHistoryRecord } from '../src/engine/history/record.js';
import { appendHistoryRecord, readHistoryWindow } from '../src/pipeline/historyFolder.js';
import { trendsOfRecords } from '../src/engine/trends/records.js';
import { cli, read, tempDir, cwdFiles } from './helpers/shared.js';

// One sign convention in every report: a change is the change of the value itself, (new − old) / old.
// One fact — a throughput that dropped from 1000 to 771 ops/s, 22.9 % — reads −22.9 % in the
// comparison, in the trends and against a requirement of 1000 ops/s; a latency that rose by 30 %
// reads +30 % everywhere. Which way is worse is said by the status, never by the sign.

/** A Bencher Metric Format file: one benchmark with a throughput (higher is better) and a latency. */
function bmf(folder: string, throughput: number, latency: number): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'bench.json');
  writeFileSync(
    file,
    JSON.stringify({ encode: { throughput: { value: throughput }, latency: { value: latency } } }) + '\n',
  );
  return file;
}

describe('one sign convention: the change of the value itself', () => {
  const dir = tempDir('perfgate-sign-');
  const base = bmf(join(dir, 'base'), 1000, 100);
  const head = bmf(join(dir, 'head'), 771, 130);

  test('compare: Δ −22.9 % for the throughput drop, +30 % for the latency rise; both fail', async () => {
    const out = join(dir, 'compare');
    const run = await cli(['compare', '--reference', base, '--results', head, '--threshold', '0.1', '-o', out]);
    expect(run.code).toBe(1);
    const rows = run.out.split('\n').filter((l) => l.startsWith('encode'));
    expect(rows).toEqual([
      // (The display units are another matter: only the Δ column is pinned here.)
      expect.stringMatching(/^encode +latency value +\S+ \S+ +\S+ \S+ +\+30\.0 % +10 % +fail$/),
      expect.stringMatching(/^encode +throughput value \(higher is better\) +1000 \S+ +771 \S+ +-22\.9 % +10 % +fail$/),
    ]);
    expect(run.out).toContain(
      '\nΔ = (result − reference) / reference, the change of the value itself: + went up, − went down; for a metric marked (higher is better) a drop is worse.\n',
    );
    const markdown = read(join(out, 'comparison.md'));
    expect(markdown).toMatch(
      /\n\| encode \| [^|]*\| throughput value ↑ \| 1000 [^|]+ \| 771 [^|]+ \| -22\.9 % \| 10 % \| ❌ fail \|\n/,
    );
    expect(markdown).toMatch(
      /\n\| encode \| [^|]*\| latency value \| [^|]+ \| [^|]+ \| \+30\.0 % \| 10 % \| ❌ fail \|\n/,
    );
    expect(markdown).toContain(
      'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse',
    );
    const json = JSON.parse(read(join(out, 'comparison.json'))) as {
      subExperiments: { comparisons: { metric: string; deltaPercent: number; changePercent: number }[] }[];
    };
    const byMetric = Object.fromEntries(
      json.subExperiments[0]!.comparisons.map((c) => [c.metric, [c.changePercent, c.deltaPercent]]),
    );
    // changePercent is what the tables show; deltaPercent stays worse-positive, as the gate judges.
    expect(byMetric['throughput']![0]).toBeCloseTo(-22.9, 10);
    expect(byMetric['throughput']![1]).toBeCloseTo(22.9, 10);
    expect(byMetric['latency']).toEqual([expect.closeTo(30, 10), expect.closeTo(30, 10)]);
  });

  test("compare --history: the noise band is a range of the value's change, the same for a throughput and a latency of the same spread", async () => {
    const runs = join(dir, 'runs');
    [1, 1.01, 0.99, 1.005].forEach((w, i) => bmf(join(runs, `r${i + 1}`), 1000 * w, 100 * w));
    const out = join(dir, 'history');
    const run = await cli(['compare', '--history', runs, '--results', head, '--threshold', '0.1', '-o', out]);
    expect(run.code).toBe(1);
    const cells = (metric: string) => {
      const row = read(join(out, 'comparison.md'))
        .split('\n')
        .find((l) => l.startsWith('| encode | ') && l.includes(` | ${metric} | `))!;
      const cells = row.split(' | ');
      return [cells[5]!, cells[6]!, cells[9]!]; // Δ (90 % interval), Threshold, Noise band
    };
    const throughput = cells('throughput value ↑');
    const latency = cells('latency value');
    // The reference is the geometric mean of the runs: 1000 and 100 times that of the wiggles.
    const level = Math.exp([1, 1.01, 0.99, 1.005].map(Math.log).reduce((a, b) => a + b) / 4);
    // The change to 3 significant digits, then its 90 % interval, lowest first (a drop: both ends negative).
    expect(throughput[0]).toMatch(/^-23\.0 % \(-[0-9.]+ … -[0-9.]+ %\)$/);
    expect(((771 / (1000 * level) - 1) * 100).toPrecision(3)).toBe('-23.0');
    expect(latency[0]).toMatch(
      new RegExp(`^\\+${((130 / (100 * level) - 1) * 100).toPrecision(3)} % \\(\\+[0-9.]+ … \\+[0-9.]+ %\\)$`),
    );
    // Lowest change first, whichever way the metric points: the bands read alike.
    expect(throughput[2]).toMatch(/^-[0-9.]+ … \+[0-9.]+ %$/);
    expect(throughput[2]).toBe(latency[2]);
    // The smallest change a row catches is a size, like the threshold: no sign. It is over the threshold: a true
    // change at the threshold is caught about half the time.
    const catches = [
      ...read(join(out, 'comparison.md')).matchAll(
        / \| 10 % \| [^|]+ \| [^|]+ \| -[0-9.]+ … \+[0-9.]+ % \| ([0-9.]+) % \| ❌ fail \|\n/g,
      ),
    ];
    expect(catches).toHaveLength(2);
    for (const [, value] of catches) expect(Number(value)).toBeGreaterThan(10);
  });

  test('check: −22.9 % against a throughput floor of 1000, +30 % against a latency ceiling of 100', async () => {
    const requirements = join(dir, 'requirements.csv');
    writeFileSync(requirements, 'Experiment,Parameter,throughput [ops/s] >=,latency [ns]\nencode,*,1000,100\n');
    const out = join(dir, 'check');
    const run = await cli(['check', '--results', head, '--requirements', requirements, '-o', out]);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(
      /\nencode +771 ops\/s +1000 ops\/s +-22\.900 % +FAIL +130\.0 ns +100\.0 ns +\+30\.000 % +FAIL\n/,
    );
    expect(run.out).toContain(
      'vs req. = (result − requirement) / requirement: + above it, − below it; a ≤ check fails above 0, a ≥ check below 0.',
    );
    const markdown = read(join(out, 'report.md'));
    expect(markdown).toMatch(
      /\n\| encode \| [^|]*\| 771 ops\/s \| 1000 ops\/s \| -22\.900 % \| ❌ \| 130\.0 ns \| 100\.0 ns \| \+30\.000 % \| ❌ \|\n/,
    );
    // report.json keeps the reference's "percentage over requirement", positive when worse.
    expect(
      JSON.parse(read(join(out, 'report.json'))).subExperiments[0].checks.map(
        (c: { percentOverRequirement: number }) => c.percentOverRequirement,
      ),
    ).toEqual([expect.closeTo(22.9, 10), expect.closeTo(30, 10)]);
  });

  test('trends: the step reads −22.9 % for the throughput and +30 % for the latency', () => {
    const folder = tempDir('perfgate-sign-history-');
    // Pairs of runs 1 % apart whose geometric mean is the level: 5 pairs before the step, 4 after.
    const wiggle = (i: number) => (i % 2 === 0 ? 1.01 : 1 / 1.01);
    for (let i = 0; i < 18; i++) {
      const m = (metric: 'throughput' | 'latency', value: number): Measurement => ({
        experiment: 'encode',
        parameter: { label: 'default' },
        metric:
          metric === 'throughput'
            ? {
                name: 'throughput',
                dimension: 'rate',
                unit: 'ops/s',
                displayUnit: 'ops/s',
                direction: 'higher-is-better',
              }
            : { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
        statistics: { value: value * wiggle(i) },
        place: { file: 'bench.json' },
      });
      const after = i >= 10;
      const record = makeHistoryRecord(
        [
          {
            experiment: 'encode',
            format: 'bmf',
            measurements: [m('throughput', after ? 771 : 1000), m('latency', after ? 130 : 100)],
          },
        ],
        {
          sha: (0xabc0000 + i).toString(16) + 'f'.repeat(33),
          date: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
          runId: 2000 + i,
          runUrl: `https://github.com/o/r/actions/runs/${2000 + i}`,
        },
      );
      appendHistoryRecord(cwdFiles, folder, record, 1000);
    }
    const report = trendsOfRecords(readHistoryWindow(cwdFiles, folder, 1000));
    const text = renderTrendsText(report);
    expect(text).toContain('regression: encode / default / throughput / value −22.9 % (1000 ops/s -> 771 ops/s)');
    expect(text).toContain('regression: encode / default / latency / value +30.0 % (100 µs -> 130 µs)');
    const md = renderTrendsMarkdown(report);
    expect(md).toContain('| regression | encode | default | throughput | value | −22.9 % | 1000 ops/s → 771 ops/s |');
    expect(md).toContain('change = after / before − 1, the change of the value itself: + went up, − went down.');
  });
});
