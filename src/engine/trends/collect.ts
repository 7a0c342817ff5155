/**
 * The series of a history, gathered run by run (issue 47): each run's measurements, or an archive month's columns, are
 * folded into one line of values per experiment × parameter × metric × statistic as they are read, and then dropped.
 * So a year of a 10,000-benchmark suite (365 archived runs and the window's records) is held as one number per series
 * and run, never as a measurement object per run. The runs may be folded in any order: the series come out in the
 * order a reading of the runs oldest first meets them (run, then place in the run), described by the first of them.
 */
import type { ArchiveMonth } from '../history/archive.js';
import { measurementOfHistory } from '../history/record.js';
import { isExactCount } from '../compare/exactCounts.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import { metricRole, primaryStatistic, shownUnit, statisticDirection } from '../model/statisticRules.js';
import { seriesNames, type TrendSeriesName } from './seriesName.js';
import type { ParameterWeight } from './weighted.js';

export interface Collected extends TrendSeriesName {
  unit: string;
  scale: number;
  direction: Direction;
  payloadBytes?: number;
  /** Per run: the value; NaN (or undefined) where the run has none. */
  values: ArrayLike<number | undefined>;
  /** Per run: the repetitions the value pooled; absent where every run has 1. */
  repetitions?: ArrayLike<number>;
  weights?: ParameterWeight[];
  /** An exact count's: what counted each run's value. */
  instruments?: (string | undefined)[];
  /** The primary count (Metric.kind `count`: instructions), stepped at the count threshold; other counts at the time's. */
  primaryCount?: true;
}

interface Gathered extends Collected {
  values: Float64Array;
  repetitions?: Float64Array;
  /** Where the series was first met: its run, and its place in that run. */
  firstRun: number;
  firstPlace: number;
}

/** The measurements of an experiment in the newest run that has it (a dashboard checks them against requirements). */
export interface LatestOfExperiment {
  run: number;
  measurements: Measurement[];
}

export class TrendCollector {
  private readonly byKey = new Map<string, Gathered>();
  /** Per experiment: the newest run that has it, and its measurements of that run. */
  readonly latest = new Map<string, LatestOfExperiment>();

  /** With `allMetrics`, every metric's series; else the primary metrics' only, as the gate judges them. */
  constructor(
    readonly runCount: number,
    private readonly statistics?: readonly StatisticName[],
    private readonly allMetrics = false,
  ) {}

  /** A run's measurements (run `r` of the history, oldest first). */
  addRun(r: number, measurements: readonly Measurement[]): void {
    const width = this.statistics?.length ?? 1;
    measurements.forEach((m, i) => {
      this.noteLatest(r, m);
      if (!this.followed(m)) return;
      (this.statistics ?? [primaryStatistic(m)]).forEach((statistic, j) => {
        const value = m.statistics[statistic];
        if (value === undefined) return;
        this.set(this.seriesOf(m, statistic, r, i * width + j), r, value, m);
      });
    });
  }

  /**
   * An archive month's runs, `runIndex[k]` the history's index of its run k (undefined: not read, beyond the window or
   * a run the window's records hold). Each series is described once, not once per run.
   */
  addMonth(month: ArchiveMonth, runIndex: readonly (number | undefined)[], source: string): void {
    const width = this.statistics?.length ?? 1;
    month.series.forEach((stored, k) => {
      const template = measurementOfHistory(stored, source);
      const row = month.values[k]!;
      const followed = this.followed(template);
      const wanted = this.statistics ?? [primaryStatistic(template)];
      let newest = -1;
      let oldest = -1;
      for (let r = 0; r < row.length; r++) {
        const at = runIndex[r];
        const value = row[r];
        if (at === undefined || value === null || value === undefined) continue;
        if (newest < 0 || at > runIndex[newest]!) newest = r;
        if (oldest < 0 || at < runIndex[oldest]!) oldest = r;
      }
      // Each series looked up once a month, at its oldest run there (which describes it if no earlier run has),
      // not once a run: the same series, and one JSON key a month instead of one a value.
      if (followed && oldest >= 0)
        wanted.forEach((statistic, j) => {
          if (template.statistics[statistic] === undefined) return;
          const series = this.seriesOf(template, statistic, runIndex[oldest]!, k * width + j);
          for (let r = 0; r < row.length; r++) {
            const at = runIndex[r];
            const value = row[r];
            if (at !== undefined && value !== null && value !== undefined) this.set(series, at, value, template);
          }
        });
      if (newest >= 0) {
        const [statistic] = Object.keys(template.statistics) as StatisticName[];
        this.noteLatest(runIndex[newest]!, { ...template, statistics: { [statistic!]: row[newest]! } });
      }
    });
  }

  /** The series, in the order a reading of the runs oldest first meets them. */
  series(): Collected[] {
    return [...this.byKey.values()].sort((a, b) => a.firstRun - b.firstRun || a.firstPlace - b.firstPlace);
  }

  /** Whether a measurement's metric has series here (the requirements' latest values keep every metric). */
  private followed(m: Measurement): boolean {
    return this.allMetrics || metricRole(m.metric) === 'primary';
  }

  private noteLatest(r: number, m: Measurement): void {
    const held = this.latest.get(m.experiment);
    if (!held || r > held.run) this.latest.set(m.experiment, { run: r, measurements: [m] });
    else if (r === held.run) held.measurements.push(m);
  }

  private seriesOf(m: Measurement, statistic: StatisticName, r: number, place: number): Gathered {
    const name: TrendSeriesName = {
      experiment: m.experiment,
      parameter: m.parameter.label,
      metric: m.metric.name,
      statistic,
    };
    const key = JSON.stringify(seriesNames(name));
    const held = this.byKey.get(key);
    if (held && (held.firstRun < r || (held.firstRun === r && held.firstPlace <= place))) return held;
    // Described by the measurement a reading oldest first meets first.
    const shown = shownUnit(m, statistic);
    const described: Gathered = {
      ...name,
      unit: shown.unit,
      scale: shown.scale,
      direction: statisticDirection(statistic, m.metric.direction),
      ...(m.parameter.payloadBytes !== undefined ? { payloadBytes: m.parameter.payloadBytes } : {}),
      values: held?.values ?? new Float64Array(this.runCount).fill(NaN),
      ...(held?.repetitions ? { repetitions: held.repetitions } : {}),
      ...(held?.instruments ? { instruments: held.instruments } : {}),
      ...(held?.primaryCount ? { primaryCount: true as const } : {}),
      firstRun: r,
      firstPlace: place,
    };
    this.byKey.set(key, described);
    return described;
  }

  private set(s: Gathered, r: number, value: number, m: Measurement): void {
    s.values[r] = value;
    const repetitions = m.repetitions ?? 1;
    if (repetitions !== 1 || s.repetitions)
      (s.repetitions ??= new Float64Array(this.runCount).fill(1))[r] = repetitions;
    if (isExactCount(m.metric)) {
      (s.instruments ??= [])[r] = m.metric.instrument;
      if (m.metric.kind === 'count') s.primaryCount = true;
    }
  }
}
