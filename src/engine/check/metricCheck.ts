import { InputError, type SourcePlace } from '../errors.js';
import type { Measurement, ResultSet, StatisticName } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';
import { acceptedUnits, BASE_UNITS, parseToolUnit } from '../model/units.js';
import { displayUnit, primaryStatistic, shownUnit, statisticDirection } from '../model/statisticRules.js';
import { checkLimit, notInResults, rowFailed, type CheckRow, type SubExperimentCheck } from './checkRow.js';
import { checkReferenceRequirement, missingReferenceRow } from './check.js';
import { didYouMean } from '../text/closest.js';
import { resultSetOfSummary } from '../formats/registry.js';
import { metricRequirementsOf } from '../formats/metricRequirementsCsv.js';
import type { Requirement } from '../model/requirement.js';
import type { Summary } from '../model/summary.js';

export interface CheckOptions {
  /**
   * Fast-DDS results against a reference requirements file: rows in the reference's shape (check,
   * payload, µs) and wording, which the byte-compatible `checks_<type>.csv` renders.
   */
  reference?: boolean;
}

/**
 * Checks every experiment of the result sets against the requirements that name it. Rows come in
 * requirement order (column by column, as the requirements file lists them); a `*` parameter
 * expands to every parameter the experiment has, in result order.
 *
 * A requirement whose experiment, parameter or metric is not in the results fails with a
 * `missing` row that names the closest name the results have (a misspelling or a renamed
 * benchmark must not pass); an optional one is skipped and said so. Experiments named only by
 * requirements come last, in requirement order.
 */
export function checkMeasurements(
  resultSets: readonly ResultSet[],
  requirements: readonly MetricRequirement[],
  options: CheckOptions = {},
): SubExperimentCheck[] {
  const experiments = new Map<string, { source: string; measurements: Measurement[] }>();
  for (const set of resultSets) {
    for (const m of set.measurements) {
      let entry = experiments.get(m.experiment);
      // An experiment spread over several files (one per payload, say) is one sub-experiment.
      if (!entry) experiments.set(m.experiment, (entry = { source: set.file, measurements: [] }));
      entry.measurements.push(m);
    }
  }
  // Requirements by experiment, in requirement order: each experiment looks up its own rows instead
  // of scanning every row (N experiments × M rows took 94 s at 100 000 files).
  const byExperiment = requirementsByExperiment(requirements);
  const checks: SubExperimentCheck[] = [];
  for (const [experiment, { source, measurements }] of experiments) {
    const own = byExperiment.get(experiment) ?? [];
    if (own.length === 0) {
      checks.push({ experimentType: experiment, source, status: 'unchecked', rows: [] });
      continue;
    }
    const rows: CheckRow[] = [];
    const skipped: string[] = [];
    for (const requirement of own) {
      const checked = options.reference
        ? checkReferenceRequirement(requirement, measurements)
        : checkRequirement(requirement, measurements, own);
      for (const row of checked) {
        if (row.status === 'missing' && requirement.optional) addOnce(skipped, row.message!);
        else rows.push(row);
      }
    }
    checks.push(subExperimentCheck(experiment, source, rows, skipped));
  }

  // Results that no requirement names are what a misspelled or renamed experiment most likely meant.
  const unnamed = [...experiments.keys()].filter((e) => !byExperiment.has(e));
  for (const [experiment, own] of byExperiment) {
    if (experiments.has(experiment)) continue;
    const first = own[0]!;
    const hint = didYouMean(experiment, unnamed);
    const where = (list: readonly MetricRequirement[]) =>
      `${fileName(first.file)} line ${Math.min(...list.map((r) => r.line))}`;
    const required = own.filter((r) => !r.optional);
    const optional = own.filter((r) => r.optional);
    const message = `required (${where(required.length > 0 ? required : own)}) but not in the results${hint}`;
    const rows = required.map((r) => (options.reference ? missingReferenceRow(r, message) : missingRow(r, message)));
    const skipped = optional.length > 0 ? [`not in the results (optional, ${where(optional)}): skipped${hint}`] : [];
    checks.push({ ...subExperimentCheck(experiment, first.file, rows, skipped), absent: true });
  }
  return checks;
}

/**
 * The requirements of each experiment, in the order the requirements list them; experiments in order of first mention.
 */
export function requirementsByExperiment(requirements: readonly MetricRequirement[]): Map<string, MetricRequirement[]> {
  const byExperiment = new Map<string, MetricRequirement[]>();
  for (const r of requirements) {
    const list = byExperiment.get(r.experiment);
    if (list) list.push(r);
    else byExperiment.set(r.experiment, [r]);
  }
  return byExperiment;
}

function subExperimentCheck(
  experimentType: string,
  source: string,
  rows: CheckRow[],
  skipped: string[],
): SubExperimentCheck {
  const status = rows.some(rowFailed) ? 'failed' : rows.length > 0 ? 'passed' : 'skipped';
  return { experimentType, source, status, rows, ...(skipped.length > 0 ? { skipped } : {}) };
}

function addOnce(list: string[], sentence: string): void {
  if (!list.includes(sentence)) list.push(sentence);
}

/** The file's own name: messages stay short and the same on every machine. */
function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * Why a requirement matches no measurement: the results lack its metric, or its parameter; with a
 * did-you-mean among the names no other limit of the experiment claims.
 */
function missingMessage(
  requirement: MetricRequirement,
  measurements: readonly Measurement[],
  own: readonly MetricRequirement[],
  ofMetric: readonly Measurement[],
): string {
  if (ofMetric.length === 0) {
    const known = [...new Set(measurements.map((m) => m.metric.name))];
    // A metric another limit of this experiment names is not a misspelling of this one.
    const named = new Set(own.map((r) => r.metric.trim().toLowerCase()));
    const candidates = known.filter((k) => !named.has(k.trim().toLowerCase()));
    return notInResults(
      `metric "${requirement.metric}"`,
      requirement,
      ` (the results have: ${known.join(', ') || 'none'})${didYouMean(requirement.metric, candidates)}`,
    );
  }
  // Payload sizes are numbers: an edit away from one is not a misspelling of it.
  const others = own.filter((r) => r !== requirement && r.parameter !== '*' && sameName(r.metric, requirement.metric));
  const candidates = /^\d+$/.test(requirement.parameter)
    ? []
    : [
        ...new Set(
          ofMetric.filter((m) => !others.some((r) => parameterMatches(m, r.parameter))).map((m) => m.parameter.label),
        ),
      ];
  return notInResults(`parameter ${requirement.parameter}`, requirement, didYouMean(requirement.parameter, candidates));
}

function checkRequirement(
  requirement: MetricRequirement,
  measurements: readonly Measurement[],
  own: readonly MetricRequirement[],
): CheckRow[] {
  const ofMetric = measurements.filter((m) => sameName(m.metric.name, requirement.metric));
  const matching =
    requirement.parameter === '*' ? ofMetric : ofMetric.filter((m) => parameterMatches(m, requirement.parameter));
  if (matching.length === 0)
    return [missingRow(requirement, missingMessage(requirement, measurements, own, ofMetric), ofMetric[0])];
  if (requirement.dimension === undefined && requirement.unit === undefined && requirement.statistic !== 'samples') {
    // A limit without a unit is read in the unit the tool printed; two different ones leave it open.
    const printed = [...new Set(matching.map((m) => m.metric.displayUnit))];
    if (printed.length > 1) {
      throw new InputError(
        `the limit on "${requirement.label}" has no unit, and ${requirement.experiment} prints ${matching[0]!.metric.name} in ${printed.map((u) => u || 'no unit').join(' and ')}: write the unit in the column header, e.g. "${requirement.label} [${printed.find((u) => u !== '') ?? matching[0]!.metric.unit}]"`,
        headerPlace(requirement),
      );
    }
  }
  return matching.map((m) => {
    const statistic = requirement.statistic ?? primaryStatistic(m);
    const direction = requirement.direction ?? statisticDirection(statistic, m.metric.direction);
    const value = m.statistics[statistic];
    const shown = shownUnit(m, statistic);
    const limited = checkLimit({ limit: limitInBaseUnit(requirement, m, statistic) }, direction, value ?? NaN);
    const row: CheckRow = {
      check: requirement.label,
      payloadBytes: m.parameter.payloadBytes ?? NaN,
      parameter: m.parameter.label,
      direction,
      unit: shown.unit,
      printedUnit: m.metric.displayUnit,
      ...limited,
      // Shown in the unit that keeps the tool's precision; % over does not depend on the unit.
      requirement: limited.requirement * shown.scale,
      experiment: limited.experiment * shown.scale,
      difference: limited.difference * shown.scale,
    };
    if (value === undefined) {
      row.status = 'failed';
      row.message = `${m.parameter.label}: the results have no ${statistic} of ${m.metric.name} (they have ${Object.keys(m.statistics).join(', ')})`;
    } else if (Number.isNaN(requirement.limit)) {
      row.message = `no ${requirement.label} requirement for ${m.parameter.label}`;
    }
    if (m.place.line !== undefined) row.line = m.place.line;
    return row;
  });
}

/**
 * A `missing` row: in the unit of the metric's other parameters when the experiment has the
 * metric (`shape`), else as the requirements file writes it; never in a default µs.
 */
function missingRow(requirement: MetricRequirement, message: string, shape?: Measurement): CheckRow {
  const payloadBytes = /^\d+$/.test(requirement.parameter) ? Number(requirement.parameter) : NaN;
  const statistic = shape ? (requirement.statistic ?? primaryStatistic(shape)) : undefined;
  const direction =
    requirement.direction ?? (shape ? statisticDirection(statistic!, shape.metric.direction) : undefined);
  let unit: string;
  let limit: number;
  if (shape) {
    const shown = shownUnit(shape, statistic!);
    unit = shown.unit;
    limit = limitInBaseUnit(requirement, shape, statistic!) * shown.scale;
  } else {
    const written = requirement.unit !== undefined ? parseToolUnit(requirement.unit) : undefined;
    unit =
      requirement.unit !== undefined
        ? requirement.unit === 'us'
          ? 'µs'
          : requirement.unit
        : requirement.dimension !== undefined
          ? displayUnit(BASE_UNITS[requirement.dimension], requirement.dimension)
          : '';
    limit = written ? requirement.limit / written.toBase : requirement.limit;
  }
  return {
    check: requirement.label,
    payloadBytes,
    parameter: requirement.parameter,
    ...(direction !== undefined ? { direction } : {}),
    unit,
    ...(shape ? { printedUnit: shape.metric.displayUnit } : {}),
    requirement: limit,
    experiment: NaN,
    difference: NaN,
    percentOver: NaN,
    status: 'missing',
    message,
  };
}

/**
 * The limit in the metric's base unit. A declared unit was converted when the file was read (its
 * dimension must be the metric's); a unit perfgate does not know must be the one the tool printed;
 * no unit means the unit the tool printed (`ns/op` for Go, `s` for pytest-benchmark), as `inspect`
 * shows it. A variance's unit is squared; a sample count has none.
 */
export function limitInBaseUnit(requirement: MetricRequirement, m: Measurement, statistic: StatisticName): number {
  const metric = m.metric;
  if (requirement.dimension !== undefined) {
    if (requirement.dimension !== metric.dimension) {
      throw new InputError(
        `the limit on "${requirement.label}" is in a ${requirement.dimension} unit but ${m.experiment} measures ${metric.name} in ${metric.displayUnit || 'a count'}`,
        cellPlace(requirement),
      );
    }
    // Counts of different things (allocs/op, frames/op) are not one another.
    if (
      requirement.dimension === 'count' &&
      requirement.unit !== undefined &&
      metric.displayUnit !== '' &&
      requirement.unit !== metric.displayUnit
    ) {
      throw new InputError(
        `the limit on "${requirement.label}" is in ${requirement.unit} but ${m.experiment} measures ${metric.name} in ${metric.displayUnit}`,
        headerPlace(requirement),
      );
    }
    return requirement.limit;
  }
  const printed = printedUnit(m);
  if (requirement.unit !== undefined && !(requirement.unit === metric.displayUnit && printed)) {
    throw new InputError(
      `unknown unit "${requirement.unit}" in column "${requirement.label} [${requirement.unit}]"; perfgate reads: ${acceptedUnits()}; or the unit the tool printed for ${metric.name}: ${metric.displayUnit || '(none)'}`,
      headerPlace(requirement),
    );
  }
  if (!printed) {
    throw new InputError(
      `the limit on "${requirement.label}" has no unit, and ${m.experiment} prints ${metric.name} in no unit perfgate can read back: write the unit in the column header, e.g. "${requirement.label} [${metric.unit}]"`,
      headerPlace(requirement),
    );
  }
  if (statistic === 'samples') return requirement.limit;
  return requirement.limit * (statistic === 'variance' ? printed.toBase * printed.toBase : printed.toBase);
}

/**
 * The unit the tool printed a metric in, read back; a count is as printed. Undefined when perfgate cannot read it back.
 */
function printedUnit(m: Measurement): { toBase: number } | undefined {
  const printed = parseToolUnit(m.metric.displayUnit);
  if (printed && printed.dimension === m.metric.dimension) return printed;
  if (m.metric.dimension === 'count') return { toBase: 1 };
  return undefined;
}

function headerPlace(requirement: MetricRequirement): SourcePlace {
  return requirement.headerColumn !== undefined
    ? { file: requirement.file, line: 1, column: requirement.headerColumn }
    : cellPlace(requirement);
}

function cellPlace(requirement: MetricRequirement): SourcePlace {
  return {
    file: requirement.file,
    line: requirement.line,
    ...(requirement.column !== undefined ? { column: requirement.column } : {}),
  };
}

/** Checks one Fast-DDS sub-experiment's summary against reference requirement rows (the reference check). */
export function checkSummary(summary: Summary, requirements: readonly Requirement[]): SubExperimentCheck {
  const own = requirements.filter((r) => r.experimentType === summary.experimentType);
  const [check] = checkMeasurements(
    [resultSetOfSummary(summary, 'fastdds-summary')],
    metricRequirementsOf(own, summary.source),
    { reference: true },
  );
  return check ?? { experimentType: summary.experimentType, source: summary.source, status: 'unchecked', rows: [] };
}

/**
 * Whether a requirement's Parameter names a measurement's parameter: its label (`x` and `×` alike,
 * spaces and case ignored: `4096 B x 16`), or a bare number (`65536`) for the payload size, or for
 * a sweep point labelled by its size (`65536 B × 16`: every buffer count of that size).
 */
export function parameterMatches(m: Measurement, parameter: string): boolean {
  if (m.parameter.label === parameter || normaliseLabel(m.parameter.label) === normaliseLabel(parameter)) return true;
  if (!/^\d+$/.test(parameter)) return false;
  const bytes = Number(parameter);
  if (m.parameter.payloadBytes !== undefined) return m.parameter.payloadBytes === bytes;
  const size = /^(\d+) B\b/.exec(m.parameter.label);
  return size !== null && Number(size[1]) === bytes;
}

function normaliseLabel(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/([\db])\s*[x×]\s*(?=\d)/g, '$1 × ')
    .replace(/\s+/g, ' ');
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
