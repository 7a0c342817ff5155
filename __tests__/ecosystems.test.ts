import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadResults } from '../src/pipeline/results.js';
import { repoRoot, cwdFiles } from './helpers/shared.js';

// The README's workflow per ecosystem (under "Confirm by rerun") was run on the development machine with the real
// tool: fixtures/ecosystems/<tool>/ holds the tiny project (base/ and head/, head with one benchmark made about 30 %
// slower), runs.md the exact `perfgate confirm` commands, versions, exit codes and printed summaries, and one real
// output of the tool. This test needs none of the tools: it reads the kept outputs with the registry, by detection,
// and holds runs.md to what the issue asked of the runs.

interface Ecosystem {
  tool: string;
  /** The kept output, relative to the ecosystem's folder. */
  output: string;
  format: string;
  experiments: string[];
  /** The benchmark head made slower. */
  slow: string;
}

const ecosystems: Ecosystem[] = [
  {
    tool: 'go',
    output: 'head-run.txt',
    format: 'go-bench',
    experiments: ['BenchmarkSum', 'BenchmarkSort', 'BenchmarkChecksum', 'BenchmarkParse'],
    slow: 'BenchmarkChecksum',
  },
  {
    tool: 'google-benchmark',
    output: 'head-run.json',
    format: 'google-benchmark',
    experiments: ['BM_Sum', 'BM_Sort', 'BM_Checksum', 'BM_Format'],
    slow: 'BM_Checksum',
  },
  {
    tool: 'pytest-benchmark',
    output: 'head-run.json',
    format: 'pytest-benchmark',
    experiments: ['test_sum', 'test_sort', 'test_checksum', 'test_parse'],
    slow: 'test_checksum',
  },
  {
    // Criterion's tree of one run ({outdir}): <id>/new/estimates.json with benchmark.json and sample.json beside it.
    tool: 'criterion',
    output: 'head-run',
    format: 'criterion-json',
    experiments: ['checksum', 'parse', 'sort', 'sum'],
    slow: 'checksum',
  },
];

// Tools tried only through the README's quick start (fixtures/ecosystems/quickstart-action.sh): runs.md holds those
// trials; the kept output is the regressed pull request's benchmark step's.
const quickStartOnly: Ecosystem[] = [
  {
    tool: 'catch2',
    output: 'head-run.xml',
    format: 'catch2-xml',
    experiments: ['sum', 'sort', 'checksum', 'format'],
    slow: 'checksum',
  },
  {
    tool: 'hyperfine',
    output: 'head-run.json',
    format: 'hyperfine',
    experiments: ['checksum', 'sort', 'copy'],
    slow: 'checksum',
  },
];

const folder = (tool: string) => join(repoRoot, 'fixtures', 'ecosystems', tool);

describe.each(quickStartOnly.map((e) => [e.tool, e] as const))('fixtures/ecosystems/%s', (_, ecosystem) => {
  test("runs.md: the quick start's regressed pull request failed naming the slow benchmark, or left it undecided; the unchanged one passed", () => {
    const rows = readFileSync(join(folder(ecosystem.tool), 'runs.md'), 'utf8').split('\n');
    const exit = (row: string) => /\| ([01]) \| [^|]+ \| [^|]+ \|$/.exec(row)?.[1];
    const regressed = rows.find((line) => line.startsWith('| pull request, `head/`'))!;
    expect(regressed).toContain(ecosystem.slow);
    // On a loaded runner the pairs may not decide: then the gate passes, and runs.md says so.
    if (exit(regressed) === '1') expect(regressed).toContain('confirmed by');
    else expect(regressed).toMatch(/undecided at the cap/);
    const unchanged = rows.find((line) => line.startsWith('| pull request, `base/` again'))!;
    expect(exit(unchanged)).toBe('0');
  });
});

describe.each([...ecosystems, ...quickStartOnly].map((e) => [e.tool, e] as const))(
  'fixtures/ecosystems/%s',
  (_, ecosystem) => {
    test('its kept real output is read by detection, every benchmark by name', () => {
      const loaded = loadResults(cwdFiles, [join(folder(ecosystem.tool), ecosystem.output)], {
        floatParse: 'precise',
        format: 'auto',
        repetitions: 'error',
      });
      expect(new Set(loaded.files.map((f) => f.file.format))).toEqual(new Set([ecosystem.format]));
      expect([...loaded.experiments.keys()]).toEqual(ecosystem.experiments);
    });

    test('head differs from base in one source file only', () => {
      const sources = (side: string) =>
        (readdirSync(join(folder(ecosystem.tool), side), { recursive: true }) as string[])
          .filter((f) => !/^(build|target|__pycache__|\.benchmarks|\.pytest_cache)(\/|$)/.test(f))
          .filter((f) => statSync(join(folder(ecosystem.tool), side, f)).isFile())
          .sort();
      expect(sources('head')).toEqual(sources('base'));
      const changed = sources('base').filter(
        (f) =>
          readFileSync(join(folder(ecosystem.tool), 'base', f), 'utf8') !==
          readFileSync(join(folder(ecosystem.tool), 'head', f), 'utf8'),
      );
      expect(changed).toHaveLength(1);
    });
  },
);

describe.each(ecosystems.map((e) => [e.tool, e] as const))('fixtures/ecosystems/%s', (_, ecosystem) => {
  test('runs.md: the regression confirmed alone (exit 1), the unchanged pull request passed (exit 0)', () => {
    const runs = readFileSync(join(folder(ecosystem.tool), 'runs.md'), 'utf8');
    const [, regressed, unchanged] = runs.split(/^## (?:Regressed|Unchanged): /m);
    expect(regressed).toContain('Exit code **1**');
    const named = /^Confirmed after \d+ pairs: (.*) regressed\.$/m.exec(regressed!)![1]!.split(', ');
    expect(new Set(named)).toEqual(new Set([ecosystem.slow]));
    expect(regressed).toContain('perfgate compare: FAIL: 1 benchmark');
    expect(unchanged).toContain('Exit code **0**');
    expect(unchanged).toMatch(/^Not confirmed: no regression after \d+ pairs\.$/m);
    expect(unchanged).toContain('perfgate compare: PASS');
  });
});
