/**
 * What the two-stage gate's screen costs on real runs (issue 45, item 3; docs/statistics.md, "What the first stage
 * cannot clear"): each recorded run of an unchanged build is a pull request against a history of the others
 * (leave-one-out), through the compare step as the action runs it (runCompare writes comparison.json, the screen
 * reads it), and the loaded runs' regressed pull requests against their five runs.
 *
 * - Data: the real reruns in ../shared/fixtures/real-runs (Fast-DDS udp_reliable, 6 runs, and shm_reliable, 5 runs,
 *   6 payloads each: one experiment), 12 runs of an unchanged Go build on a loaded machine
 *   (fixtures/ecosystems/go/unchanged-loaded), and the loaded Go and Google Benchmark runs of
 *   fixtures/ecosystems/loaded-screen (5 runs each, and the pull request with Checksum ~30 % slower).
 * - Screens: issue 35's p rule (a family's combined p < 0.3, P_SCREEN), and the default (DEFAULT_SCREEN: also a family
 *   whose 90 % interval of the change still reaches the threshold).
 * - Cost: runner-minutes of the confirmation per unchanged pull request, at its first look (8 pairs, where an unchanged
 *   build mostly stops) and at the cap (24 pairs); each pair runs the confirmed benchmarks (and, as the action runs
 *   them, up to REFERENCE_BENCHMARKS unflagged ones as the shared-shift model's reference) on both builds. A run's
 *   time per benchmark: Fast-DDS 16 s (LatencyTest, 6 payloads), Go 0.37 s and Google Benchmark 0.21 s (the
 *   confirmations of fixtures/ecosystems/<tool>/runs.md: 35.3 s and 20.4 s for 12 pairs of 4 benchmarks).
 *
 * No draw is random; it reports, it does not fail `npm run validate`.
 *
 *   npm run validate [-- path/to/shared]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenComparison } from '../src/engine/confirm/plan.js';
import { REFERENCE_BENCHMARKS, withReference } from '../src/engine/confirm/reference.js';
import { DEFAULT_SCREEN, P_SCREEN, type Screen } from '../src/engine/confirm/screen.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const args = process.argv.slice(2);
const shared = args.find((a) => !a.startsWith('--')) ?? path.resolve(process.cwd(), '..', 'shared');
const repo = process.cwd();
const THRESHOLDS = { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 };
const FIRST_LOOK = 8;
const CAP = 24;

interface Series {
  name: string;
  /** Each run's files, and the name each gets in its run folder (the same in every run). */
  runs: { files: { from: string; as: string }[] }[];
  /** Seconds one run of one benchmark takes. */
  secondsPerBenchmark: number;
  /** A regressed pull request against all the runs: its files, and the benchmark made slower. */
  regressed?: { files: { from: string; as: string }[]; slowed: string };
}

function series(): Series[] {
  const real = path.join(shared, 'fixtures', 'real-runs');
  const out: Series[] = [];
  if (existsSync(real)) {
    const fastdds = (tag: string, files: string[]) => ({
      name: `Fast-DDS ${tag} (real reruns)`,
      runs: files.map((from) => ({ files: [{ from, as: `${tag}_raw_data.csv` }] })),
      secondsPerBenchmark: 16,
    });
    out.push(
      fastdds('udp_reliable', [
        path.join(real, 'fastdds', 'udp_reliable_raw_data.csv'),
        path.join(real, 'fastdds', 'udp_reliable_run2_raw_data.csv'),
        ...['r03', 'r04', 'r05', 'r06'].map((r) =>
          path.join(real, 'repeats', 'fastdds', `udp_reliable_${r}_raw_data.csv`),
        ),
      ]),
      fastdds('shm_reliable', [
        path.join(real, 'fastdds', 'shm_reliable_raw_data.csv'),
        ...['r02', 'r03', 'r04', 'r05'].map((r) =>
          path.join(real, 'repeats', 'fastdds', `shm_reliable_${r}_raw_data.csv`),
        ),
      ]),
    );
  } else console.log(`\n(real reruns skipped: ${real} not found)`);
  const loaded = path.join(repo, 'fixtures', 'ecosystems', 'go', 'unchanged-loaded');
  out.push({
    name: 'Go, unchanged, loaded machine (12 runs)',
    runs: readdirSync(loaded)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => ({ files: [{ from: path.join(loaded, f), as: 'bench.txt' }] })),
    secondsPerBenchmark: 35.3 / 12 / 2 / 4,
  });
  const screen = path.join(repo, 'fixtures', 'ecosystems', 'loaded-screen');
  for (const [tool, ext, seconds, slowed] of [
    ['go', 'txt', 35.3 / 12 / 2 / 4, 'BenchmarkChecksum'],
    ['google-benchmark', 'json', 20.4 / 12 / 2 / 4, 'BM_Checksum'],
  ] as const)
    out.push({
      name: `${tool === 'go' ? 'Go' : 'Google Benchmark'}, loaded-screen (5 runs)`,
      runs: [1, 2, 3, 4, 5].map((r) => ({
        files: [{ from: path.join(screen, tool, `run${r}.${ext}`), as: `bench.${ext}` }],
      })),
      secondsPerBenchmark: seconds,
      regressed: { files: [{ from: path.join(screen, tool, `pr.${ext}`), as: `bench.${ext}` }], slowed },
    });
  return out;
}

/** The first stage of `candidate` against `history`, as comparison.json's text and path. */
function firstStage(
  work: string,
  history: Series['runs'],
  candidate: Series['runs'][number]['files'],
  gate?: ReturnType<typeof parseGateStatistics>,
): { text: string; file: string } {
  const dir = mkdtempSync(path.join(work, 'c-'));
  history.forEach((run, i) => {
    mkdirSync(path.join(dir, 'history', `run${String(i + 1).padStart(2, '0')}`), { recursive: true });
    for (const f of run.files) cpSync(f.from, path.join(dir, 'history', `run${String(i + 1).padStart(2, '0')}`, f.as));
  });
  mkdirSync(path.join(dir, 'pr'));
  for (const f of candidate) cpSync(f.from, path.join(dir, 'pr', f.as));
  const outcome = runCompare(
    cwdFiles,
    {
      reference: [],
      history: path.join(dir, 'history'),
      results: [path.join(dir, 'pr')],
      referenceLabel: 'main',
      resultLabel: 'PR',
      outputDir: path.join(dir, 'out'),
      thresholds: THRESHOLDS,
      floatParse: 'precise',
      ...(gate !== undefined ? { gate } : {}),
    },
    silentProgress,
  );
  return { text: readFileSync(outcome.jsonPath, 'utf8'), file: outcome.jsonPath };
}

interface Screening {
  triggered: boolean;
  /** Experiments the screen took up, and those a run of them holds with the shared-shift model's reference. */
  screened: number;
  run: number;
  names: string[];
}

function screening(first: { text: string; file: string }, screen: Screen): Screening {
  const s = screenComparison(first.text, first.file, screen);
  if (s.families === 0) return { triggered: false, screened: 0, run: 0, names: [] };
  const plan = withReference(first.text, first.file, s.selection, REFERENCE_BENCHMARKS);
  return { triggered: true, screened: s.selection.size, run: plan.selection.size, names: [...s.selection.keys()] };
}

const SCREENS = [
  { name: 'p < 0.3 (issue 35)', screen: P_SCREEN },
  { name: 'p < 0.3 or interval reaches the threshold (default)', screen: DEFAULT_SCREEN },
];

function main(): void {
  const work = mkdtempSync(path.join(tmpdir(), 'perfgate-validate-screen-'));
  say('\n## The screen on real runs: what the first stage cannot clear, and what confirming it costs\n');
  say(
    'Leave-one-out: each recorded run of an unchanged build as a pull request against a history of the others (threshold 10 %, ' +
      'the history method and its suite budget as the action runs them). Confirmed: the unchanged pull requests the screen ' +
      `sends to the confirmation. Minutes: the confirmation's runner-minutes per unchanged pull request (all of them, confirmed or not) at its first look (${FIRST_LOOK} pairs) ` +
      `and at the cap (${CAP} pairs), the screened benchmarks alone / with the shared-shift model's reference (up to ${REFERENCE_BENCHMARKS} unflagged benchmarks).`,
  );
  say();
  say(
    '| runs | pull requests | benchmarks | screen | confirmed | benchmarks confirmed (mean) | minutes at 8 pairs | minutes at 24 pairs | with reference: at 8 / 24 pairs |',
  );
  say('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  const regressed: string[] = [];
  for (const s of series()) {
    const firsts = s.runs.map((candidate, i) =>
      firstStage(
        work,
        s.runs.filter((_, j) => j !== i),
        candidate.files,
      ),
    );
    // The suite row (compare/suiteRow.ts) is a sub-experiment of its own, not a benchmark.
    const report = JSON.parse(firsts[0]!.text) as { subExperiments: { comparisons: { suite?: unknown }[] }[] };
    const benchmarks = report.subExperiments.filter((e) => !e.comparisons.some((r) => r.suite !== undefined)).length;
    for (const { name, screen } of SCREENS) {
      const all = firsts.map((f) => screening(f, screen));
      const n = all.length;
      const confirmed = all.filter((x) => x.triggered).length;
      const mean = (pick: (x: Screening) => number) => all.reduce((sum, x) => sum + pick(x), 0) / n;
      const minutes = (pairs: number, pick: (x: Screening) => number) =>
        ((mean(pick) * pairs * 2 * s.secondsPerBenchmark) / 60).toFixed(2);
      say(
        `| ${s.name} | ${n} | ${benchmarks} | ${name} | ${confirmed} of ${n} | ${mean((x) => x.screened).toFixed(1)} | ` +
          `${minutes(FIRST_LOOK, (x) => x.screened)} | ${minutes(CAP, (x) => x.screened)} | ` +
          `${minutes(FIRST_LOOK, (x) => x.run)} / ${minutes(CAP, (x) => x.run)} |`,
      );
    }
    if (s.regressed) {
      const first = firstStage(work, s.runs, s.regressed.files);
      for (const { name, screen } of SCREENS) {
        const x = screening(first, screen);
        regressed.push(
          `| ${s.name} | ${s.regressed.slowed} | ${name} | ${x.triggered ? x.names.join(', ') : 'nothing: no confirmation'} | ${x.names.includes(s.regressed.slowed) ? 'yes' : 'no'} |`,
        );
      }
    }
  }
  say('\nThe regressed pull requests (one benchmark about 30 % slower) against the 5 loaded runs:\n');
  say('| runs | slowed | screen | sent to the confirmation | the slowed one among them |');
  say('| --- | --- | --- | --- | --- |');
  for (const line of regressed) say(line);
  const gb = series().find((x) => x.name.startsWith('Google Benchmark'));
  if (gb) wallOrCpu(work, gb);
  rmSync(work, { recursive: true, force: true });
}

interface JsonRow {
  metric: string;
  statistic: string;
  deltaPercent: number | null;
  threshold: number;
  pValue?: number | null;
  noiseBand?: { lower: number | null; upper: number | null };
  changeInterval?: { lower: number | null; upper: number | null };
  status: string;
  failed: boolean;
}

/** The median rows of one metric in a comparison.json, by benchmark. */
function medianRows(text: string, metric: string): Map<string, JsonRow> {
  const json = JSON.parse(text) as { subExperiments: { experimentType: string; comparisons: JsonRow[] }[] };
  const rows = new Map<string, JsonRow>();
  for (const sub of json.subExperiments)
    for (const row of sub.comparisons)
      if (row.metric === metric && row.statistic.toLowerCase() === 'median') rows.set(sub.experimentType, row);
  return rows;
}

/** A percentage to 3 significant digits, whole above 1000. */
const percent = (x: number) =>
  Math.abs(100 * x) >= 1000 ? Math.abs(100 * x).toFixed(0) : Math.abs(100 * x).toPrecision(3);
const signed = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${x >= 0 ? '+' : '−'}${percent(x)} %`;

/**
 * Issue 45, item 7: which of Google Benchmark's two times a gate can trust on a loaded runner. Both metrics gated
 * (`all-metrics`), the same leave-one-out and regressed pull request as above.
 */
function wallOrCpu(work: string, s: Series): void {
  const gate = parseGateStatistics('all-metrics');
  const firsts = s.runs.map((candidate, i) =>
    firstStage(
      work,
      s.runs.filter((_, j) => j !== i),
      candidate.files,
      gate,
    ),
  );
  const pr = firstStage(work, s.runs, s.regressed!.files, gate);
  say('\n### Wall or CPU time: Google Benchmark on the loaded runs (both metrics gated, median)\n');
  say(
    '| metric | unchanged: rows failed | unchanged: rows cleared (interval below the threshold) | unchanged: median band | regressed BM_Checksum: Δ (90 % interval) | p | band | status |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const metric of ['real time', 'cpu time']) {
    const rows = firsts.flatMap((f) => [...medianRows(f.text, metric).values()]);
    const failed = rows.filter((r) => r.failed).length;
    const cleared = rows.filter(
      (r) => typeof r.changeInterval?.upper === 'number' && r.changeInterval.upper < r.threshold,
    ).length;
    const widths = rows
      .map((r) => (r.noiseBand?.upper ?? NaN) - (r.noiseBand?.lower ?? NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const band = widths.length > 0 ? widths[Math.floor(widths.length / 2)]! : NaN;
    const slowed = medianRows(pr.text, metric).get(s.regressed!.slowed)!;
    say(
      `| ${metric} | ${failed} of ${rows.length} | ${cleared} of ${rows.length} | ${percent(band)} % wide | ` +
        `${signed((slowed.deltaPercent ?? NaN) / 100)} (${signed(slowed.changeInterval?.lower)} … ${signed(slowed.changeInterval?.upper)}) | ` +
        `${slowed.pValue?.toPrecision(2) ?? '—'} | ${signed(slowed.noiseBand?.lower)} … ${signed(slowed.noiseBand?.upper)} | ${slowed.status} |`,
    );
  }
}

const say = (s = '') => console.log(s);

main();
