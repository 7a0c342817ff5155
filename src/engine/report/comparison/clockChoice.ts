/**
 * Which time decided, where a tool reports each benchmark's time on two clocks (Metric.clock: Google Benchmark's real
 * and CPU time, hyperfine's wall and user/system time), and why (docs/statistics.md, "Which time decides"): the report
 * model's data (`clockChoices`, built once from the rows) and its words (`clockSentence`, which every renderer uses and
 * none recomputes).
 */
import { isSuiteRow } from '../../compare/heldBack.js';
import type { ComparisonRow } from '../../compare/rows.js';
import type { TimeClock } from '../../model/measurement.js';
import { changeRangeText } from '../change.js';
import { shownEvidence } from './shownEvidence.js';

/** One reason a time decided, over the benchmarks it decided for. */
export interface ClockChoice {
  /** The metric that decided (`cpu time`) and the ones reported beside it (`real time`), as the rows name them. */
  decides: string;
  beside: string[];
  because: NonNullable<TimeClock['decides']>;
  /** The gated rows (benchmarks) it decided. */
  benchmarks: number;
  /**
   * Where the rows have a history's noise band: the median over those benchmarks of the band's lower and upper end, of
   * the deciding time and of the time beside it (the one whose bands are widest, where several are).
   */
  band?: { decides: Band; beside: Band };
}

interface Band {
  lower: number;
  upper: number;
}

/** The choices of the rows' times, one per deciding metric and reason, in the rows' order. */
export function clockChoices(rows: readonly ComparisonRow[]): ClockChoice[] {
  // By benchmark (experiment × parameter): each is counted once, whatever statistics are gated.
  const byBenchmark = new Map<string, ComparisonRow[]>();
  for (const r of rows) {
    if (r.clock === undefined || r.pooled || isSuiteRow(r)) continue;
    const key = `${r.experimentType}\u0000${r.parameter}`;
    byBenchmark.set(key, [...(byBenchmark.get(key) ?? []), r]);
  }
  const choices = new Map<string, { choice: ClockChoice; bands: Band[][] }>();
  for (const group of byBenchmark.values()) {
    const deciding = group.find((r) => r.gated && r.clock?.decides !== undefined);
    const because = deciding?.clock?.decides;
    if (deciding === undefined || because === undefined) continue;
    const of = deciding.clock?.of;
    const others = group.filter((r) => r.clock?.of !== of);
    const key = `${deciding.metric}\u0000${because}`;
    let entry = choices.get(key);
    if (!entry) {
      entry = { choice: { decides: deciding.metric, beside: [], because, benchmarks: 0 }, bands: [] };
      choices.set(key, entry);
    }
    entry.choice.benchmarks++;
    for (const o of others) if (!entry.choice.beside.includes(o.metric)) entry.choice.beside.push(o.metric);
    // The bands of the deciding statistic only (hyperfine's CPU times have a mean, its wall time a median too).
    const own = shownEvidence(deciding).band;
    const theirs = others.filter((o) => o.statistic === deciding.statistic).map((o) => shownEvidence(o).band);
    if (own && theirs.length > 0 && theirs.every((b) => b !== undefined)) entry.bands.push([own, ...theirs]);
  }
  return [...choices.values()].map(({ choice, bands }) => {
    if (bands.length === 0 || bands.length < choice.benchmarks) return choice;
    const widest = bands.map((b) => b.slice(1).reduce((w, x) => (x.upper - x.lower > w.upper - w.lower ? x : w)));
    return { ...choice, band: { decides: medianBand(bands.map((b) => b[0]!)), beside: medianBand(widest) } };
  });
}

function medianBand(bands: readonly Band[]): Band {
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  return { lower: median(bands.map((b) => b.lower)), upper: median(bands.map((b) => b.upper)) };
}

const CLOCK_NAME: Record<string, string> = { 'cpu time': 'CPU time', 'real time': 'real time' };
const named = (metric: string) => CLOCK_NAME[metric] ?? metric;
// A time's band is worse-positive, as its value's own change (lower is better).
const range = (b: Band) => changeRangeText({ lower: b.lower * 100, upper: b.upper * 100 });

/**
 * What decided, in one short sentence for a report (the metric names are the adapters' own words, never a file's):
 * "CPU time decides (4 benchmarks): real time on this runner varied -93.0 … +1340 % (the median noise band), CPU time
 * -43.1 … +75.8 %; real time is shown beside it."
 */
export function clockSentence(choice: ClockChoice): string {
  const { decides, beside, benchmarks, band } = choice;
  const others = beside.map(named).join(' and ');
  const count = `${benchmarks} ${choice.because === 'waits' ? 'command' : 'benchmark'}${benchmarks === 1 ? '' : 's'}`;
  const shown = others !== '' ? `; ${others} ${beside.length === 1 ? 'is' : 'are'} shown beside it` : '';
  const head = `${capital(named(decides))} decides (${count})`;
  switch (choice.because) {
    case 'steadier':
      return band
        ? `${head}: ${others} on this runner varied ${range(band.beside)} (the median noise band), ${named(decides)} ${range(band.decides)}${shown}.`
        : `${head}: the runner's other jobs barely reach it, where they count in ${others || 'the wall time'}${shown}.`;
    case 'threads':
      return `${head}: multi-threaded, so their CPU time sums the threads${shown}.`;
    case 'real-time':
      return `${head}: the benchmarks asked for it (UseRealTime)${shown}.`;
    case 'manual-time':
      return `${head}: the benchmarks timed themselves (UseManualTime)${shown}.`;
    case 'waits':
      return `${head}: a command's CPU time misses what it waits for (I/O, sleeps, the network)${shown}.`;
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
