/**
 * The history branch's tip as the history folder sees it: which records and archive months it
 * holds (one tree request), and copying those the folder needs (one GraphQL query per batch of
 * blobs, historyBlobs.ts). historyBranch.ts reads and writes the branch with these.
 */
import { join } from 'node:path';
import { InputError } from '../../engine/errors.js';
import { parseHistoryRecord } from '../../engine/history/codec.js';
import {
  ARCHIVE_FILE_NAME,
  archiveFileName,
  foldIntoArchive,
  monthOf,
  parseArchive,
  recordsOfArchive,
  renderArchive,
} from '../../engine/history/archive.js';
import type { Files } from '../../pipeline/rootedFiles.js';
import { readRef, type GithubSession, type Octokit, type RefInfo } from './http.js';
import { blobTexts, compareRecordNames } from './historyBlobs.js';

/** Where the history branch is, the local folder it is read into, and how its requests go. */
export interface HistoryBranchOptions {
  token: string;
  apiUrl?: string;
  owner: string;
  repo: string;
  branch: string;
  /** The local history folder: filled from the branch, and (when writing) the records to commit. */
  folder: string;
  warn?: (message: string) => void;
  /**
   * The wait before attempt n (2, 3, …) of a record that lost a race; by default, random up to a doubling bound (full
   * jitter).
   */
  backoffMs?: (attempt: number) => number;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
  /** The run's files (`folder` is taken from their working directory). */
  files: Files;
  /**
   * Reading: copy only the newest `window` records (those held in the folder count), as the
   * comparison reads them; every record of the branch without it. Writing: the window `record`
   * applies; only the newest `window` records are read, and the older ones are removed unread.
   */
  window?: number;
}

/** The folder of the records (and the archive) inside the branch. */
export const HISTORY_BRANCH_FOLDER = 'history';

const RECORD_NAME = /^history-[A-Za-z0-9._-]+\.json$/;

export interface Tip extends RefInfo {
  /** Record name → blob sha. */
  records: Map<string, string>;
  /** Archive file name (archive-<yyyy>-<mm>.json) → blob sha. */
  archives: Map<string, string>;
}

export function localRecords(files: Files, folder: string): string[] {
  return files.namesIn(folder).filter((name) => RECORD_NAME.test(name));
}

/** The folder's archive files, name → text. */
export function archiveTexts(files: Files, folder: string): Map<string, string> {
  return new Map(
    files
      .namesIn(folder)
      .filter((name) => ARCHIVE_FILE_NAME.test(name))
      .map((name) => [name, files.readText(join(folder, name))]),
  );
}

/**
 * Writes into the folder the tip's archive files of the months of the records the folder holds
 * (the window: the records a push may drop, so the months it may fold them into), in one GraphQL
 * query (a REST blob each over its limit); returns their texts. A month the folder already holds
 * otherwise (folded by an attempt that lost a race, or a restored cache) is merged with the tip's:
 * the archive is a union of runs, so nothing either side folded is lost. A month of the branch that
 * cannot be read is written as it is, for the fold to skip with a warning and leave alone.
 */
export async function downloadArchives(
  octokit: Octokit,
  options: HistoryBranchOptions,
  tip: Tip,
): Promise<Map<string, string>> {
  const { folder } = options;
  const months = new Set(
    localRecords(options.files, folder).map((name) =>
      archiveFileName(monthOf(name.slice('history-'.length), join(folder, name))),
    ),
  );
  const wanted = [...months].filter((name) => tip.archives.has(name)).sort();
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const texts = await blobTexts(
    octokit,
    options,
    wanted.map((name) => tip.archives.get(name)!),
  );
  for (const name of wanted) {
    const text = texts.get(tip.archives.get(name)!)!;
    out.set(name, text);
    const file = join(folder, name);
    const held = options.files.pathExists(file) ? options.files.readText(file) : undefined;
    options.files.writeFileAtomic(
      file,
      held === undefined || held === text ? text : (mergedArchive(name, text, held) ?? text),
    );
  }
  return out;
}

/** The union of two texts of one archive month, or undefined when either cannot be read. */
function mergedArchive(name: string, tipText: string, heldText: string): string | undefined {
  try {
    const tipMonth = parseArchive(tipText, name);
    return renderArchive(foldIntoArchive(tipMonth, tipMonth.month, recordsOfArchive(parseArchive(heldText, name))));
  } catch (error) {
    if (error instanceof InputError) return undefined;
    throw error;
  }
}

/** The tip of the branch and its records, or undefined when there is no such branch. */
export async function readTip(
  octokit: Octokit,
  { owner, repo, branch }: HistoryBranchOptions,
): Promise<Tip | undefined> {
  const ref = await readRef(octokit, owner, repo, branch);
  if (!ref) return undefined;
  const { data: treeData } = await octokit.rest.git.getTree({ owner, repo, tree_sha: ref.tree, recursive: '1' });
  if (treeData.truncated)
    throw new Error(`the tree of branch ${branch} is too large for one request (GitHub truncated it)`);
  const records = new Map<string, string>();
  const archives = new Map<string, string>();
  for (const entry of treeData.tree) {
    const [top, name, ...rest] = (entry.path ?? '').split('/');
    if (entry.type !== 'blob' || top !== HISTORY_BRANCH_FOLDER || name === undefined || rest.length > 0 || !entry.sha)
      continue;
    if (RECORD_NAME.test(name)) records.set(name, entry.sha);
    else if (ARCHIVE_FILE_NAME.test(name)) archives.set(name, entry.sha);
  }
  return { ...ref, records, archives };
}

/**
 * Writes the tip's records the folder lacks (skipping `known` names and those in `skipped`);
 * returns how many. With `window`, only the newest `window` records are wanted (a record the
 * folder holds counts); a record that is not valid does not count, and the next older one is
 * fetched in its place. A record that is not valid is not written: it is added to `skipped`,
 * with a warning naming its path on the branch.
 */
export async function download(
  octokit: Octokit,
  options: HistoryBranchOptions,
  tip: Tip,
  known: ReadonlySet<string>,
  skipped: Set<string>,
  window = Infinity,
): Promise<number> {
  const { folder, branch, warn, files } = options;
  files.makeFolder(folder);
  const held = (name: string) => known.has(name) || files.pathExists(join(folder, name));
  // Newest first: the tip's records and those the folder holds, as the window orders them.
  const newestFirst = [...new Set([...tip.records.keys(), ...localRecords(files, folder)])]
    .sort(compareRecordNames)
    .reverse();
  let count = 0;
  let wanted = window;
  let at = 0;
  while (wanted > 0 && at < newestFirst.length) {
    // The next `wanted` records not skipped: those held count, the others are fetched.
    const fetch: string[] = [];
    while (wanted > 0 && at < newestFirst.length) {
      const name = newestFirst[at++]!;
      if (skipped.has(name)) continue;
      wanted--;
      if (!held(name)) fetch.push(name);
    }
    const texts = await blobTexts(
      octokit,
      options,
      fetch.map((name) => tip.records.get(name)!),
    );
    for (const name of fetch) {
      const text = texts.get(tip.records.get(name)!)!;
      const path = `${HISTORY_BRANCH_FOLDER}/${name}`;
      try {
        parseHistoryRecord(text, path);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        skipped.add(name);
        warn?.(`${path} on branch ${branch}: skipped: ${error.message}`);
        wanted++;
        continue;
      }
      files.writeFileAtomic(join(folder, name), text);
      count++;
    }
  }
  return count;
}
