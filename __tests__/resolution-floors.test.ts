import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { InputError } from '../src/engine/errors.js';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { requirePossibleValues } from '../src/engine/model/validity.js';
import { repoRoot, runCliInProcess, tempDir, type CliRun } from './helpers/shared.js';

// Issue 38, item 7: a benchmark a rounding tool prints as 0 (libtest's `0 ns/iter`, Catch2's `0 ns`, Go's `0 ns/op`)
// took less than one unit; since the impossible-value check it made the whole file unreadable (exit 2).

const formats = join(repoRoot, 'fixtures', 'formats');
const LIBTEST_ZERO = join(formats, 'rust-libtest', 'old_integer_zero.txt');
const ISSUE16 = join(formats, 'catch2', 'issue16_output.txt');

function cli(args: string[]): Promise<CliRun> {
  return runCliInProcess(args, { cwd: repoRoot });
}

/** A copy of a fixture with one line's text replaced (the edit must apply). */
function editedCopy(file: string, from: string, to: string): string {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  const path = join(tempDir('perfgate-floor-'), file.split('/').pop()!);
  writeFileSync(path, text.replace(from, to));
  return path;
}

interface ComparisonJson {
  verdict: string;
  notes: string[];
  warnings: string[];
  subExperiments: { experimentType: string; comparisons: { parameter: string; status: string; failed: boolean }[] }[];
}

async function compare(reference: string, results: string): Promise<{ run: CliRun; json: ComparisonJson }> {
  const dir = tempDir('perfgate-floor-out-');
  const run = await cli(['compare', '--reference', reference, '--results', results, '-o', dir]);
  const json =
    run.status === 0 ? (JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson) : undefined;
  return { run, json: json! };
}

describe('a 0 at the resolution of a rounding tool is read, noted, and shown as "< 1 unit"', () => {
  test("github-action-benchmark's issue16_output.txt (Catch2 2.11, a 0 ns mean) reads with exit 0", async () => {
    const inspected = await cli(['inspect', ISSUE16]);
    expect(inspected.stderr).toBe('');
    expect(inspected.status).toBe(0);
    expect(inspected.stdout).toContain(
      'note: Fibonacci / Fibonacci 10 measured 0 ns: below the tool\'s resolution (optimised away?), read as "< 1 ns" and not gated by a ratio',
    );
    const requirements = join(tempDir('perfgate-floor-req-'), 'requirements.csv');
    writeFileSync(requirements, 'Experiment,Parameter,time [us]\nFibonacci,*,1\n');
    const check = await cli([
      'check',
      '--results',
      ISSUE16,
      '--requirements',
      requirements,
      '-o',
      tempDir('perfgate-floor-check-'),
    ]);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  test('a libtest file with 0 ns/iter reads with exit 0 and names the benchmarks', async () => {
    const inspected = await cli(['inspect', LIBTEST_ZERO]);
    expect(inspected.status).toBe(0);
    expect(inspected.stdout).toContain(
      'note: bench_empty, bench_optimised_away measured 0 ns/iter: below the tool\'s resolution (optimised away?), read as "< 1 ns/iter" and not gated by a ratio',
    );
  });

  test('go test -bench: 0 ns/op reads with exit 0', async () => {
    const path = editedCopy(join(formats, 'go-bench', 'publish_count3.txt'), '1060 ns/op', '0 ns/op');
    const inspected = await cli(['inspect', path]);
    expect(inspected.stderr).toBe('');
    expect(inspected.status).toBe(0);
    expect(inspected.stdout).toMatch(/note: BenchmarkPublish \(size=64,mode=copy\) measured 0 ns\/op: below/);
  });
});

describe('a comparison with a side at the floor is not failed on its ratio, and says why', () => {
  test('libtest: 0 → 25 ns/iter passes and is reported by name; 25 → 0 too', async () => {
    const slower = editedCopy(
      LIBTEST_ZERO,
      'test bench_empty          ... bench:           0 ns/iter (+/- 0)',
      'test bench_empty          ... bench:          25 ns/iter (+/- 1)',
    );
    const up = await compare(LIBTEST_ZERO, slower);
    expect(up.run.status).toBe(0);
    expect(up.json.verdict).toBe('pass');
    const row = up.json.subExperiments.find((s) => s.experimentType === 'bench_empty')!.comparisons[0]!;
    expect(row).toMatchObject({ status: 'pass', failed: false });
    expect(up.json.warnings).toContain(
      "bench_empty time/iter Median changed from < 1 ns/iter to 25 ns/iter: one side is below the tool's resolution, so the change is reported, not judged by a ratio.",
    );
    expect(up.run.stdout).toContain('warning: bench_empty time/iter Median changed from < 1 ns/iter to 25 ns/iter');
    // The table shows the floor as "< 1 ns/iter", never as a time of 0; Δ is "—" (no ratio to 0).
    expect(up.run.stdout).toMatch(/bench_empty +time\/iter median +< 1 ns\/iter +25\.00 ns +— /);
    expect(up.run.stdout).toMatch(/bench_optimised_away +time\/iter median +< 1 ns\/iter +< 1 ns\/iter +0 % /);

    const down = await compare(slower, LIBTEST_ZERO);
    expect(down.run.status).toBe(0);
    expect(down.json.warnings).toContain(
      "bench_empty time/iter Median changed from 25 ns/iter to < 1 ns/iter: one side is below the tool's resolution, so the change is reported, not judged by a ratio.",
    );
    // 0 against 0 is unchanged: no note for it.
    expect(up.json.warnings.join('\n')).not.toContain('bench_optimised_away');
  });

  test('Catch2: a 0 ns mean that becomes 40 ns passes with a note; a real regression beside it still fails', async () => {
    const text = readFileSync(ISSUE16, 'utf8');
    // Fibonacci 10's mean row is the first "0 ns 0 ns 0 ns" row after its name; Fibonacci 20's mean 1 → 3 ns (+200 %).
    const lines = text.split('\n');
    const f10 = lines.findIndex((l) => l.startsWith('Fibonacci 10'));
    const f20 = lines.findIndex((l) => l.startsWith('Fibonacci 20'));
    lines[f10 + 1] = lines[f10 + 1]!.replace(/ {2}0 ns {10}0 ns {10}0 ns /, ' 40 ns         40 ns         40 ns ');
    lines[f20 + 1] = lines[f20 + 1]!.replace(/1 ns {10}1 ns {10}1 ns /, '3 ns          3 ns          3 ns ');
    const path = join(tempDir('perfgate-floor-catch2-'), 'issue16_output.txt');
    writeFileSync(path, lines.join('\n'));
    const dir = tempDir('perfgate-floor-catch2-out-');
    const run = await cli(['compare', '--reference', ISSUE16, '--results', path, '-o', dir]);
    expect(run.status).toBe(1);
    // In Markdown the floor is escaped as every cell is: `&lt; 1 ns`.
    expect(readFileSync(join(dir, 'comparison.md'), 'utf8')).toContain(
      '| Fibonacci | Fibonacci 10 | time mean | &lt; 1 ns | 40.00 ns | — |',
    );
    const json = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson;
    const rows = json.subExperiments[0]!.comparisons;
    expect(rows.filter((r) => r.parameter === 'Fibonacci 10').every((r) => !r.failed)).toBe(true);
    expect(rows.some((r) => r.parameter === 'Fibonacci 20' && r.failed)).toBe(true);
    expect(json.warnings).toContain(
      "Fibonacci (Fibonacci 10) time Mean changed from < 1 ns to 40 ns: one side is below the tool's resolution, so the change is reported, not judged by a ratio.",
    );
  });
});

describe('the history and A/B pairs methods: a side at the floor passes and warns', () => {
  const slowerLine = (ns: number) => `test bench_empty          ... bench:  ${String(ns).padStart(10)} ns/iter (+/- 1)`;
  const zeroLine = 'test bench_empty          ... bench:           0 ns/iter (+/- 0)';

  test('a history of 25–29 ns/iter against a result of 0 ns/iter', async () => {
    const runs = tempDir('perfgate-floor-history-');
    const text = readFileSync(LIBTEST_ZERO, 'utf8');
    for (let i = 1; i <= 5; i++) {
      mkdirSync(join(runs, `2026-01-0${i}`));
      writeFileSync(join(runs, `2026-01-0${i}`, 'libtest.txt'), text.replace(zeroLine, slowerLine(24 + i)));
    }
    const dir = tempDir('perfgate-floor-history-out-');
    const run = await cli(['compare', '--history', runs, '--results', LIBTEST_ZERO, '-o', dir]);
    expect(run.status).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson;
    expect(json.verdict).toBe('pass');
    expect(
      json.warnings.some(
        (w) => w.startsWith('bench_empty time/iter Median changed from ') && w.includes(' to < 1 ns/iter: '),
      ),
    ).toBe(true);
  });

  test('a history at 0 ns/iter against a result of 25 ns/iter: judged as one run would be, not "insufficient history"', async () => {
    const runs = tempDir('perfgate-floor-history0-');
    for (let i = 1; i <= 5; i++) {
      mkdirSync(join(runs, `2026-01-0${i}`));
      writeFileSync(join(runs, `2026-01-0${i}`, 'libtest.txt'), readFileSync(LIBTEST_ZERO, 'utf8'));
    }
    const slower = editedCopy(LIBTEST_ZERO, zeroLine, slowerLine(25));
    const dir = tempDir('perfgate-floor-history0-out-');
    const run = await cli(['compare', '--history', runs, '--results', slower, '-o', dir]);
    expect(run.status).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson;
    const row = json.subExperiments.find((s) => s.experimentType === 'bench_empty')!.comparisons[0]!;
    expect(row).toMatchObject({ status: 'pass', failed: false });
    expect(json.warnings).toContain(
      "bench_empty time/iter Median changed from < 1 ns/iter to 25 ns/iter: one side is below the tool's resolution, so the change is reported, not judged by a ratio.",
    );
    expect(json.notes.join('\n')).not.toContain('fewer than 3 runs of history');
  });

  test('history records keep the floor: imported runs at 0 ns/iter read back as "< 1 ns/iter"', async () => {
    const runs = tempDir('perfgate-floor-import-');
    for (let i = 1; i <= 3; i++) {
      mkdirSync(join(runs, `2026-01-0${i}`));
      writeFileSync(join(runs, `2026-01-0${i}`, 'libtest.txt'), readFileSync(LIBTEST_ZERO, 'utf8'));
    }
    const records = tempDir('perfgate-floor-records-');
    expect((await cli(['history', 'import', runs, '--output', records])).status).toBe(0);
    const files = readdirSync(records).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(3);
    const text = readFileSync(join(records, files[0]!), 'utf8');
    const record = parseHistoryRecord(text, files[0]!);
    const floored = record.measurements.filter((m) => m.belowResolution).map((m) => m.experiment);
    expect(floored).toEqual(['bench_empty', 'bench_optimised_away']);
    // Anything but `true` is a corrupt record.
    expect(text).toMatch(/"belowResolution": ?true/);
    expect(() =>
      parseHistoryRecord(text.replace(/"belowResolution": ?true/, '"belowResolution": 1'), 'x.json'),
    ).toThrow('"belowResolution" is not true');
    const slower = editedCopy(LIBTEST_ZERO, zeroLine, slowerLine(25));
    const dir = tempDir('perfgate-floor-records-out-');
    const run = await cli(['compare', '--history', records, '--results', slower, '-o', dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/bench_empty +time\/iter median +< 1 ns\/iter +25\.00 ns +— .* pass\n/);
  });

  test('three A/B pairs of 0 against 25 ns/iter', async () => {
    const slower = editedCopy(LIBTEST_ZERO, zeroLine, slowerLine(25));
    const pairs = [1, 2, 3].flatMap(() => ['--reference', LIBTEST_ZERO, '--results', slower]);
    const dir = tempDir('perfgate-floor-paired-out-');
    const run = await cli(['compare', '--paired', ...pairs, '-o', dir]);
    expect(run.status).toBe(0);
    const json = JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson;
    expect(json.warnings).toContain(
      "bench_empty time/iter Median changed from < 1 ns/iter to 25 ns/iter: one side is below the tool's resolution, so the change is reported, not judged by a ratio.",
    );
  });
});

describe('negative, NaN and infinite values stay errors', () => {
  test('libtest: -1 ns/iter is exit 2 at its line', async () => {
    const path = editedCopy(LIBTEST_ZERO, '0 ns/iter (+/- 0)', '-1 ns/iter (+/- 0)');
    const inspected = await cli(['inspect', path]);
    expect(inspected.status).toBe(2);
    expect(inspected.stderr).toMatch(new RegExp(`^perfgate: error: ${path}:8:`));
  });

  test('Catch2 XML: a mean of -1 or NaN is exit 2; 0 reads', async () => {
    const xml = join(formats, 'catch2', 'v3_sections.xml');
    const mean = /<mean value="[^"]+"/.exec(readFileSync(xml, 'utf8'))![0];
    for (const bad of ['-1', 'NaN']) {
      const run = await cli(['inspect', editedCopy(xml, mean, `<mean value="${bad}"`)]);
      expect(run.status).toBe(2);
    }
    const zero = await cli(['inspect', editedCopy(xml, mean, '<mean value="0"')]);
    expect(zero.stderr).toBe('');
    expect(zero.status).toBe(0);
  });

  test('a measurement at the floor still has every other value checked', () => {
    const floor = (statistics: Measurement['statistics']): Measurement => ({
      experiment: 'bench_empty',
      parameter: { label: '' },
      metric: {
        name: 'time/iter',
        dimension: 'time',
        unit: 'us',
        displayUnit: 'ns/iter',
        direction: 'lower-is-better',
      },
      statistics,
      place: { file: 'x.txt', line: 3 },
      belowResolution: true,
    });
    expect(() => requirePossibleValues([floor({ median: 0 })])).not.toThrow();
    for (const bad of [-0, -1e-3, NaN, Infinity, -Infinity])
      expect(() => requirePossibleValues([floor({ median: bad })])).toThrow(InputError);
    // Without the mark, 0 is still impossible for a time.
    const unmarked = { ...floor({ median: 0 }) };
    delete unmarked.belowResolution;
    expect(() => requirePossibleValues([unmarked])).toThrow('which is impossible: a time must be greater than 0');
  });
});
