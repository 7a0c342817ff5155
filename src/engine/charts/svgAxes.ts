/**
 * The axes of a value panel: where each value goes and which ticks are labelled, on payload (log₂),
 * linear, log₁₀ and category scales.
 */
import { formatBytes, payloadDomain, payloadTicks } from './payloadAxis.js';
import type { Panel } from './model.js';
import { formatLogTick, formatTick, linearTicks, logDomain, logTicks, niceDomain, spread, tickStep } from './scales.js';
import { truncateText } from './textWidth.js';
import {
  CATEGORY_LABEL_LIMIT,
  H,
  LABEL_SIZE,
  MIN_LABEL_SPACING,
  minMax,
  SIN45,
  thinCentred,
  W,
  type Tick,
  type Axis,
} from './svgParts.js';

function numericXs(p: Panel): number[] {
  const xs: number[] = [];
  for (const s of p.series)
    for (const q of s.points) {
      if (typeof q.x === 'number' && Number.isFinite(q.x)) xs.push(q.x);
      if (q.x2 !== undefined && Number.isFinite(q.x2)) xs.push(q.x2);
    }
  return xs;
}

export function xAxis(p: Panel): Axis {
  const x = p.x;
  if (x.kind === 'category') {
    const index = new Map(x.categories.map((c, k) => [c, k]));
    const step = W / Math.max(1, x.categories.length);
    const at = (k: number) => step * (k + 0.5);
    // Rotated labels are parallel: they collide when their baselines are closer than a line.
    const every = Math.max(1, Math.ceil((LABEL_SIZE + 1) / (step * SIN45)));
    return {
      map: (v) => {
        const k = index.get(String(v));
        return k === undefined ? undefined : at(k);
      },
      grid: x.categories.map((_, k) => at(k)),
      labels: x.categories.flatMap((c, k) =>
        k % every === 0 ? [{ at: at(k), label: truncateText(c, LABEL_SIZE, CATEGORY_LABEL_LIMIT) }] : [],
      ),
    };
  }
  const xs = numericXs(p);
  if (x.kind === 'payload') {
    const positive = xs.filter((v) => v > 0);
    let [lo, hi] = payloadDomain(positive) ?? [1, 2];
    if (lo === hi) [lo, hi] = [lo / 2, hi * 2];
    const l0 = Math.log2(lo);
    const span = Math.log2(hi) - l0;
    const map = (v: number) => (W * (Math.log2(v) - l0)) / span;
    const ticks = payloadTicks(positive).filter((t) => t >= lo && t <= hi);
    return {
      map: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? map(v) : undefined),
      grid: ticks.map(map),
      labels: thinCentred(
        ticks.map((t) => ({ at: map(t), label: formatBytes(t) })),
        LABEL_SIZE,
      ),
    };
  }
  const [lo, hi] = spread(...(minMax(xs) ?? [0, 1]));
  const map = (v: number) => (W * (v - lo)) / (hi - lo);
  // As many ticks as fit: about one per 40 units, fewer while their labels would touch.
  let values: number[] = [];
  let labels: Tick[] = [];
  for (let count = Math.ceil(W / 40); count >= 1; count = Math.min(count - 1, Math.floor(count * 0.75))) {
    values = linearTicks(lo, hi, count);
    const step = tickStep(lo, hi, count);
    const all = values.map((v) => ({ at: map(v), label: formatTick(v, step) }));
    labels = thinCentred(all, LABEL_SIZE);
    if (labels.length === all.length) break;
  }
  return {
    map: (v) => (typeof v === 'number' && Number.isFinite(v) ? map(v) : undefined),
    grid: values.map(map),
    labels,
  };
}

export function yAxis(p: Panel): Axis {
  // The domain the model asks for (a band, a limit, a least relative range) is spanned like the points.
  const ys = [...p.series.flatMap((s) => s.points.map((q) => q.y)), ...(p.y.domain ?? [])].filter((v) =>
    Number.isFinite(v),
  );
  if (p.y.log) {
    const positive = ys.filter((v) => v > 0);
    const [lo, hi] = logDomain(...(minMax(positive) ?? [1, 10]));
    const l0 = Math.log10(lo);
    const span = Math.log10(hi) - l0;
    const map = (v: number) => H - (H * (Math.log10(v) - l0)) / span;
    let ticks = logTicks(lo, hi, [1]);
    // The most labels whose baselines stay MIN_LABEL_SPACING apart: 1, 2, 5 × 10ᵏ, then fewer.
    const tries: [number[], number][] = [
      [[1, 2, 5], 1],
      [[1, 2], 1],
      [[1], 1],
      [[1], 2],
      [[1], 3],
      [[1], 5],
      [[1], 10],
    ];
    for (const [multiples, decadeStep] of tries) {
      ticks = logTicks(lo, hi, multiples, decadeStep);
      const at = ticks.labels.map(map);
      if (at.every((y, k) => k === 0 || at[k - 1]! - y >= MIN_LABEL_SPACING)) break;
    }
    return {
      map: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? map(v) : undefined),
      grid: ticks.grid.map(map),
      labels: ticks.labels.map((v) => ({ at: map(v), label: formatLogTick(v) })),
    };
  }
  const range = minMax(p.mark === 'bar' ? [0, ...ys] : ys) ?? [0, 1];
  const count = Math.ceil(H / 40);
  const [lo, hi] = niceDomain(...spread(...range), count);
  const map = (v: number) => H - (H * (v - lo)) / (hi - lo);
  const values = linearTicks(lo, hi, count);
  const step = tickStep(lo, hi, count);
  return {
    map: (v) => (typeof v === 'number' && Number.isFinite(v) ? map(v) : undefined),
    grid: values.map(map),
    labels: values.map((v) => ({ at: map(v), label: formatTick(v, step) })),
  };
}
