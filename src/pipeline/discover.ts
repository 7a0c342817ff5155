import type { Stats } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { InputError, UsageError } from '../engine/errors.js';
import { stripBom } from '../engine/csv/header.js';
import { baseName } from '../engine/model/experimentType.js';
import {
  adapterById,
  FASTDDS_EXPECTED_HEADERS,
  FASTDDS_RESULT_FILES,
  fastddsHeaderError,
  fileNameAdapters,
  formatIds,
  recogniseFormat,
} from '../engine/formats/registry.js';
import { cannotRead, specialFileKind } from './files.js';
import type { Files } from './rootedFiles.js';
import { byCodePoint } from '../engine/text/order.js';
import {
  criterionBaseline,
  criterionTreeNotice,
  CRITERION_SEARCH_DEPTH,
  searchCriterionTree,
  type CriterionTree,
} from './criterionTree.js';

export interface ResultFile {
  path: string;
  /** The sub-experiment the file's name gives (Fast-DDS files); empty for other formats (their content names them). */
  experimentType: string;
  /** The adapter id (`fastdds-summary`, `fastdds-raw`, `iceperf`, …). */
  format: string;
  /** The user named the format (`--format`, input `format`): it was not detected from the file. */
  named?: boolean;
}

export interface DiscoverOptions {
  /** Accept every format perfgate reads, not only Fast-DDS summary and raw CSVs. */
  formats?: boolean;
  /** Read every file with this format instead of detecting it (`auto` detects). */
  format?: string;
  /** Several Fast-DDS files of one sub-experiment are repetitions to pool, not an error. */
  repetitions?: boolean;
  /** With `formats`, search a folder's sub-folders for Criterion's layout (default true). */
  criterionTree?: boolean;
}

/** How many bytes of a file format detection looks at. */
export const HEAD_BYTES = 65536;

export interface Discovery {
  files: ResultFile[];
  /** Things worth telling the user (files skipped or preferred). */
  notices: string[];
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/** How a file came to be read: named on its own, listed in a folder given, or matched by a glob pattern. */
type Listing = 'named' | 'listed' | 'matched';

/** The files of one argument that were not taken, for one notice per argument rather than one per file. */
interface Skipped {
  /** Files that are no result of any format perfgate reads. */
  notResults: string[];
  /** Result files that are a tool's companion output, by the reason the adapter gives. */
  companions: Map<string, string[]>;
}

/**
 * Turns the user's result arguments (files, folders or glob patterns) into the list of result
 * files, each recognised by its content.
 *
 * - A file named on its own must be a result file: anything else is an error naming it.
 * - A folder is read like the reference reads a results folder: its own files, not its
 *   sub-folders. Files whose name contains `summary` are Fast-DDS summaries; other CSV files are
 *   taken when their header is a raw header; with `formats`, files of the other formats are
 *   recognised by content. Files that are no results (check reports, plots, notes) are skipped
 *   with one notice.
 * - With `formats`, a folder's sub-folders are searched for Criterion's layout only
 *   (`<id>/new/estimates.json`, up to CRITERION_SEARCH_DEPTH levels, not following links nor
 *   entering hidden folders or `node_modules`), because Criterion writes a tree of its own
 *   (`target/criterion/<group>/<function>/<value>/new/`) where every other tool writes the files
 *   it is told to. Its saved baselines (`base/`), changes (`change/`) and HTML reports are skipped
 *   with a notice (after a plain `cargo bench`, `base/` is a copy of `new/`: reading both would
 *   give every benchmark twice). Other formats' files in sub-folders are not read: a results folder's
 *   sub-folders hold plots, reports or earlier runs, and reading them would mix runs.
 * - A glob pattern's matches are read like a folder's files (a Fast-DDS summary is known by its
 *   header, as for a file named on its own); matches that are no results, and companion outputs
 *   such as Criterion's `base/estimates.json`, are skipped with a notice. A pattern whose
 *   matches hold no result file at all is an error.
 *
 * Order: arguments in the order given, names sorted by code point inside a folder or pattern.
 */
export function discoverResults(files: Files, patterns: readonly string[], options: DiscoverOptions = {}): Discovery {
  if (patterns.length === 0)
    throw new UsageError('no results given: name summary or raw files, folders or glob patterns');
  const forced = options.format !== undefined && options.format !== 'auto' ? options.format : undefined;
  if (forced !== undefined && !formatIds().includes(forced)) {
    throw new UsageError(`unknown format "${forced}"; known formats: auto, ${formatIds().join(', ')}`);
  }
  const formats = options.formats === true;
  const classify = (path: string, listing: Listing, skipped: Skipped) =>
    classifyFile(files, path, listing, formats, forced, skipped);
  const notices: string[] = [];
  const found: ResultFile[] = [];
  const seen = new Set<string>();
  const add = (file: ResultFile) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    found.push(file);
  };
  for (const pattern of patterns) {
    const stat = statNamed(files, pattern);
    const skipped: Skipped = { notResults: [], companions: new Map() };
    if (stat?.isDirectory()) {
      const taken: ResultFile[] = [];
      let entries: Buffer[];
      try {
        entries = files.rawNamesIn(pattern);
      } catch (error) {
        throw cannotRead(pattern, error, 'the folder');
      }
      // A name that is not UTF-8 cannot be given to a parser as a path (it decodes to another one):
      // counted, and said in one notice, never dropped in silence.
      const names = entries.filter(isUtf8Name).map((entry) => entry.toString('utf8'));
      const unreadable = entries.filter(
        (entry) => !isUtf8Name(entry) && files.statOf(Buffer.concat([Buffer.from(pattern + sep), entry]))?.isFile(),
      ).length;
      if (unreadable > 0) notices.push(unreadableNamesNotice(pattern, unreadable));
      for (const name of names.sort(byCodePoint)) {
        const path = join(pattern, name);
        if (!files.statOf(path)?.isFile()) continue;
        const file = classify(path, 'listed', skipped);
        if (file) taken.push(file);
      }
      // Criterion's tree, only where its files can be read as Criterion's.
      const tree =
        formats && options.criterionTree !== false && (forced === undefined || forced === 'criterion-json')
          ? searchCriterionTree(files, pattern)
          : undefined;
      if (tree && tree.estimates.length > 0) {
        // A new/estimates.json Criterion wrote must read as one: it is named, not guessed.
        for (const path of tree.estimates) taken.push(classify(path, 'named', skipped)!);
        notices.push(criterionTreeNotice(pattern, tree));
      }
      if (taken.length === 0) throw emptyFolder(pattern, formats, tree);
      notices.push(...skipNotices(pattern, skipped, taken));
      taken.forEach(add);
    } else if (stat?.isFile()) {
      add(classify(pattern, 'named', skipped)!);
    } else if (stat) {
      // A FIFO would block the read for ever; a device would never end.
      throw new InputError(`not a result file or folder: it is ${specialFileKind(stat)}`, { file: pattern });
    } else if (GLOB_CHARACTERS.test(pattern)) {
      const all = files.glob(pattern);
      const matches = all.filter((p) => files.statOf(p)?.isFile()).sort(byCodePoint);
      // globSync decodes a name that is not UTF-8 with U+FFFD in place of its bytes: no such path.
      const unreadable = all.filter((p) => p.includes('\uFFFD') && files.statOf(p) === undefined).length;
      if (unreadable > 0) notices.push(unreadableNamesNotice(pattern, unreadable));
      if (matches.length === 0) throw new InputError('no files match this pattern', { file: pattern });
      const taken = matches.flatMap((path) => classify(path, 'matched', skipped) ?? []);
      if (taken.length === 0) throw noResultsMatched(pattern, matches, skipped);
      notices.push(...skipNotices(pattern, skipped, taken));
      taken.forEach(add);
    } else {
      throw new InputError('no such file or folder', { file: pattern });
    }
  }
  return { files: preferSummaries(found, notices, options.repetitions === true), notices };
}

function emptyFolder(folder: string, formats: boolean, tree: CriterionTree | undefined): InputError {
  if (!formats) return new InputError(`the folder holds no ${FASTDDS_RESULT_FILES} files`, { file: folder });
  const baselines = tree?.baselines.length ?? 0;
  return new InputError(
    `the folder holds no result files perfgate recognises (Fast-DDS ${FASTDDS_RESULT_FILES}s, or another supported format); ` +
      `of its sub-folders only Criterion's <id>/new/estimates.json are searched (up to ${CRITERION_SEARCH_DEPTH} levels)` +
      (baselines > 0
        ? `, and it holds only Criterion's saved baselines (${baselines} base/estimates.json): name one on its own to read it`
        : ''),
    { file: folder },
  );
}

function noResultsMatched(pattern: string, matches: readonly string[], skipped: Skipped): InputError {
  const companions = [...skipped.companions].map(([reason, paths]) => `${paths.length} skipped as ${reason}`);
  return new InputError(
    `no result files perfgate recognises (Fast-DDS ${FASTDDS_RESULT_FILES}s, or another supported format) among the ${matches.length} file(s) this pattern matches (${listed(matches)})` +
      (companions.length > 0 ? `; ${companions.join('; ')}` : ''),
    { file: pattern },
  );
}

/**
 * One notice per argument for the files skipped, not one per file: Criterion's tree holds a dozen
 * files per benchmark. Files an adapter reads along with a result file taken from the same folder
 * (Criterion's sample.json next to estimates.json) were read, not skipped.
 */
function skipNotices(where: string, skipped: Skipped, taken: readonly ResultFile[]): string[] {
  const readAlong = new Set(
    taken.flatMap((file) => (adapterById(file.format)?.siblings ?? []).map((name) => join(dirname(file.path), name))),
  );
  const notResults = skipped.notResults.filter((path) => !readAlong.has(path));
  const notices: string[] = [];
  for (const [reason, paths] of skipped.companions) {
    notices.push(
      paths.length === 1
        ? `${paths[0]}: skipped, ${reason}`
        : `${where}: skipped ${paths.length} files, ${reason}: ${listed(paths)}`,
    );
  }
  if (notResults.length > 0)
    notices.push(`${where}: skipped ${notResults.length} file(s) that are not result files: ${listed(notResults)}`);
  return notices;
}

/** The first three paths, and how many more. */
function listed(paths: readonly string[]): string {
  const shown = paths.slice(0, 3).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

/**
 * A file named on its own must be a result file; a file listed in a folder or matched by a pattern
 * may be skipped (into `skipped`). With `formats`, files of every adapter are recognised by their
 * content.
 */
function classifyFile(
  files: Files,
  path: string,
  listing: Listing,
  formats: boolean,
  forced: string | undefined,
  skipped: Skipped,
): ResultFile | undefined {
  if (forced !== undefined)
    return {
      path,
      experimentType: adapterById(forced)!.fileNames?.experimentOf(path) ?? '',
      format: forced,
      named: true,
    };
  const lenient = listing !== 'named';
  // Without `formats`, a matched file is known as a summary by its header, as a named one is.
  const fastdds = classifyFastdds(files, path, lenient || formats, listing === 'matched' && !formats, formats);
  if (fastdds || !formats) {
    if (!fastdds) skipped.notResults.push(path);
    return fastdds;
  }
  const head = readHead(files, path);
  const adapter = recogniseFormat(head, path, true);
  if (adapter) {
    const companion = lenient
      ? (adapter.companion?.(head, path) ??
        (adapter.id === 'criterion-json' ? criterionBaseline(files, path) : undefined))
      : undefined;
    if (companion !== undefined) {
      skipped.companions.set(companion, [...(skipped.companions.get(companion) ?? []), path]);
      return undefined;
    }
    return { path, experimentType: '', format: adapter.id };
  }
  if (lenient) {
    skipped.notResults.push(path);
    return undefined;
  }
  const reader = formatIds()
    .map((id) => adapterById(id)!)
    .find((a) => a.siblings?.includes(basename(path)));
  if (reader !== undefined) {
    throw new InputError(
      `not a result file: ${basename(path)} is read along with the ${reader.title} result file of its folder; name that file, or the folder`,
      {
        file: path,
      },
    );
  }
  // Say why the file is not a Fast-DDS file when it looks like one; otherwise list the formats.
  const header = files.readFirstLine(path);
  const error = fastddsHeaderError(path, header);
  if (error.message.startsWith('not a result file') || error.message.startsWith('the file is empty')) {
    return unrecognised(path, header);
  }
  throw error;
}

function unrecognised(path: string, header: string): never {
  if (stripBom(header).trim() === '') throw new InputError('the file is empty', { file: path, line: 1 });
  throw new InputError(
    `not a result file perfgate recognises: expected ${FASTDDS_EXPECTED_HEADERS}, ` +
      `or the output of another supported tool (formats: ${formatIds().join(', ')}; name one with format/--format)`,
    {
      file: path,
      line: 1,
      column: 1,
    },
  );
}

/** The first 64 KiB of a file as text, for format detection. */
export function readHead(files: Files, path: string): string {
  return files.readStart(path, HEAD_BYTES);
}

/**
 * The formats with a file-name rule (Fast-DDS), asked first. `lenient`: a file that is none of them
 * gives undefined, and a file is taken only where its name is (the reference's folder rule: only
 * names with `summary` are summaries), unless `byContent`. A file whose name claims the format is an
 * error when its content does not fit, as in the reference.
 */
function classifyFastdds(
  files: Files,
  path: string,
  lenient: boolean,
  byContent = false,
  formats = false,
): ResultFile | undefined {
  const name = baseName(path);
  const adapters = fileNameAdapters();
  if (lenient && !byContent && !adapters.some((a) => a.fileNames.mayBe(name))) return undefined;
  const header = files.readFirstLine(path);
  const adapter = adapters.find(
    (a) => a.recognises(header, path) && (!lenient || byContent || a.fileNames.takes(name)),
  );
  if (adapter) return { path, experimentType: adapter.fileNames.experimentOf(path), format: adapter.id };
  if (lenient && !adapters.some((a) => a.fileNames.claims(name))) return undefined;
  // A file another format knows by its content (gungraun's summary.json) is not a Fast-DDS summary by its name.
  if (formats && recogniseFormat(readHead(files, path), path, true)) return undefined;
  throw fastddsHeaderError(path, header);
}

/**
 * One file per sub-experiment. When both a raw file and its summary are present (the reference's
 * results folder holds both), the summary is used, as the reference check does.
 */
function preferSummaries(files: ResultFile[], notices: string[], repetitions: boolean): ResultFile[] {
  const byType = new Map<string, ResultFile[]>();
  const named = (file: ResultFile) => adapterById(file.format)?.fileNames !== undefined;
  for (const file of files) {
    if (!named(file)) continue;
    const kept = byType.get(file.experimentType);
    if (!kept) {
      byType.set(file.experimentType, [file]);
      continue;
    }
    if (kept[0]!.format !== file.format) {
      // The summary is used, as the reference check does; its raw file(s) are skipped.
      const summaries = file.format === 'fastdds-summary' ? [file] : kept;
      const raws = file.format === 'fastdds-raw' ? [file] : kept;
      byType.set(file.experimentType, summaries);
      for (const raw of raws)
        notices.push(`${raw.path}: skipped, its summary ${summaries[0]!.path} is used for ${file.experimentType}`);
      continue;
    }
    if (!repetitions) throw sameType(file, kept[0]!);
    kept.push(file);
  }
  return files.filter((f) => !named(f) || byType.get(f.experimentType)!.includes(f));
}

function sameType(file: ResultFile, other: ResultFile): InputError {
  return new InputError(
    `sub-experiment "${file.experimentType}" is also given by ${other.path}; give each sub-experiment once, or pool reruns as repetitions with --repetitions pool (action input repetitions: pool)`,
    { file: file.path },
  );
}

/**
 * A named path's status; undefined when nothing is there (it may be a pattern), an error when it cannot be looked at.
 */
function statNamed(files: Files, path: string): Stats | undefined {
  try {
    return files.stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return undefined;
    throw cannotRead(path, error, 'the file or folder');
  }
}

function isUtf8Name(name: Buffer): boolean {
  return Buffer.from(name.toString('utf8'), 'utf8').equals(name);
}

function unreadableNamesNotice(where: string, count: number): string {
  return `${where}: skipped ${count} file(s) whose names are not valid UTF-8 (perfgate cannot open them by name); rename them to read them`;
}
