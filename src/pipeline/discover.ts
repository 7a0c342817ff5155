import { closeSync, globSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../engine/errors.js';
import { resolveColumns, stripBom } from '../engine/csv/header.js';
import { looksLikeRawMeasurements, RAW_COLUMNS, RAW_HEADER, RAW_REQUIRED_COLUMNS } from '../engine/formats/fastddsRaw.js';
import { looksLikeSummary, SUMMARY_HEADER, SUMMARY_REQUIRED_COLUMNS } from '../engine/formats/fastddsSummary.js';
import { SUMMARY_COLUMNS } from '../engine/model/summary.js';
import { baseName, experimentTypeOfRawFile, experimentTypeOfSummaryFile } from '../engine/model/experimentType.js';
import { formatIds, recogniseFormat } from '../engine/formats/registry.js';
import { readFirstLine } from './files.js';

/** Fast-DDS summary, Fast-DDS raw measurements, or a file another format adapter reads. */
export type ResultKind = 'summary' | 'raw' | 'format';

export interface ResultFile {
  path: string;
  /** `raw` files are streamed; `summary` and `raw` files follow the reference's folder rules. */
  kind: ResultKind;
  /** The sub-experiment of a Fast-DDS file; empty for other formats (their content names them). */
  experimentType: string;
  /** The adapter id (`fastdds-summary`, `fastdds-raw`, `iceperf`, …). */
  format: string;
}

export interface DiscoverOptions {
  /** Accept every format perfgate reads, not only Fast-DDS summary and raw CSVs. */
  formats?: boolean;
  /** Read every file with this format instead of detecting it (`auto` detects). */
  format?: string;
  /** Several Fast-DDS files of one sub-experiment are repetitions to pool, not an error. */
  repetitions?: boolean;
}

/** How many bytes of a file format detection looks at. */
export const HEAD_BYTES = 65536;

export interface Discovery {
  files: ResultFile[];
  /** Things worth telling the user (files skipped or preferred). */
  notices: string[];
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/**
 * Turns the user's result arguments (files, folders or glob patterns) into the list of result
 * files, each recognised by its header as a summary or a raw measurement file.
 * Folders are read like the reference does (their files, not sub-folders): files whose name
 * contains `summary` are summaries; other CSV files are taken when their header is a raw header.
 * Order: arguments in the order given, names sorted inside a folder or pattern.
 */
export function discoverResults(patterns: readonly string[], options: DiscoverOptions = {}): Discovery {
  if (patterns.length === 0) throw new UsageError('no results given: name summary or raw files, folders or glob patterns');
  const forced = options.format !== undefined && options.format !== 'auto' ? options.format : undefined;
  if (forced !== undefined && !formatIds().includes(forced)) {
    throw new UsageError(`unknown format "${forced}"; known formats: auto, ${formatIds().join(', ')}`);
  }
  const classify = (path: string, lenient: boolean) => classifyFile(path, lenient, options.formats === true, forced, notices);
  const notices: string[] = [];
  const found: ResultFile[] = [];
  const seen = new Set<string>();
  const add = (file: ResultFile) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    found.push(file);
  };
  for (const pattern of patterns) {
    const stat = statOrUndefined(pattern);
    if (stat?.isDirectory()) {
      const before = found.length;
      for (const name of readdirSync(pattern).sort(byCodePoint)) {
        const path = join(pattern, name);
        if (!statOrUndefined(path)?.isFile()) continue;
        const file = classify(path, true);
        if (file) add(file);
      }
      if (found.length === before) {
        throw new InputError(
          options.formats
            ? 'the folder holds no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format)'
            : 'the folder holds no summary or raw measurement CSV files',
          {
            file: pattern,
          },
        );
      }
    } else if (stat?.isFile()) {
      add(classify(pattern, false)!);
    } else if (GLOB_CHARACTERS.test(pattern)) {
      const matches = globSync(pattern)
        .filter((p) => statOrUndefined(p)?.isFile())
        .sort(byCodePoint);
      if (matches.length === 0) throw new InputError('no files match this pattern', { file: pattern });
      for (const path of matches) add(classify(path, false)!);
    } else {
      throw new InputError('no such file or folder', { file: pattern });
    }
  }
  return { files: preferSummaries(found, notices, options.repetitions === true), notices };
}

/**
 * A file named in a folder listing may be skipped (`lenient`); a file named on its own must be a
 * result file. With `formats`, files of every adapter are recognised by their content.
 */
function classifyFile(path: string, lenient: boolean, formats: boolean, forced: string | undefined, notices?: string[]): ResultFile | undefined {
  if (forced === 'fastdds-summary') return { path, kind: 'summary', experimentType: experimentTypeOfSummaryFile(path), format: forced };
  if (forced === 'fastdds-raw') return { path, kind: 'raw', experimentType: experimentTypeOfRawFile(path), format: forced };
  if (forced !== undefined) return { path, kind: 'format', experimentType: '', format: forced };
  const fastdds = classifyFastdds(path, lenient || formats);
  if (fastdds || !formats) return fastdds;
  const head = readHead(path);
  const adapter = recogniseFormat(head, path, true);
  if (adapter) {
    const companion = lenient ? adapter.companion?.(head, path) : undefined;
    if (companion !== undefined) {
      notices?.push(`${path}: skipped, ${companion}`);
      return undefined;
    }
    return { path, kind: 'format', experimentType: '', format: adapter.id };
  }
  if (lenient) return undefined;
  // Say why the file is not a Fast-DDS file when it looks like one; otherwise list the formats.
  const header = readFirstLine(path);
  const error = headerError(path, header);
  if (error.message.startsWith('not a result file') || error.message.startsWith('the file is empty')) {
    return unrecognised(path, header);
  }
  throw error;
}

function unrecognised(path: string, header: string): never {
  if (stripBom(header).trim() === '') throw new InputError('the file is empty', { file: path, line: 1 });
  throw new InputError(
    `not a result file perfgate recognises: expected the Fast-DDS summary header "${SUMMARY_HEADER}" or raw header "${RAW_HEADER}", ` +
      `or the output of another supported tool (formats: ${formatIds().join(', ')}; name one with format/--format)`,
    {
      file: path,
      line: 1,
      column: 1,
    },
  );
}

/** The first 64 KiB of a file as text, for format detection. */
export function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return new TextDecoder().decode(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

function classifyFastdds(path: string, lenient: boolean): ResultFile | undefined {
  const name = baseName(path);
  if (lenient && !name.toLowerCase().endsWith('.csv') && !name.includes('summary')) return undefined;
  const header = readFirstLine(path);
  // In a folder, only names with `summary` are summaries (the reference rule): a comparison CSV
  // has every summary column too.
  if (looksLikeSummary(header) && (!lenient || name.includes('summary')))
    return { path, kind: 'summary', experimentType: experimentTypeOfSummaryFile(path), format: 'fastdds-summary' };
  if (looksLikeRawMeasurements(header)) return { path, kind: 'raw', experimentType: experimentTypeOfRawFile(path), format: 'fastdds-raw' };
  if (lenient && !name.includes('summary')) return undefined;
  throw headerError(path, header);
}

/** Why a file meant as a result has no usable header: the most specific message there is. */
function headerError(path: string, headerLine: string): InputError {
  const line = stripBom(headerLine);
  if (line.trim() === '') return new InputError(`the file is empty; expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`, { file: path, line: 1 });
  const fields = line.split(',');
  if (fields.some((f) => f.trim() === 'Experiment type')) {
    return new InputError('this is a requirements file, not a result file: give it as the requirements', { file: path, line: 1, column: 1 });
  }
  // Judge the header against the format the name suggests, so the error names the wrong column.
  const name = baseName(path);
  const looksRaw = name.startsWith('measurements') || fields.some((f) => (RAW_COLUMNS as readonly string[]).includes(f.trim()));
  try {
    if (name.includes('summary')) resolveColumns(path, line, fields, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
    else if (looksRaw) resolveColumns(path, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  return new InputError(`not a result file: expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`, { file: path, line: 1, column: 1 });
}

/**
 * One file per sub-experiment. When both a raw file and its summary are present (the reference's
 * results folder holds both), the summary is used, as the reference check does.
 */
function preferSummaries(files: ResultFile[], notices: string[], repetitions: boolean): ResultFile[] {
  const byType = new Map<string, ResultFile[]>();
  for (const file of files) {
    if (file.kind === 'format') continue;
    const kept = byType.get(file.experimentType);
    if (!kept) {
      byType.set(file.experimentType, [file]);
      continue;
    }
    if (kept[0]!.kind !== file.kind) {
      // The summary is used, as the reference check does; its raw file(s) are skipped.
      const summaries = file.kind === 'summary' ? [file] : kept;
      const raws = file.kind === 'raw' ? [file] : kept;
      byType.set(file.experimentType, summaries);
      for (const raw of raws) notices.push(`${raw.path}: skipped, its summary ${summaries[0]!.path} is used for ${file.experimentType}`);
      continue;
    }
    if (!repetitions) throw sameType(file, kept[0]!);
    kept.push(file);
  }
  return files.filter((f) => f.kind === 'format' || byType.get(f.experimentType)!.includes(f));
}

function sameType(file: ResultFile, other: ResultFile): InputError {
  return new InputError(
    `sub-experiment "${file.experimentType}" is also given by ${other.path}; give each sub-experiment once, or pool reruns as repetitions with --repetitions pool (action input repetitions: pool)`,
    { file: file.path },
  );
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
