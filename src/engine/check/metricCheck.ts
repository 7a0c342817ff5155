import { InputError } from '../errors.js';
import type { Direction, Measurement, ResultSet, StatisticName } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';
import { BASE_UNITS, parseUnit } from '../model/units.js';
import { checkLimit, rowFailed, type CheckRow, type SubExperimentCheck } from './checkRow.js';
import { checkReferenceRequirement } from './check.js';
import { resultSetOfSummary } from '../formats/fastddsMeasurements.js';
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
 */
export function checkMeasurements(resultSets: readonly ResultSet[], requirements: readonly MetricRequirement[], options: CheckOptions = {}): SubExperimentCheck[] {
  const experiments = new Map<string, { source: string; measurements: Measurement[] }>();
  for (const set of resultSets) {
    for (const m of set.measurements) {
      let entry = experiments.get(m.experiment);
      // An experiment spread over several files (one per payload, say) is one sub-experiment.
      if (!entry) experiments.set(m.experiment, (entry = { source: set.file, measurements: [] }));
      entry.measurements.push(m);
    }
  }
  const checks: SubExperimentCheck[] = [];
  for (const [experiment, { source, measurements }] of experiments) {
    const own = requirements.filter((r) => r.experiment === experiment);
    if (own.length === 0) {
      checks.push({ experimentType: experiment, source, status: 'unchecked', rows: [] });
      continue;
    }
    const rows: CheckRow[] = [];
    for (const requirement of own) rows.push(...(options.reference ? checkReferenceRequirement(requirement, measurements) : checkRequirement(requirement, measurements)));
    checks.push({ experimentType: experiment, source, status: rows.some(rowFailed) ? 'failed' : 'passed', rows });
  }
  return checks;
}

function checkRequirement(requirement: MetricRequirement, measurements: readonly Measurement[]): CheckRow[] {
  const ofMetric = measurements.filter((m) => sameName(m.metric.name, requirement.metric));
  const matching = requirement.parameter === '*' ? ofMetric : ofMetric.filter((m) => parameterMatches(m, requirement.parameter));
  if (matching.length === 0) {
    const payloadBytes = /^\d+$/.test(requirement.parameter) ? Number(requirement.parameter) : NaN;
    const known = [...new Set(measurements.map((m) => m.metric.name))];
    const what = ofMetric.length === 0 ? `metric "${requirement.metric}" (the results have: ${known.join(', ') || 'none'})` : `parameter ${requirement.parameter}`;
    // The limit's own unit (the metric's, when other parameters have it), never a default µs.
    const shape = ofMetric[0];
    const unit = shape ? shownUnit(shape, requirement.statistic ?? primaryStatistic(shape)) : undefined;
    const direction = requirement.direction ?? (shape ? statisticDirection(requirement.statistic ?? primaryStatistic(shape), shape.metric.direction) : undefined);
    return [
      {
        check: requirement.label,
        payloadBytes,
        parameter: requirement.parameter,
        ...(direction !== undefined ? { direction } : {}),
        unit: unit ? unit.unit : requirement.dimension !== undefined ? displayUnit(BASE_UNITS[requirement.dimension], requirement.dimension) : '',
        requirement: requirement.limit * (unit ? unit.scale : 1),
        experiment: NaN,
        difference: NaN,
        percentOver: NaN,
        status: 'missing',
        message: `${what} is required but not in the results`,
      },
    ];
  }
  return matching.map((m) => {
    if (requirement.dimension !== undefined && requirement.dimension !== m.metric.dimension) {
      throw new InputError(
        `the limit on "${requirement.label}" is in a ${requirement.dimension} unit but ${m.experiment} measures ${m.metric.name} in ${m.metric.displayUnit || 'a count'}`,
        { file: requirement.file, line: requirement.line, ...(requirement.column !== undefined ? { column: requirement.column } : {}) },
      );
    }
    const statistic = requirement.statistic ?? primaryStatistic(m);
    const direction = requirement.direction ?? statisticDirection(statistic, m.metric.direction);
    const value = m.statistics[statistic];
    const shown = shownUnit(m, statistic);
    const limited = checkLimit(requirement, direction, value ?? NaN);
    const row: CheckRow = {
      check: requirement.label,
      payloadBytes: m.parameter.payloadBytes ?? NaN,
      parameter: m.parameter.label,
      direction,
      unit: shown.unit,
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

/** Checks one Fast-DDS sub-experiment's summary against reference requirement rows (the reference check). */
export function checkSummary(summary: Summary, requirements: readonly Requirement[]): SubExperimentCheck {
  const own = requirements.filter((r) => r.experimentType === summary.experimentType);
  const [check] = checkMeasurements([resultSetOfSummary(summary, 'fastdds-summary')], metricRequirementsOf(own, summary.source), { reference: true });
  return check ?? { experimentType: summary.experimentType, source: summary.source, status: 'unchecked', rows: [] };
}

/** The statistic a limit without one applies to: the single value, else the median, else the mean. */
export function primaryStatistic(m: Measurement): StatisticName {
  for (const s of ['value', 'median', 'mean'] as const) if (m.statistics[s] !== undefined) return s;
  return 'value';
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

/**
 * Which way is worse for a statistic of a metric: spreads (standard deviation, variance, jitter)
 * are worse when larger, whatever the metric's own direction; every other statistic follows the metric.
 */
export function statisticDirection(statistic: StatisticName, metricDirection: Direction): Direction {
  return SPREADS.includes(statistic) ? 'lower-is-better' : metricDirection;
}
const SPREADS: readonly StatisticName[] = ['stdev', 'variance', 'jitter', 'maxJitter'];

/**
 * The unit a statistic is reported in, and the factor from the stored base unit to it. Values stay
 * in the base unit unless the tool printed a smaller unit of the same dimension (Google Benchmark's
 * ns, B/s), which keeps their digits (10.3 ns, not 0.010 µs). A sample count has no unit; a
 * variance is in the unit squared.
 */
export function shownUnit(m: Measurement, statistic: StatisticName): { unit: string; scale: number } {
  if (statistic === 'samples') return { unit: '', scale: 1 };
  let unit = displayUnit(m.metric.unit, m.metric.dimension);
  let scale = 1;
  const printed = parseUnit(m.metric.displayUnit);
  if (printed && printed.dimension === m.metric.dimension && printed.toBase < 1) {
    unit = printed.symbol === 'us' || printed.symbol === 'μs' ? 'µs' : printed.symbol;
    scale = 1 / printed.toBase;
  }
  if (statistic === 'variance') return { unit: unit === '' ? '' : `(${unit})²`, scale: scale * scale };
  return { unit, scale };
}

/** `us` is shown as µs; a count has no unit. */
export function displayUnit(unit: string, dimension: keyof typeof BASE_UNITS): string {
  return dimension === 'time' && unit === 'us' ? 'µs' : unit;
}
