/**
 * How a comparison's rows are named in Markdown: the reference's payload layout or the general one, and a benchmark's
 * name in one cell. Shared by the comparison's tables and the acceptance section.
 */
import type { ComparisonRow } from '../../compare/compare.js';
import { escapeMarkdown } from '../escape.js';

/**
 * The reference's layout (sub-experiment, payload, magnitude; values in µs) when every row is a
 * latency per payload size; otherwise one with parameter, metric and unit.
 */
export function payloadLayout(rows: readonly ComparisonRow[]): boolean {
  return rows.every(
    (r) =>
      r.metric === 'latency' &&
      r.unit === 'µs' &&
      (r.pooled || (Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes))),
  );
}

/** A benchmark's name in one cell: the experiment and its parameter (`geomean` for a pooled row). */
export function benchmarkCell(r: ComparisonRow, general: boolean): string {
  const parameter = r.pooled ? 'geomean' : general ? r.parameter : `${r.payloadBytes} B`;
  return escapeMarkdown(parameter === '' ? r.experimentType : `${r.experimentType} ${parameter}`);
}
