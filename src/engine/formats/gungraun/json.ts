/**
 * gungraun's (iai-callgrind's) machine-readable output: the `summary.json` each benchmark writes with
 * `--save-summary=json|pretty-json`, and the NDJSON of `cargo bench -- --output-format=json` (one summary a line; `jq
 * -s` makes them an array, read too). Switched on each summary's `version`:
 *
 * - v6 (gungraun < 0.19.3, iai-callgrind): `profiles: [{tool, summaries: {total: {summary: {<Tool>: {<figure>:
 *   {metrics: {"Both": [new, old]} | {"Left": new} | {"Right": old}}}}}}}]`, each value `{"Int": n}` or `{"Float": x}`;
 * - v7 (gungraun ≥ 0.19.3): `profiles: [{tool, data: {total: {metrics: {<figure>: {values: {new?, old?}}}}}}]`, each
 *   value a number, or perf's `{"value": n, …}`.
 *
 * The benchmark is `module_path` and `id`, its figures read as common.ts says: the new value, integers only (rates are
 * derived); a figure with only an old value was not measured in this run and is left out.
 */
import { InputError } from '../../errors.js';
import type { Measurement, ResultSet } from '../../model/measurement.js';
import type { FormatAdapter, ParseOptions } from '../adapter.js';
import { describeJson, JsonFields } from '../jsonFields.js';
import {
  isJsonObject,
  parseJsonPiece,
  parseLooseJson,
  type JsonDocument,
  type JsonObject,
  type JsonValue,
} from '../looseJson.js';
import { LineSplitter, ModelLimits, streamedFormat, type TextReader } from '../streamed.js';
import { benchmarkOf, figureMeasurements, type Figure } from './common.js';

/** The schema versions read. */
const VERSIONS = ['6', '7'];

export const gungraunJsonAdapter: FormatAdapter = {
  id: 'gungraun-json',
  title: 'gungraun / iai-callgrind summary JSON (summary.json, --output-format=json)',

  recognises(head: string): boolean {
    const text = head.replace(/^\uFEFF/, '');
    return (
      // A line opening with `{` or `[` (a summary, or NDJSON after other lines); per line, not /^…/m, which tries
      // every `\r` of a line of them.
      text.split('\n', 50).some((line) => /^\s*[[{]/.test(line)) &&
      /"module_path"\s*:/.test(text) &&
      /"profiles"\s*:/.test(text) &&
      /"(?:benchmark_exe|function_name)"\s*:/.test(text)
    );
  },

  ...streamedFormat(gungraunReader),
};

function gungraunReader(file: string, options: ParseOptions): TextReader {
  let mode: 'document' | 'lines' | undefined;
  const documentLines: string[] = [];
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  const limits = new ModelLimits(file, options);
  const seen = new Map<string, number>();
  const read = (doc: JsonDocument, summary: JsonObject) => {
    const line = doc.placeOf(summary).line;
    const found = summaryMeasurements(file, doc, summary);
    const key = `${found.benchmark.experiment}\u0000${found.benchmark.label}`;
    const first = seen.get(key);
    if (first !== undefined)
      throw new InputError(
        `the benchmark ${found.benchmark.experiment}${found.benchmark.label ? ` ${found.benchmark.label}` : ''} again (first on line ${first}): give each run its own file`,
        { file, ...doc.placeOf(summary) },
      );
    seen.set(key, line);
    limits.experiment(found.benchmark.experiment, line);
    for (const m of found.measurements) {
      limits.measurement(line);
      measurements.push(m);
    }
    if (found.rates && !notes.length)
      notes.push('miss and hit rates (%) are not read: they are derived from the counts, which are');
  };
  const splitter = new LineSplitter((raw, lineNo) => {
    const line = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (mode === undefined) {
      if (line.trim() === '') return;
      const trimmed = line.trim();
      // A pretty-printed summary, or an array of them, opens alone on its first line; NDJSON has one summary a line.
      mode = trimmed === '{' || trimmed.startsWith('[') ? 'document' : 'lines';
      if (mode === 'document') for (let i = 1; i < lineNo; i++) documentLines.push('');
    }
    if (mode === 'document') {
      documentLines.push(line);
      return;
    }
    // cargo bench prints other harnesses' lines (`running 0 tests`) among the summaries: only `{` lines are summaries.
    if (!line.trimStart().startsWith('{')) return;
    const start = line.length - line.trimStart().length;
    const { document, end } = parseJsonPiece(file, line.slice(start), { line: lineNo, column: start + 1, depth: 0 });
    const rest = line.slice(start + end).trim();
    if (rest !== '')
      throw new InputError('expected one summary a line: more after its closing "}"', {
        file,
        line: lineNo,
        column: start + end + 1,
      });
    if (!isJsonObject(document.value))
      throw new InputError('expected a gungraun summary object', { file, line: lineNo, column: start + 1 });
    read(document, document.value);
  });
  return {
    push: (text) => splitter.push(text),
    finish(): ResultSet {
      splitter.finish();
      if (mode === 'document') {
        const doc = parseLooseJson(file, documentLines.join('\n'));
        const root = doc.value;
        if (Array.isArray(root)) {
          root.forEach((summary, index) => {
            if (!isJsonObject(summary))
              throw new JsonFields(file, doc).error(
                `expected a gungraun summary object, found ${describeJson(summary)}`,
                root,
                index,
              );
            read(doc, summary);
          });
        } else if (isJsonObject(root)) read(doc, root);
        else
          throw new InputError('expected a gungraun summary: an object, or an array of them', {
            file,
            line: 1,
            column: 1,
          });
      }
      if (seen.size === 0) throw new InputError('no gungraun summary in the file', { file, line: 1, column: 1 });
      return { format: 'gungraun-json', file, measurements, notes };
    },
  };
}

/** One summary's benchmark and measurements, read as its `version` says. */
function summaryMeasurements(
  file: string,
  doc: JsonDocument,
  summary: JsonObject,
): { benchmark: { experiment: string; label: string }; measurements: Measurement[]; rates: boolean } {
  const fields = new JsonFields(file, doc);
  const rawVersion = summary['version'];
  const version = typeof rawVersion === 'number' ? String(rawVersion) : rawVersion;
  if (typeof version !== 'string')
    throw rawVersion === undefined
      ? fields.error('the summary has no "version"', summary)
      : fields.error(`expected the schema version as a string, found ${describeJson(rawVersion)}`, summary, 'version');
  if (!VERSIONS.includes(version))
    throw fields.error(
      `gungraun summary schema version "${version.slice(0, 20)}" is not read: perfgate reads versions ${VERSIONS.join(' and ')} (gungraun ≥ 0.16)`,
      summary,
      'version',
    );
  const modulePath = fields.string(summary, 'module_path', { required: true, what: 'the summary' })!;
  const id = summary['id'] === null ? undefined : fields.string(summary, 'id');
  const benchmark = benchmarkOf(modulePath, id);
  const profiles = summary['profiles'];
  if (!Array.isArray(profiles))
    throw profiles === undefined
      ? fields.error('the summary has no "profiles"', summary)
      : fields.error(`expected an array of profiles, found ${describeJson(profiles)}`, summary, 'profiles');
  const figures: Figure[] = [];
  let rates = false;
  profiles.forEach((profile, index) => {
    if (!isJsonObject(profile))
      throw fields.error(`expected a profile object, found ${describeJson(profile)}`, profiles, index);
    const tool = fields.string(profile, 'tool', { required: true, what: 'the profile' })!;
    const metrics = version === '6' ? v6Metrics(fields, profile, tool) : v7Metrics(fields, profile);
    for (const name of Object.keys(metrics)) {
      const entry = metrics[name]!;
      if (!isJsonObject(entry))
        throw fields.error(
          `expected the figure "${name.slice(0, 40)}" as an object, found ${describeJson(entry)}`,
          metrics,
          name,
        );
      const value = version === '6' ? v6New(fields, entry, name) : v7New(fields, entry, name);
      if (value === undefined) continue;
      // Rates (`D1MissRate`, …) are floats even where they are whole (`0.0` reads as 0).
      if (!Number.isInteger(value) || /Rate$/.test(name)) {
        rates = true;
        continue;
      }
      if (value < 0)
        throw fields.error(
          `the count of ${name.slice(0, 40)} is ${value}, which is impossible: a count is never negative`,
          entry,
        );
      figures.push({ tool, name, value, line: doc.placeOfKey(metrics, name).line });
    }
  });
  return { benchmark, measurements: figureMeasurements(file, benchmark, figures), rates };
}

/** A field that must be an object. */
function objectField(fields: JsonFields, object: JsonObject, key: string, what: string): JsonObject {
  const value = object[key];
  if (!isJsonObject(value))
    throw value === undefined
      ? fields.error(`${what} has no "${key}"`, object)
      : fields.error(`expected an object for "${key}", found ${describeJson(value)}`, object, key);
  return value;
}

/** v6: `summaries.total.summary.<Tool>`, the figures of the whole run. */
function v6Metrics(fields: JsonFields, profile: JsonObject, tool: string): JsonObject {
  const total = objectField(fields, objectField(fields, profile, 'summaries', 'the profile'), 'total', 'the summaries');
  const summary = objectField(fields, total, 'summary', 'the total');
  const keys = Object.keys(summary);
  const key = keys.find((k) => k === tool) ?? keys[0];
  if (key === undefined) return summary;
  return objectField(fields, summary, key, 'the total summary');
}

/** v6: the new value of `metrics: {"Both": [new, old]} | {"Left": new} | {"Right": old}`, each `{"Int"|"Float": n}`. */
function v6New(fields: JsonFields, entry: JsonObject, name: string): number | undefined {
  const metrics = objectField(fields, entry, 'metrics', `the figure "${name.slice(0, 40)}"`);
  let value: JsonValue | undefined;
  let bad: (message: string) => InputError;
  const both = metrics['Both'];
  if (both !== undefined) {
    if (!Array.isArray(both) || both.length !== 2)
      throw fields.error(`expected "Both" as [new, old], found ${describeJson(both)}`, metrics, 'Both');
    value = both[0];
    bad = (message) => fields.error(message, both, 0);
  } else if (metrics['Left'] !== undefined) {
    value = metrics['Left'];
    bad = (message) => fields.error(message, metrics, 'Left');
  } else if (metrics['Right'] !== undefined) return undefined;
  else throw fields.error(`expected "Both", "Left" or "Right" in the metrics of "${name.slice(0, 40)}"`, metrics);
  if (isJsonObject(value)) {
    const typed = value['Int'] ?? value['Float'];
    if (typeof typed === 'number') return typed;
  }
  throw bad(`expected {"Int": n} or {"Float": x} for ${name.slice(0, 40)}, found ${describeJson(value ?? null)}`);
}

/** v7: `data.total.metrics`, the figures of the whole run. */
function v7Metrics(fields: JsonFields, profile: JsonObject): JsonObject {
  const total = objectField(fields, objectField(fields, profile, 'data', 'the profile'), 'total', 'the data');
  return objectField(fields, total, 'metrics', 'the total');
}

/** v7: the new value of `values: {new?, old?}`, a number or `{"value": n, …}`. */
function v7New(fields: JsonFields, entry: JsonObject, name: string): number | undefined {
  const values = objectField(fields, entry, 'values', `the figure "${name.slice(0, 40)}"`);
  if (!('new' in values)) return undefined;
  const value = values['new'];
  if (typeof value === 'number') return value;
  if (isJsonObject(value) && typeof value['value'] === 'number') return value['value'];
  throw fields.error(
    `expected the new value of ${name.slice(0, 40)} as a number, found ${describeJson(value ?? null)}`,
    values,
    'new',
  );
}
