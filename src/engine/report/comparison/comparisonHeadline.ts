/**
 * The first line of a comparison (comment, job summary, terminal): benchmarks counted per outcome, worst first, each
 * changed metric named with its change, then what they were compared with.
 */
import { methodOf } from '../../compare/methods.js';
import { acceptedBy } from './acceptanceMarkdown.js';
import type { BenchmarkChanges, ChangeSummary, MetricChanges } from './changeSummary.js';
import type { ComparisonReport } from './comparisonReport.js';
import { SEE_SMALLER_CHANGES_URL } from '../docsLinks.js';
import { escapeMarkdown } from '../escape.js';
import type { HeldBy, SuiteMove } from '../../compare/heldBack.js';
import { valueChange, valueChangeRange } from '../change.js';
import { unpairedWords } from './unpairedWords.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a headline names what the results were compared with, and in which words. */
export interface HeadlineOptions {
  /** The branch the reference comes from (`main`), when the caller knows it. */
  base?: string;
  /** For a terminal: links as their address, not Markdown. */
  plain?: boolean;
}

/**
 * `a change under 56 % cannot be seen on this runner (see how to see it)`, linking to the README's section on A/B
 * pairs, the confirmation stage and repetitions; with `upTo`, the noisiest of the rows that matter:
 * `a change under 56 % cannot be seen on this runner, nor on some of its rows one under 240 % (…)`.
 */
function unseenWords(below: number, upTo: number | undefined, plain: boolean): string {
  const how = plain
    ? `see how to see it: ${SEE_SMALLER_CHANGES_URL}`
    : `see [how to see it](${SEE_SMALLER_CHANGES_URL})`;
  const size = (x: number) => changeSize(x * 100).slice(1);
  // As the tables show Catches ≥: past 10000 %, only that it is.
  if (below > 100) return `even a change of 10000 % cannot be seen on this runner (${how})`;
  const noisiest =
    upTo === undefined || size(upTo) === size(below)
      ? ''
      : upTo > 100
        ? ', nor on some of its rows even one of 10000 %'
        : `, nor on some of its rows one under ${size(upTo)} %`;
  return `a change under ${size(below)} % cannot be seen on this runner${noisiest} (${how})`;
}

/** A change in % for a headline, signed as the value's own: whole percents from 10 %, two significant digits below. */
function changeSize(x: number): string {
  if (!Number.isFinite(x)) return '?';
  const size = Math.abs(x);
  const digits = size >= 10 ? String(Math.round(size)) : String(Number(size.toPrecision(2)));
  return `${x < 0 ? '-' : '+'}${digits}`;
}

/** `time/op +28…+31 %`, or `MB/s -23 %` when the ends read the same: one metric, never mixed with another. */
function metricRange(m: MetricChanges): string {
  const low = changeSize(m.lowest);
  const high = changeSize(m.highest);
  return `${m.metric} ${low === high ? low : `${low}…${high}`} %`;
}

/**
 * `the whole suite moved +35 %; its recorded runs varied -4.4 … +6.5 %` per suite move (compare/heldBack.ts), the
 * metric named when several suites moved; a move that did not fail says what held it back.
 */
function suiteWords(moves: readonly SuiteMove[], failed: boolean): string | undefined {
  const shown = moves.filter((m) => m.failed === failed);
  if (shown.length === 0) return undefined;
  const named = new Set(moves.map((m) => m.metric)).size > 1;
  return shown
    .map((m) => {
      // Said as the value's own changes, as every change in the headline (+ went up).
      const range = valueChangeRange(m.spread, m.direction)!;
      const spread = `${changeSize(range.lower * 100)} … ${changeSize(range.upper * 100)} %`;
      const moved = `the whole suite${named ? ` (${m.metric})` : ''} moved ${changeSize(valueChange(m.change, m.direction) * 100)} %`;
      return `${moved}; its recorded runs varied ${spread}${failed ? '' : `, ${HELD_WORDS[m.heldBy ?? 'noise']}`}`;
    })
    .join(' · ');
}

/** What held back a change over the threshold that did not fail (compare/heldBack.ts), in the headline's words. */
const HELD_WORDS: Readonly<Record<HeldBy, string>> = {
  noise: 'inside the noise',
  'suite-budget': "beyond the noise, held back by the whole suite's false-alarm budget",
  level: "over the threshold (90 % interval), held back by the gate's confidence",
};

/** "inside the noise", or "inside their own noise" when the whole suite moved beyond its recorded spread. */
function insideWords(moves: readonly SuiteMove[]): string {
  return moves.some((m) => m.failed || (m.heldBy !== undefined && m.heldBy !== 'noise'))
    ? 'inside their own noise'
    : HELD_WORDS.noise;
}

/** How many metrics a group names in the headline; the rest are counted, so that the title line stays short. */
const HEADLINE_METRICS = 3;

/** `2 slower (time/op +30 %, MB/s -23 %)`: the benchmarks of a group, and each metric's change. */
export function changed(c: BenchmarkChanges, way: 'worse' | 'better'): string {
  const word = way === 'worse' ? (c.speed ? 'slower' : 'worse') : c.speed ? 'faster' : 'better';
  const named = c.metrics.slice(0, HEADLINE_METRICS).map(metricRange);
  const others = c.metrics.length - named.length;
  if (others > 0) named.push(`${plural(others, 'more metric')}`);
  const metrics = named.join(', ');
  return `${c.benchmarks} ${word}${metrics !== '' ? ` (${metrics})` : ''}`;
}

/**
 * The headline's outcomes, worst first: an icon (shown when the outcome leads the line, or always when `always`) and
 * the words for it, undefined when the comparison has none of it. A new outcome is one line here.
 */
const OUTCOMES: readonly {
  icon: string;
  always: boolean;
  words: (c: ChangeSummary, report: ComparisonReport, options: HeadlineOptions) => string | undefined;
}[] = [
  { icon: '❌', always: true, words: (c) => suiteWords(c.suiteMoves, true) },
  { icon: '❌', always: true, words: (c) => (c.worse ? changed(c.worse, 'worse') : undefined) },
  { icon: '❌', always: true, words: (c) => (c.missing > 0 ? `${c.missing} missing` : undefined) },
  {
    icon: '❌',
    always: true,
    // A failure the groups above do not name (a failed comparison without a change).
    words: (c, r) =>
      !c.worse && c.missing === 0 && r.verdict === 'fail'
        ? `${r.comparisonsFailed} of ${r.comparisonsTotal} comparisons failed`
        : undefined,
  },
  {
    icon: '⏳',
    always: true,
    words: (c) => {
      if (!c.inconclusive) return undefined;
      const i = c.inconclusive;
      const decide =
        i.morePairs !== undefined
          ? `${plural(i.morePairs, 'more pair')} would decide`
          : `even ${i.pairsCap} pairs would not decide`;
      return `${i.benchmarks} inconclusive (${decide})`;
    },
  },
  {
    icon: '⚠️',
    always: true,
    words: (c) => suiteWords(c.suiteMoves, false),
  },
  {
    icon: '⚠️',
    always: true,
    words: (c) => (c.heldBySuite ? `${changed(c.heldBySuite, 'worse')} ${HELD_WORDS['suite-budget']}` : undefined),
  },
  {
    icon: '⚠️',
    always: true,
    words: (c) => (c.heldByLevel ? `${changed(c.heldByLevel, 'worse')} ${HELD_WORDS.level}` : undefined),
  },
  {
    icon: '⚠️',
    always: true,
    // When the whole suite moved beyond its recorded spread, a row inside its band is inside its own noise only.
    words: (c) => (c.warned ? `${changed(c.warned, 'worse')} ${insideWords(c.suiteMoves)}` : undefined),
  },
  {
    icon: '⚠️',
    always: true,
    words: (c) =>
      c.shortHistory ? `${changed(c.shortHistory, 'worse')} over the threshold, shown, not failed` : undefined,
  },
  {
    icon: '⚠️',
    always: true,
    words: (c) => (c.missingWarned > 0 ? `${c.missingWarned} missing in this pull request` : undefined),
  },
  {
    icon: '✅',
    always: true,
    words: (c, r) => (c.accepted ? `${changed(c.accepted, 'worse')}, ${acceptedBy(r.rows)}` : undefined),
  },
  { icon: '⚡', always: true, words: (c) => (c.better ? changed(c.better, 'better') : undefined) },
  {
    icon: '✅',
    always: false,
    // Unchanged only as far as the gate can see: without a noise estimate, not over the threshold; when the gated rows
    // cannot catch a change of twice the threshold, no change was found, which is all that can be said.
    words: (c) =>
      c.unchanged === 0
        ? undefined
        : c.historyTooShort
          ? `${c.unchanged} not over the threshold`
          : c.unseenBelow !== undefined
            ? `no change found in ${c.unchanged}`
            : `${c.unchanged} unchanged`,
  },
  { icon: '🆕', always: true, words: (c) => (c.added > 0 ? `${c.added} new` : undefined) },
  {
    icon: '',
    always: false,
    words: (c, _r, options) =>
      c.unseenBelow !== undefined ? unseenWords(c.unseenBelow, c.unseenUpTo, options.plain === true) : undefined,
  },
];

/**
 * The first line of a comparison: how many benchmarks (experiment × parameter) had each outcome, worst first, naming
 * each changed metric with its change, then what they were compared with: "❌ 2 slower (time/op +30 %) · 64 unchanged ·
 * against main (history of 8 runs)", "⚡ 2 faster (time -15…-12 %) · 10 unchanged · against main (A/B, 12 pairs)". A
 * geomean row counts as one benchmark when none of its parameters is in the same outcome. `base` is escaped; every
 * other word is perfgate's.
 */
export function headline(report: ComparisonReport, options: HeadlineOptions = {}): string {
  const c = report.changes;
  const base = options.base !== undefined ? escapeMarkdown(options.base) : methodOf(report.method).referenceName;
  const method = report.methodShort;
  if (c.notComparable)
    return `➖ Not comparable with ${base}: every run was measured on another kind of machine, nothing gated (${method}, ${plural(c.benchmarks, 'benchmark')})`;
  const pieces = OUTCOMES.flatMap((o) => {
    const words = o.words(c, report, options);
    return words === undefined ? [] : [{ icon: o.icon, always: o.always, words }];
  });
  // Nothing paired although the reference had results: a failure that says why, never a green "nothing compared".
  if (c.unpaired !== undefined)
    return `❌ Nothing compared with ${base}: ${unpairedWords(c.unpaired, options.plain === true)}`;
  if (pieces.length === 0) return `✅ Nothing compared with ${base} (${method})`;
  const shown = pieces.map((p, i) => ((i === 0 || p.always) && p.icon !== '' ? `${p.icon} ${p.words}` : p.words));
  // `against 1a2b3c4` (a baseline run's commit) reads "against main at 1a2b3c4".
  const against = method.startsWith('against ')
    ? `against ${base} at ${method.slice('against '.length)}`
    : `against ${base} (${method})`;
  return `${shown.join(' · ')} · ${against}`;
}
