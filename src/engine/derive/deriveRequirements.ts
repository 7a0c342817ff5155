import { csvText } from '../report/csvText.js';
import { CHECKED_MAGNITUDES, MAGNITUDE_FIELDS, type CheckedMagnitude } from '../model/requirement.js';
import type { Summary } from '../model/summary.js';
import { formatFixed3 } from '../numeric/formatFixed.js';
import { REQUIREMENTS_HEADER } from '../formats/requirementsCsv.js';
import { deriveLimitValues, type DeriveMethod, type LimitBasis } from './method.js';
import { marginNote, rowNote } from './notes.js';

/** One run of the benchmark: its folder name and the summaries in it (sorted file names). */
export interface Run {
  name: string;
  summaries: Summary[];
}

export interface DerivedRequirement {
  experimentType: string;
  payloadBytes: number;
  limits: Record<CheckedMagnitude, number>;
  /** How many runs had a value for this payload. */
  runs: number;
  /** How each limit was set (see LimitBasis). */
  bases: Record<CheckedMagnitude, LimitBasis>;
}

/**
 * `latency_determine_requirements.py` (spec §5): for each sub-experiment (order of first
 * encounter over sorted runs and files) and payload (order of first appearance), a ceiling on
 * each run's Median, 99% and Max. With the percentile method at 99 and margin 0 each limit is the
 * reference's linear percentile across runs, byte for byte; by default the prediction bound.
 */
export function deriveRequirements(
  runs: readonly Run[],
  method: DeriveMethod,
): { requirements: DerivedRequirement[]; perLimitConfidence?: number } {
  const byType = new Map<string, Map<number, Record<CheckedMagnitude, number[]>>>();
  for (const run of runs) {
    for (const summary of run.summaries) {
      let payloads = byType.get(summary.experimentType);
      if (!payloads) byType.set(summary.experimentType, (payloads = new Map()));
      for (const p of summary.payloads) {
        let values = payloads.get(p.payloadBytes);
        if (!values) payloads.set(p.payloadBytes, (values = { Median: [], '99%': [], Max: [] }));
        for (const m of CHECKED_MAGNITUDES) values[m].push(p[MAGNITUDE_FIELDS[m]]);
      }
    }
  }
  const rows = [...byType].flatMap(([experimentType, payloads]) =>
    [...payloads].map(([payloadBytes, values]) => ({ experimentType, payloadBytes, values })),
  );
  const derived = deriveLimitValues(
    rows.flatMap(({ values }) =>
      CHECKED_MAGNITUDES.map((m) => ({ values: values[m], direction: 'lower-is-better' as const })),
    ),
    method,
  );
  const requirements = rows.map(({ experimentType, payloadBytes, values }, row): DerivedRequirement => {
    const limits = {} as Record<CheckedMagnitude, number>;
    const bases = {} as Record<CheckedMagnitude, LimitBasis>;
    CHECKED_MAGNITUDES.forEach((m, i) => {
      const { limit, basis } = derived.values[row * CHECKED_MAGNITUDES.length + i]!;
      limits[m] = limit;
      bases[m] = basis;
    });
    return { experimentType, payloadBytes, limits, runs: values.Median.length, bases };
  });
  return derived.perLimitConfidence !== undefined
    ? { requirements, perLimitConfidence: derived.perLimitConfidence }
    : { requirements };
}

/**
 * One requirement row's limits with their margins: `interprocess_best_effort, 16 B (5 runs): Median +45.0 % (sd 9.9 %);
 * …`.
 */
export function requirementRowNote(r: DerivedRequirement, floorMargin: number): string {
  return rowNote(
    r.experimentType,
    `${r.payloadBytes} B`,
    CHECKED_MAGNITUDES.map(() => r.runs),
    CHECKED_MAGNITUDES.map((m) => `${m} ${marginNote(r.bases[m], floorMargin, 'us')}`),
  );
}

/**
 * The requirements CSV as the reference writes it (`to_csv(float_format='%.3f')`), with no
 * comment lines: the reference check reads it with pandas, which would take one for the header.
 */
export function renderRequirementsCsv(requirements: readonly DerivedRequirement[]): string {
  let out = REQUIREMENTS_HEADER + '\n';
  for (const r of requirements) {
    out += `${csvText(r.experimentType)},${r.payloadBytes},${CHECKED_MAGNITUDES.map((m) => (Number.isNaN(r.limits[m]) ? '' : formatFixed3(r.limits[m]))).join(',')}\n`;
  }
  return out;
}
