import { csvText } from '../report/csvText.js';
import { CHECKED_MAGNITUDES, MAGNITUDE_FIELDS, type CheckedMagnitude } from '../model/requirement.js';
import type { Summary } from '../model/summary.js';
import { formatFixed3 } from '../numeric/formatFixed.js';
import { percentileOfSorted } from '../numeric/numpy.js';
import { REQUIREMENTS_HEADER } from '../formats/requirementsCsv.js';

/** One run of the benchmark: its folder name and the summaries in it (sorted file names). */
export interface Run {
  name: string;
  summaries: Summary[];
}

export interface DeriveOptions {
  /** Percentile across runs (the reference uses 99, linear interpolation). */
  percentile: number;
  /** Relative safety margin added on top: 0.1 makes every limit 10 % higher. */
  margin: number;
}

export interface DerivedRequirement {
  experimentType: string;
  payloadBytes: number;
  limits: Record<CheckedMagnitude, number>;
  /** How many runs had a value for this payload. */
  runs: number;
}

/**
 * `latency_determine_requirements.py` (spec §5): for each sub-experiment (order of first
 * encounter over sorted runs and files) and payload (order of first appearance), each limit is
 * the linear percentile across runs of that run's Median, 99% and Max.
 */
export function deriveRequirements(runs: readonly Run[], options: DeriveOptions): DerivedRequirement[] {
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
  const derived: DerivedRequirement[] = [];
  for (const [experimentType, payloads] of byType) {
    for (const [payloadBytes, values] of payloads) {
      const limits = {} as Record<CheckedMagnitude, number>;
      for (const m of CHECKED_MAGNITUDES) {
        // np.percentile is NaN as soon as one value is NaN (an empty cell in some run).
        const limit = values[m].some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values[m]).sort(), options.percentile);
        limits[m] = options.margin === 0 ? limit : limit * (1 + options.margin);
      }
      derived.push({ experimentType, payloadBytes, limits, runs: values.Median.length });
    }
  }
  return derived;
}

/** The requirements CSV as the reference writes it (`to_csv(float_format='%.3f')`). */
export function renderRequirementsCsv(requirements: readonly DerivedRequirement[]): string {
  let out = REQUIREMENTS_HEADER + '\n';
  for (const r of requirements) {
    out += `${csvText(r.experimentType)},${r.payloadBytes},${CHECKED_MAGNITUDES.map((m) => (Number.isNaN(r.limits[m]) ? '' : formatFixed3(r.limits[m]))).join(',')}\n`;
  }
  return out;
}
