/**
 * Rows whose two sides were counted by different instruments (ComparisonRow.instruments: another Valgrind version,
 * another tool, another simulated cache, a multiplexed perf counter): their counts are not comparable, so they are reported, never gated, and
 * the report says so once per pair of instruments, naming both.
 */
import type { ComparisonRow } from './rows.js';

/** One warning per pair of instruments, naming both and the metrics and benchmarks it touched, in row order. */
export function incomparableWarnings(rows: readonly ComparisonRow[]): string[] {
  const pairs = new Map<string, { reference: string; result: string; metrics: string[]; benchmarks: string[] }>();
  for (const row of rows) {
    if (row.instruments === undefined) continue;
    const key = `${row.instruments.reference}\u0000${row.instruments.result}`;
    let pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, (pair = { ...row.instruments, metrics: [], benchmarks: [] }));
    if (!pair.metrics.includes(row.metric)) pair.metrics.push(row.metric);
    const benchmark = row.parameter === '' ? row.experimentType : `${row.experimentType} (${row.parameter})`;
    if (!pair.benchmarks.includes(benchmark)) pair.benchmarks.push(benchmark);
  }
  return [...pairs.values()].map(
    (pair) =>
      `Not comparable: ${listed(pair.metrics)} of ${listed(pair.benchmarks)} ${pair.metrics.length === 1 ? 'was' : 'were'} counted by ` +
      `"${pair.reference}" in the reference and by "${pair.result}" in the results; another tool, version, cache ` +
      'configuration or counting mode counts otherwise, so these rows are reported, not gated.',
  );
}

/** The first five names and how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 5);
  const more = names.length - shown.length;
  const text = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
  return more > 0 ? `${shown.join(', ')} and ${more} more` : text;
}
