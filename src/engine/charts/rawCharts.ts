/**
 * Charts of a file's raw samples: per payload a histogram and the time series, reduced (M4) to what
 * a panel can show.
 */
import { EXPERIMENT_BLUE } from './palette.js';
import { bodyHistogram, type HistogramTail } from './histogram.js';
import { m4 } from './m4.js';
import { PANEL_WIDTH, safeFileStem, type Chart, type Point } from './model.js';
import { LATENCY_UNIT, panel, withUnit } from './panels.js';
import type { RawSamples, ReducedRaw } from './sources.js';

export const HISTOGRAM_BINS = 100;

/**
 * What the charts keep of a file's raw samples: per payload its histogram (HISTOGRAM_BINS bins) and
 * its series reduced to what a panel PANEL_WIDTH pixels wide can show (M4). The samples themselves
 * can be dropped afterwards: a run with charts never has to hold every file's samples at once.
 */
export function reduceRaw({ experimentType, source, raw }: RawSamples): ReducedRaw {
  return {
    experimentType,
    ...(source !== undefined ? { source } : {}),
    groups: raw.groups.map((g) => {
      const { points, tail } = histogram(g.latencies, HISTOGRAM_BINS);
      return {
        payloadBytes: g.payloadBytes,
        samples: g.latencies.length,
        histogram: points,
        ...(tail ? { tail } : {}),
        series: m4(g.latencies, PANEL_WIDTH),
      };
    }),
  };
}

/** `12 over 812.3 µs (0.1 %) not drawn; max 5022 µs`: what a clipped histogram leaves out. */
function tailNote(tail: HistogramTail, samples: number): string {
  const share = (100 * tail.count) / samples;
  // Four significant digits, rounded so the sentence stays true: down for the cut, up for the max.
  const digits = (v: number, round: (x: number) => number) => {
    const scale = 10 ** (Math.floor(Math.log10(Math.abs(v) || 1)) - 3);
    return String(Number((round(v / scale) * scale).toPrecision(4)));
  };
  // Short enough to fit over a panel (vega sizes the layout by an estimate of 0.8 em a character).
  return `${tail.count} over ${digits(tail.above, Math.floor)} ${LATENCY_UNIT} (${share < 0.1 ? share.toPrecision(1) : share.toFixed(1)} %) not drawn; max ${digits(tail.max, Math.ceil)} ${LATENCY_UNIT}`;
}

/** Histogram (100 bins, as the reference) and time series of every payload's raw samples. */
export function rawCharts(source: RawSamples | ReducedRaw): Chart[] {
  const { experimentType, groups, source: file } = 'raw' in source ? reduceRaw(source) : source;
  if (groups.length === 0) return [];
  const latency = withUnit('Latency', LATENCY_UNIT);
  const histogramPanels = groups.map((g) => ({
    ...panel(
      `Latency Histogram - ${g.payloadBytes} Bytes`,
      { kind: 'linear', title: latency },
      'Number of occurrences',
      '',
      [{ name: 'samples', color: EXPERIMENT_BLUE, points: g.histogram }],
      'bar',
      false,
    ),
    ...(g.tail ? { subtitle: tailNote(g.tail, g.samples) } : {}),
  }));
  // The raw samples are always this run's results (a baseline is read as summaries).
  const of = `${experimentType}, results${file !== undefined ? ` (${file})` : ''}`;
  const reduced = groups.some((g) => g.series.length < g.samples);
  const seriesPanels = groups.map((g) =>
    panel(
      `Latency Series - ${g.payloadBytes} Bytes`,
      { kind: 'linear', title: 'Sample' },
      latency,
      LATENCY_UNIT,
      [{ name: 'latency', color: EXPERIMENT_BLUE, points: g.series }],
      'line',
      false,
    ),
  );
  const stem = safeFileStem(experimentType);
  return [
    {
      id: `histogram-${stem}`,
      kind: 'histogram',
      title: `Latency histograms ${of}`,
      experiment: experimentType,
      panels: histogramPanels,
      columns: 3,
      inline: false,
    },
    {
      id: `series-${stem}`,
      kind: 'series',
      title: `Latency series ${of}`,
      experiment: experimentType,
      panels: seriesPanels,
      columns: 3,
      inline: false,
      ...(reduced
        ? {
            note: `Series longer than their plot is wide show, per pixel column, the first, last, lowest and highest sample (M4): the line the whole series draws.`,
          }
        : {}),
    },
  ];
}

/**
 * The histogram of `samples` as bar points (x = bin start, x2 = bin end, y = count), over the body
 * of the distribution, with the tail it leaves out (histogram.ts).
 */
export function histogram(samples: Float64Array, bins: number): { points: Point[]; tail?: HistogramTail } {
  const body = bodyHistogram(samples, bins);
  return {
    points: body.bins.map((b) => ({ x: b.start, x2: b.end, y: b.count })),
    ...(body.tail ? { tail: body.tail } : {}),
  };
}
