/**
 * Criterion's layout under a results folder: each benchmark's current run in `<id>/new/`, beside
 * the baselines, comparisons and HTML reports Criterion keeps (see discoverResults).
 */
import type { Dirent } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { byCodePoint } from '../engine/text/order.js';
import type { Files } from './rootedFiles.js';

/**
 * How many folder levels below a folder given as results Criterion's `<id>/new/estimates.json` is
 * looked for: `./target/criterion/<group>/<function>/<value>/new/` is 6 levels below a
 * repository's root, 8 leaves room for a workspace member's `crates/<name>/target/criterion/…`.
 */
export const CRITERION_SEARCH_DEPTH = 8;

/** What Criterion's tree under a folder holds: its current results, and what is not. */
export interface CriterionTree {
  /** Each benchmark's `<id>/new/estimates.json`, depth first in code-point order of the names. */
  estimates: string[];
  /** `<id>/base/estimates.json` and other saved baselines beside a benchmark's `new/`. */
  baselines: string[];
  /** `<id>/change/` folders: Criterion's own comparison of new/ with base/. */
  changes: number;
  /** `report/` folders of Criterion's HTML report. */
  reports: number;
}

/**
 * Searches a folder's sub-folders for Criterion's layout (see discoverResults). A benchmark's
 * folder holds `new/` (the run's results), `base/` (the baseline Criterion saves: after a plain
 * `cargo bench`, a copy of new/ for the next run to compare with; with `--baseline`, an older run),
 * other saved baselines (`--save-baseline main` writes `main/`), `change/` and `report/`. A
 * benchmark's folder may also hold other benchmarks' folders (ids `publish` and `publish/64`).
 */
export function searchCriterionTree(files: Files, folder: string, depth = CRITERION_SEARCH_DEPTH): CriterionTree {
  const tree: CriterionTree = { estimates: [], baselines: [], changes: 0, reports: 0 };
  const visit = (dir: string, level: number) => {
    let entries: Dirent[];
    try {
      entries = files.entriesIn(dir);
    } catch {
      return;
    }
    // Dirent.isDirectory() is false for a link: links are not followed, so no cycle is walked.
    const folders = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
      .map((e) => e.name)
      .sort(byCodePoint);
    const benchmark = folders.includes('new') && isFile(files, join(dir, 'new', 'estimates.json'));
    for (const name of folders) {
      const sub = join(dir, name);
      const estimates = join(sub, 'estimates.json');
      if (name === 'new' && benchmark) tree.estimates.push(estimates);
      else if (name === 'change' && isFile(files, estimates)) tree.changes++;
      else if ((name === 'base' || benchmark) && isFile(files, estimates)) tree.baselines.push(estimates);
      else if (name === 'report' && isFile(files, join(sub, 'index.html'))) tree.reports++;
      else if (level < depth) visit(sub, level + 1);
    }
  };
  visit(folder, 1);
  return tree;
}

/**
 * Why a Criterion estimates.json matched by a pattern or listed in a folder is not the run's
 * result: it is in a saved baseline's folder beside the benchmark's `new/` (or in `base/`).
 */
export function criterionBaseline(files: Files, path: string): string | undefined {
  const folder = basename(dirname(path));
  if (folder === 'new' || (folder !== 'base' && !isFile(files, join(dirname(dirname(path)), 'new', 'estimates.json'))))
    return undefined;
  return `Criterion's saved baseline (${folder}/), not the results of the run (new/); name the file on its own to read it`;
}

export function criterionTreeNotice(folder: string, tree: CriterionTree): string {
  const skipped = [
    tree.baselines.length > 0
      ? `${tree.baselines.length} saved baseline(s) (base/: name a base/estimates.json on its own to read it)`
      : '',
    tree.changes > 0 ? `${tree.changes} change/ folder(s) (Criterion's comparison with its baseline)` : '',
    tree.reports > 0 ? `${tree.reports} report/ folder(s)` : '',
  ].filter((part) => part !== '');
  return (
    `${folder}: Criterion's layout: read ${tree.estimates.length} benchmark(s) from <id>/new/estimates.json` +
    (skipped.length > 0 ? `; skipped what is not the current run: ${joinAnd(skipped)}` : '')
  );
}

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function isFile(files: Files, path: string): boolean {
  return files.statOf(path)?.isFile() === true;
}
