/**
 * M4 reduction of a time series (Jugel, Jerzak, Hackenbroich, Markl: "M4: A Visualization-Oriented
 * Time Series Data Aggregation", VLDB 2014). Drawn as a line `columns` pixels wide, the samples that
 * fall into one pixel column can only show as the column's first and last sample (where the line
 * enters and leaves it) and its lowest and highest sample (how far it reaches): keeping those four
 * per column, in order, draws the same line as the whole series. Pure: no I/O, no rendering.
 */

/** A kept sample: its 1-based index in the series (the x of a time-series chart) and its value. */
export interface IndexedSample {
  x: number;
  y: number;
}

/**
 * The M4 reduction of `samples` (x = 1-based index, y = value) for a plot `columns` pixels wide
 * whose x scale spans the first to the last sample, as the series charts draw it. Non-finite samples
 * are not drawn and are skipped. A series of at most 4 × columns samples is returned whole: it
 * cannot be reduced. Otherwise each column keeps its first, lowest, highest and last finite sample,
 * each once, in index order; a 1-sample spike is always one of them.
 */
export function m4(samples: ArrayLike<number>, columns: number): IndexedSample[] {
  const n = samples.length;
  const out: IndexedSample[] = [];
  if (n <= 4 * columns || n < 2) {
    for (let i = 0; i < n; i++) {
      const y = samples[i]!;
      if (Number.isFinite(y)) out.push({ x: i + 1, y });
    }
    return out;
  }
  // x runs from 1 to n across the plot: sample i (0-based) is at pixel (i / (n - 1)) * columns, computed
  // as a linear scale computes it (d3: range × (x − x₀) / (x₁ − x₀)), so a sample on a column's edge
  // falls where the renderer puts it; the last sample is clamped into the last column.
  const span = n - 1;
  const columnOf = (index: number) => Math.min(columns - 1, Math.floor((index / span) * columns));
  let i = 0;
  while (i < n) {
    const column = columnOf(i);
    let first = -1;
    let last = -1;
    let lo = -1;
    let hi = -1;
    for (; i < n && columnOf(i) === column; i++) {
      const v = samples[i]!;
      if (!Number.isFinite(v)) continue;
      if (first < 0) first = i;
      last = i;
      if (lo < 0 || v < samples[lo]!) lo = i;
      if (hi < 0 || v > samples[hi]!) hi = i;
    }
    if (first < 0) continue;
    const kept = [first, lo, hi, last].sort((a, b) => a - b);
    for (let k = 0; k < kept.length; k++) {
      if (k > 0 && kept[k] === kept[k - 1]) continue;
      out.push({ x: kept[k]! + 1, y: samples[kept[k]!]! });
    }
  }
  return out;
}
