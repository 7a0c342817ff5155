/**
 * How big a history branch grows (issue 47, item 6): recording pushes simulated into a local bare repository, each
 * one as the action's push leaves the branch (the run's record written, the window of 30 kept, the record it drops
 * folded into its month's archive file: pipeline/historyFolder.ts's importHistoryRecords), committed and pushed.
 * The records are one real record (a `history import` of a generated suite) with its values moved by a seeded 1 %
 * noise per push. Figures: the bare repository's bytes after `git gc` (what a clone of the branch fetches) at the
 * end, and its growth per push once the window is full, from which a year is extrapolated.
 *
 *   node branchGrowth.js RECORD.json BENCHMARKS PUSHES PER_DAY
 *
 * (bundled as archiveYear.ts is: `npx esbuild bench/branchGrowth.ts --bundle --platform=node --format=esm
 * --outfile=/tmp/branchGrowth.js`); BENCHMARKS keeps the record's first benchmarks (2 series each).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryMeasurement, HistoryRecord } from '../src/engine/history/record.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { importHistoryRecords } from '../src/pipeline/historyFolder.js';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function bytesUnder(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

/** Push `p`'s record: the base record's measurements, each value moved by one seeded factor. */
function pushRecord(base: HistoryRecord, p: number, perDay: number, random: () => number): HistoryRecord {
  const day = Math.floor(p / perDay);
  const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000 + (p % perDay) * 3_600_000).toISOString();
  const measurements = base.measurements.map((m): HistoryMeasurement => {
    const factor = 1 + 0.01 * (random() + random() + random() - 1.5);
    const statistics: HistoryMeasurement['statistics'] = {};
    for (const [name, value] of Object.entries(m.statistics))
      statistics[name as keyof typeof statistics] =
        value === null || name === 'samples' ? value : Number((value * factor).toPrecision(8));
    return { ...m, statistics };
  });
  return {
    ...base,
    sha: (0x10000000 + p).toString(16),
    date,
    runId: String(2_000_000 + p),
    runUrl: `https://github.com/octo/bench/actions/runs/${2_000_000 + p}`,
    measurements,
  };
}

export interface Growth {
  pushes: number;
  /** The bare repository after `git gc`, at the end and when the window filled. */
  bytes: number;
  bytesAtWindow: number;
  /** (bytes − bytesAtWindow) / pushes since. */
  perPush: number;
}

export function simulateBranch(base: HistoryRecord, pushes: number, perDay: number, window = 30): Growth {
  const root = mkdtempSync(join(tmpdir(), 'perfgate-bench-branch-'));
  try {
    const bare = join(root, 'branch.git');
    const work = join(root, 'work');
    git(root, 'init', '-q', '--bare', bare);
    git(root, 'init', '-q', '-b', 'history', work);
    git(work, 'config', 'user.email', 'bench@perfgate');
    git(work, 'config', 'user.name', 'bench');
    git(work, 'remote', 'add', 'origin', bare);
    const folder = join(work, 'history');
    const random = mulberry32(47);
    const gcBytes = () => {
      git(bare, 'gc', '-q');
      return bytesUnder(join(bare, 'objects'));
    };
    let bytesAtWindow = 0;
    for (let p = 0; p < pushes; p++) {
      importHistoryRecords(folder, [pushRecord(base, p, perDay, random)], window);
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', `perfgate history: push ${p}`);
      git(work, 'push', '-q', 'origin', 'history');
      if (p === window - 1) bytesAtWindow = gcBytes();
    }
    const bytes = gcBytes();
    return { pushes, bytes, bytesAtWindow, perPush: (bytes - bytesAtWindow) / Math.max(1, pushes - window) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The base record with only its first `benchmarks` benchmarks' measurements (real time and cpu time each). */
export function firstBenchmarks(record: HistoryRecord, benchmarks: number): HistoryRecord {
  const names = [...new Set(record.measurements.map((m) => `${m.experiment}\u0000${m.parameter}`))].slice(
    0,
    benchmarks,
  );
  const kept = new Set(names);
  return {
    ...record,
    measurements: record.measurements.filter((m) => kept.has(`${m.experiment}\u0000${m.parameter}`)),
  };
}

if (process.argv[1]?.endsWith('branchGrowth.js')) {
  const [file, benchmarks, pushes, perDay] = process.argv.slice(2);
  const base = firstBenchmarks(parseHistoryRecord(readFileSync(file!, 'utf8'), file!), Number(benchmarks));
  const growth = simulateBranch(base, Number(pushes), Number(perDay));
  const year = growth.bytesAtWindow + growth.perPush * (365 * Number(perDay) - 30);
  console.log(
    `${benchmarks} benchmarks, ${growth.pushes} pushes at ${perDay} a day: ${(growth.bytes / 1e6).toFixed(1)} MB after gc ` +
      `(${(growth.bytesAtWindow / 1e6).toFixed(1)} MB at the 30th), ${(growth.perPush / 1e3).toFixed(0)} KB a push since; ` +
      `a year (${365 * Number(perDay)} pushes) extrapolated: ${(year / 1e9).toFixed(2)} GB`,
  );
}
