import type { FormatAdapter, GenericCsvMapping, ParseOptions } from '../engine/formats/adapter.js';
import { parseMappingJson } from '../engine/formats/mappingJson.js';
import {
  isMetricRequirementsHeader,
  metricRequirementsOf,
  parseMetricRequirementsCsv,
} from '../engine/formats/metricRequirementsCsv.js';
import { adapterById, formatIds, recogniseFormat } from '../engine/formats/registry.js';
import { InputError } from '../engine/errors.js';
import type { ResultSet } from '../engine/model/measurement.js';
import type { MetricRequirement } from '../engine/model/metricRequirement.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { dirname, join } from 'node:path';
import type { ResultFile } from './discover.js';
import { readHead } from './discover.js';
import type { Files } from './rootedFiles.js';
import { readRequirements, streamResultSet } from './read.js';

/**
 * Bounds for one results file: a file from pull-request code must not exhaust the runner's memory
 * or flood the report.
 *
 * `fileBytes` holds only for formats read whole: reading one holds its text, its parse tree and its
 * model at once. A 7 GB GitHub runner gives Node a heap of about 1.75 GB: 64 MiB leaves room for
 * 20×. The formats a suite makes large (Google Benchmark, go test, pytest-benchmark, JMH,
 * BenchmarkDotNet, github-action-benchmark, BMF, libtest) are streamed (the adapter's `stream`):
 * they have no size limit, only these counts, checked at the entry that crosses them (bench/RESULTS.md,
 * "Reading large files"). The model takes about 0.6–1.3 KB a measurement, so 200,000 keep it near
 * 250 MB. A suite of 12,000 benchmarks × 10 repetitions × 4 metrics (go test -benchmem) is 48,000
 * measurements of 12,000 experiments: well inside both (10,000 experiments, the limit before issue
 * 38, refused a suite of 10,000 benchmarks).
 */
export const RESULT_LIMITS = {
  fileBytes: 64 * 1024 * 1024,
  measurements: 200_000,
  experiments: 100_000,
};

function mebibytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '');
}

export interface ReadSetOptions extends ParseOptions {
  floatParse: FloatParse;
}

export interface LoadedResultSet {
  file: ResultFile;
  set: ResultSet;
}

/** Reads one result file of any format into the common model. */
export function loadResultSet(files: Files, file: ResultFile, options: ReadSetOptions): LoadedResultSet {
  const adapter = adapterById(file.format);
  if (!adapter) throw new InputError(`no reader for format "${file.format}"`, { file: file.path });
  const limited = {
    ...options,
    maxMeasurements: RESULT_LIMITS.measurements,
    maxExperiments: RESULT_LIMITS.experiments,
  };
  let set: ResultSet;
  if (adapter.stream) {
    // Read chunk by chunk: the file is never held whole, so it has no size limit.
    try {
      set = streamResultSet(files, file.path, adapter, limited)!;
      if (set.measurements.length === 0 && (set.skipped?.length ?? 0) === 0)
        throw new InputError(`no measurements found (read as ${adapter.title})`, { file: file.path });
    } catch (error) {
      throw file.named ? withLikelyFormat(error, file.path, readHead(files, file.path), adapter) : error;
    }
  } else {
    const size = files.stat(file.path).size;
    if (size > RESULT_LIMITS.fileBytes) {
      throw new InputError(
        `the file is ${mebibytes(size) === mebibytes(RESULT_LIMITS.fileBytes) ? `${size} bytes` : `${mebibytes(size)} MiB`}, over the ${mebibytes(RESULT_LIMITS.fileBytes)} MiB limit for a file read whole (${adapter.title}): ` +
          `reading takes several times its size in memory; split the results into files of at most ${mebibytes(RESULT_LIMITS.fileBytes)} MiB ` +
          `(${STREAMED_FORMATS} are streamed and have no such limit)`,
        { file: file.path },
      );
    }
    const siblings = readSiblings(files, file.path, adapter.siblings ?? []);
    const text = files.readText(file.path);
    try {
      set = adapter.parse({ file: file.path, text, ...(siblings ? { siblings } : {}) }, limited);
      // A file whose every benchmark its tool could not measure is read: its skipped benchmarks are said.
      if (set.measurements.length === 0 && (set.skipped?.length ?? 0) === 0)
        throw new InputError(`no measurements found (read as ${adapter.title})`, { file: file.path });
    } catch (error) {
      throw file.named ? withLikelyFormat(error, file.path, text.slice(0, 65536), adapter) : error;
    }
  }
  // For the formats that do not count as they read.
  if (set.measurements.length > RESULT_LIMITS.measurements) {
    throw new InputError(
      `the file holds ${set.measurements.length} measurements; the limit is ${RESULT_LIMITS.measurements} per file: ${SPLIT}`,
      { file: file.path },
    );
  }
  const experiments = new Set(set.measurements.map((m) => m.experiment)).size;
  if (experiments > RESULT_LIMITS.experiments) {
    throw new InputError(
      `the file holds ${experiments} experiments; the limit is ${RESULT_LIMITS.experiments} per file: ${SPLIT}`,
      { file: file.path },
    );
  }
  return { file, set };
}

/** The way around a count limit, as the streamed readers say it (formats/streamed.ts). */
const SPLIT = 'split the results into several files (a folder or a pattern reads them all as one set)';

/** The formats read chunk by chunk, named in the size limit's message. */
const STREAMED_FORMATS = (() => {
  const titles = formatIds()
    .map((id) => adapterById(id)!)
    .filter((a) => a.stream)
    .map((a) => a.id);
  return `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]} files`;
})();

/**
 * An error reading a file in the format the user named, with the format the file looks like when
 * detection would have read it as another ("--format pytest-benchmark" on `go test -bench` output).
 */
function withLikelyFormat(error: unknown, path: string, head: string, named: FormatAdapter): unknown {
  if (!(error instanceof InputError)) return error;
  const likely = recogniseFormat(head, path);
  if (likely === undefined || likely.id === named.id) return error;
  return new InputError(
    `${error.message}. Read as ${named.id}, the format given, but it looks like ${likely.id} — ${likely.title}: give format ${likely.id}, or auto`,
    error.place,
  );
}

/** The texts of the named files next to `path` that exist (within the size limit); undefined for none. */
function readSiblings(files: Files, path: string, names: readonly string[]): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const name of names) {
    const sibling = join(dirname(path), name);
    const stat = files.statOf(sibling);
    if (stat?.isFile() === true && stat.size <= RESULT_LIMITS.fileBytes) found[name] = files.readText(sibling);
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** Whether a requirements file is in the reference form (`Experiment type,Bytes,Median,99%,Max`). */
export function isReferenceRequirementsFile(files: Files, path: string): boolean {
  return !isMetricRequirementsHeader(files.readFirstLine(path));
}

/** Requirements of either form as general metric requirements. */
export function readMetricRequirements(files: Files, path: string, floatParse: FloatParse): MetricRequirement[] {
  if (isReferenceRequirementsFile(files, path))
    return metricRequirementsOf(readRequirements(files, path, floatParse), path);
  return parseMetricRequirementsCsv(path, files.readText(path), floatParse);
}

/** A generic CSV column mapping from a JSON file. */
export function readMapping(files: Files, path: string): GenericCsvMapping {
  return parseMappingJson(path, files.readText(path));
}
