/**
 * How big a history branch grows (issue 47, item 6): recording pushes simulated into a local bare repository, each
 * one as the action's push leaves the branch (the run's record written, the window of 30 kept, the record it drops
 * folded into its month's archive file: pipeline/historyFolder.ts's importHistoryRecords), committed and pushed.
 * The records are one real record (a `history import` of a generated suite) with its values moved by a seeded 1 %
 * noise per push. Figures: the bare repository's bytes after `git gc` (what a clone of the branch fetches) at the
 * end, and its growth per push once the window is full, from which a year is extrapolated.
 *
 *   node branchGrowth.js RECORD.json BENCHMARKS PUSHES PER_DAY [SQUASH_EVERY [ARCHIVE_MONTHS]]
 *
 * With SQUASH_EVERY (the action's SQUASH_EVERY, 30), the branch is folded into one root commit with the same tree
 * every that many pushes, as the action does (src/action/github/historySquash.ts), and the size measured before each
 * squash is its largest; with ARCHIVE_MONTHS (11), that many archive months are written before the first push
 * (bench/archiveYear.ts), so that the branch holds what a year of pushes leaves in its tree.
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
import { writeArchiveYear } from './archiveYear.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

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

/** Bytes in the packs after `git gc`, by what the objects are: record blobs, archive blobs, trees and commits. */
export interface PackSplit {
  records: number;
  archives: number;
  trees: number;
  commits: number;
}

/** The bare repository's packed objects summed by kind (`git verify-pack -v`'s size in pack, blobs named by path). */
export function packSplit(bare: string): PackSplit {
  const pathOf = new Map<string, string>();
  for (const line of git(bare, 'rev-list', '--objects', '--all').split('\n')) {
    const [sha, path] = line.split(' ');
    if (sha && path) pathOf.set(sha, path);
  }
  const split: PackSplit = { records: 0, archives: 0, trees: 0, commits: 0 };
  const packs = readdirSync(join(bare, 'objects', 'pack')).filter((n) => n.endsWith('.idx'));
  for (const idx of packs)
    for (const line of git(bare, 'verify-pack', '-v', join('objects', 'pack', idx)).split('\n')) {
      const [sha, type, , inPack] = line.split(/\s+/);
      if (!sha || !/^[0-9a-f]{40}$/.test(sha) || inPack === undefined) continue;
      const bytes = Number(inPack);
      if (type === 'commit') split.commits += bytes;
      else if (type === 'tree') split.trees += bytes;
      else if (/archive-/.test(pathOf.get(sha) ?? '')) split.archives += bytes;
      else split.records += bytes;
    }
  return split;
}

export interface Growth {
  pushes: number;
  /** The packed objects at the end, by kind. */
  split: PackSplit;
  /** The bare repository after `git gc --prune=now`: at the end, when the window filled, and the most measured. */
  bytes: number;
  bytesAtWindow: number;
  bytesMost: number;
  /** (bytes − bytesAtWindow) / pushes since (without squashes: the growth of a push). */
  perPush: number;
  /** Squashes made. */
  squashes: number;
}

export interface BranchOptions {
  /** The records the window keeps (30, the action's default). */
  window?: number;
  /**
   * Squash the branch into one root commit with the same tree every this many commits, as the action does
   * (src/action/github/historySquash.ts); 0: never, as before issue 47.
   */
  squashEvery?: number;
  /** Archive months written before the first push (bench/archiveYear.ts): the branch as a year of pushes leaves it. */
  archiveMonths?: number;
}

export function simulateBranch(
  base: HistoryRecord,
  pushes: number,
  perDay: number,
  { window = 30, squashEvery = 0, archiveMonths = 0 }: BranchOptions = {},
): Growth {
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
    // What a clone fetches: the objects reachable from the branch (a bare repository keeps no reflog).
    const gcBytes = () => {
      git(bare, 'gc', '-q', '--prune=now');
      return bytesUnder(join(bare, 'objects'));
    };
    let bytesAtWindow = 0;
    let bytesMost = 0;
    let since = 0;
    let squashes = 0;
    for (let p = 0; p < pushes; p++) {
      importHistoryRecords(cwdFiles, folder, [pushRecord(base, p, perDay, random)], window);
      if (p === 0 && archiveMonths > 0) writeArchiveYear(folder, archiveMonths);
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', `perfgate history: push ${p}`);
      since++;
      if (squashEvery > 0 && since >= squashEvery) {
        // Measured at its largest, before the squash: the tree and squashEvery commits.
        git(work, 'push', '-q', 'origin', 'history');
        bytesMost = Math.max(bytesMost, gcBytes());
        const tree = git(work, 'rev-parse', 'HEAD^{tree}').trim();
        const squashed = git(work, 'commit-tree', tree, '-m', 'perfgate history: squashed').trim();
        git(work, 'update-ref', 'refs/heads/history', squashed);
        git(work, 'push', '-q', '-f', 'origin', 'history');
        since = 0;
        squashes++;
      } else git(work, 'push', '-q', 'origin', 'history');
      if (p === window - 1) bytesAtWindow = gcBytes();
    }
    const bytes = gcBytes();
    bytesMost = Math.max(bytesMost, bytes, bytesAtWindow);
    return {
      pushes,
      split: packSplit(bare),
      bytes,
      bytesAtWindow,
      bytesMost,
      perPush: (bytes - bytesAtWindow) / Math.max(1, pushes - window),
      squashes,
    };
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
  const [file, benchmarks, pushes, perDay, squashEvery, archiveMonths] = process.argv.slice(2);
  const base = firstBenchmarks(parseHistoryRecord(readFileSync(file!, 'utf8'), file!), Number(benchmarks));
  const options = { squashEvery: Number(squashEvery ?? 0), archiveMonths: Number(archiveMonths ?? 0) };
  const growth = simulateBranch(base, Number(pushes), Number(perDay), options);
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  console.log(
    `${benchmarks} benchmarks, ${growth.pushes} pushes at ${perDay} a day, ${options.archiveMonths} archive months ` +
      `before, squashed every ${options.squashEvery || 'never'} (${growth.squashes} squashes): ${mb(growth.bytes)} ` +
      `after gc, ${mb(growth.bytesAtWindow)} at the 30th push, at most ${mb(growth.bytesMost)} measured; ` +
      `${(growth.perPush / 1e3).toFixed(0)} KB a push after the 30th`,
  );
  if (options.squashEvery === 0) {
    const year = growth.bytesAtWindow + growth.perPush * (365 * Number(perDay) - 30);
    console.log(`a year (${365 * Number(perDay)} pushes) extrapolated: ${(year / 1e9).toFixed(2)} GB`);
  }
  const { records, archives, trees, commits } = growth.split;
  console.log(`packed: records ${mb(records)}, archives ${mb(archives)}, trees ${mb(trees)}, commits ${mb(commits)}`);
}
