import type { ResultSet } from '../../model/measurement.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { parseToolUnit } from '../../model/units.js';
import { withoutControls } from '../escape.js';
import { JsonArrayInPieces, JsonObjectInPieces, joinPieces, joinedLines, jsonPieces } from '../pieces.js';

/** What perfgate understood of one file: for `perfgate inspect`. */
export interface FileInspection {
  file: string;
  format: string;
  formatTitle: string;
  measurements: number;
  experiments: ExperimentInspection[];
  notes: string[];
}

export interface ExperimentInspection {
  name: string;
  parameters: string[];
  metrics: {
    name: string;
    unit: string;
    displayUnit: string;
    direction: string;
    statistics: string[];
    measurements: number;
  }[];
}

export function inspectResultSet(set: ResultSet, formatTitle: string): FileInspection {
  const experiments = new Map<string, ExperimentInspection>();
  // A set beside a long list: an experiment of 40 000 parameters must not scan its list for each one. A short list is
  // scanned: a set for each of 70,000 experiments of one parameter would outweigh them.
  const parameterSets = new Map<string, Set<string>>();
  for (const m of set.measurements) {
    let e = experiments.get(m.experiment);
    if (!e) experiments.set(m.experiment, (e = { name: m.experiment, parameters: [], metrics: [] }));
    const label = m.parameter.label;
    const parameters = parameterSets.get(m.experiment);
    if (parameters ? !parameters.has(label) : !e.parameters.includes(label)) {
      e.parameters.push(label);
      if (parameters) parameters.add(label);
      else if (e.parameters.length > SCANNED_PARAMETERS) parameterSets.set(m.experiment, new Set(e.parameters));
    }
    let metric = e.metrics.find((x) => x.name === m.metric.name && x.unit === m.metric.unit);
    if (!metric) {
      metric = {
        name: m.metric.name,
        unit: m.metric.unit,
        displayUnit: m.metric.displayUnit,
        direction: m.metric.direction,
        statistics: [],
        measurements: 0,
      };
      e.metrics.push(metric);
    }
    metric.measurements++;
    for (const s of Object.keys(m.statistics)) if (!metric.statistics.includes(s)) metric.statistics.push(s);
  }
  return {
    file: set.file,
    format: set.format,
    formatTitle,
    measurements: set.measurements.length,
    experiments: [...experiments.values()],
    notes: set.notes,
  };
}

/** Parameters of an experiment found by scanning its list, below a set's worth. */
const SCANNED_PARAMETERS = 16;

/** A readable account per file: format, then one block per experiment. */
export function renderInspectionText(files: readonly FileInspection[], sets: readonly ResultSet[]): string {
  return joinPieces(inspectionTextPieces(files, sets));
}

/** `renderInspectionText`'s text a line at a time: a file of 40,000 experiments is some 30 MB of it. */
export function* inspectionTextPieces(files: readonly FileInspection[], sets: readonly ResultSet[]): Generator<string> {
  yield* joinedLines(inspectionLines(files, sets));
  yield '\n';
}

function* inspectionLines(files: readonly FileInspection[], sets: readonly ResultSet[]): Generator<string> {
  for (const [i, f] of files.entries()) {
    // Each experiment's measurements of its first parameter, found in one pass over the file's.
    const firstOf = new Map<string, ResultSet['measurements'][number][]>();
    const firstParameter = new Map(f.experiments.map((e) => [e.name, e.parameters[0]]));
    for (const m of sets[i]?.measurements ?? []) {
      if (firstParameter.get(m.experiment) !== m.parameter.label) continue;
      const list = firstOf.get(m.experiment);
      if (list) list.push(m);
      else firstOf.set(m.experiment, [m]);
    }
    yield `${safe(f.file)}: ${f.format} (${f.formatTitle}), ${f.measurements} measurement(s), ${f.experiments.length} experiment(s)`;
    for (const note of f.notes) yield `  note: ${safe(note)}`;
    for (const e of f.experiments) {
      yield `  ${safe(e.name)}: ${e.parameters.length} parameter(s): ${e.parameters.map((p) => (p === '' ? '(none)' : safe(p))).join(', ')}`;
      for (const m of e.metrics) {
        const unit = m.unit === m.displayUnit ? m.unit : `${m.unit}, read as ${m.displayUnit}`;
        yield `    ${safe(m.name)} [${unit || 'count'}] ${m.direction}: ${m.statistics.join(', ')}`;
      }
      // The first parameter's values, so a user sees the numbers were read right.
      // In the unit the tool printed (Go's ns/op as ns, not µs), so they can be checked against its output.
      const first = firstOf.get(e.name) ?? [];
      for (const m of first) {
        const scale = toolUnitScale(m.metric.unit, m.metric.displayUnit);
        const shown = (k: string, v: number) =>
          k === 'samples'
            ? String(v)
            : scale === undefined
              ? formatFixed3(v)
              : toolDigits(v * (k === 'variance' ? scale * scale : scale));
        const values = Object.entries(m.statistics).map(([k, v]) => `${k}=${shown(k, v as number)}`);
        const unit = scale === undefined ? '' : ` in ${safe(m.metric.displayUnit)}`;
        yield `    e.g. ${m.parameter.label === '' ? '(none)' : safe(m.parameter.label)} ${safe(m.metric.name)}${unit}: ${values.join(' ')}`;
      }
    }
  }
}

export function renderInspectionJson(files: readonly FileInspection[]): string {
  return joinPieces(inspectionJsonPieces(files));
}

/** `renderInspectionJson`'s text, each file's experiments a few dozen at a time. */
export function* inspectionJsonPieces(files: readonly FileInspection[]): Generator<string> {
  yield* jsonPieces(
    new JsonObjectInPieces({
      files: new JsonArrayInPieces(files.length, (i) => {
        const f = files[i]!;
        return new JsonObjectInPieces({
          ...f,
          experiments: new JsonArrayInPieces(f.experiments.length, (j) => f.experiments[j]),
        });
      }),
    }),
  );
  yield '\n';
}

/**
 * The factor from a metric's unit to the unit its tool printed (`us` → `ns/op`: 1000), when they differ and measure
 * the same thing; undefined when the values are already in the tool's unit, the tool printed seconds, or the units do
 * not convert.
 */
function toolUnitScale(unit: string, displayUnit: string): number | undefined {
  // Seconds are what a tool's file holds when its own table scales them (pytest-benchmark, hyperfine): keep µs there.
  if (unit === displayUnit || displayUnit.trim() === 's') return undefined;
  const from = parseToolUnit(unit);
  const to = parseToolUnit(displayUnit);
  if (!from || !to || from.dimension !== to.dimension || to.toBase === 0) return undefined;
  const scale = from.toBase / to.toBase;
  return scale === 1 ? undefined : scale;
}

/** A value in its tool's unit, to 6 significant digits: what the tool printed, without the conversion's float noise. */
function toolDigits(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : String(v);
}

function safe(text: string): string {
  return withoutControls(text);
}
