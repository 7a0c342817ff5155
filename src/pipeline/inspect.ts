import { adapterById } from '../engine/formats/registry.js';
import type { ResultSet } from '../engine/model/measurement.js';
import { inspectResultSet, type FileInspection } from '../engine/report/results/inspect.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import type { ParseOptions } from '../engine/formats/adapter.js';
import { discoverResults } from './discover.js';
import { loadResultSet } from './resultSets.js';
import type { Files } from './rootedFiles.js';

export interface InspectOptions extends ParseOptions {
  files: readonly string[];
  format?: string;
  floatParse: FloatParse;
}

/** Reads every file the way `check` would and says what was understood. */
export function runInspect(
  files: Files,
  options: InspectOptions,
): { inspections: FileInspection[]; sets: ResultSet[] } {
  const discovery = discoverResults(files, options.files, {
    formats: true,
    ...(options.format !== undefined ? { format: options.format } : {}),
  });
  const sets = discovery.files.map((file) => loadResultSet(files, file, options).set);
  const inspections = sets.map((set) => inspectResultSet(set, adapterById(set.format)?.title ?? set.format));
  return { inspections, sets };
}
