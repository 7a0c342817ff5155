/**
 * The two-stage gate's confirmation as a reviewer reads it: the final headline, which comes from the confirmation
 * (confirmed: ❌; not confirmed: ⚠️ unconfirmed, never a silent ✅; could not run: the first stage's, with why), and
 * the confirmation's section below the first stage's rows. Pure: the action says what the confirmation did.
 */
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import { changed, changeTable, comparisonMarkdownParts } from '../comparison/comparisonMarkdown.js';
import { escapeMarkdown } from '../escape.js';

/** What the confirmation of the first stage's flagged rows did. */
export interface ConfirmationSummary {
  /**
   * `confirmed`: the pairs confirmed a regression (the gate fails); `unconfirmed`: they did not (it passes);
   * `not-run`: the confirmation could not run, and the first stage's verdict stands.
   */
  state: 'confirmed' | 'unconfirmed' | 'not-run';
  /**
   * K: the families the confirmation judges, each at α/K: per benchmark its gated metric × statistic, or under the
   * shared-shift model one per suite across the run's benchmarks.
   */
  families: number;
  /** The benchmarks the first stage's screen took up (K when absent: one family each). */
  flagged?: number;
  /** The unflagged benchmarks run beside them as the run's reference for the shared-shift model. */
  reference?: string[];
  /** The A/B pairs run, and their cap. */
  pairs: number;
  maxPairs: number;
  /** The whole-suite α, and the confidence each flagged family was decided at (1 − α/K). */
  alpha: number;
  confidence: number;
  /** The rows the pairs confirmed, and those still undecided at the cap (`experiment parameter`). */
  confirmed: string[];
  undecided: string[];
  /** The last look's comparison of the pairs; absent when the confirmation did not run. */
  comparison?: ComparisonReport;
  /** Why it could not run (its error, as perfgate said it). */
  why?: string;
  /** It did not run to its end because perfgate was asked to stop (a cancelled job): `not-run`, said as cut. */
  cut?: boolean;
  /** The time it took, the builds' preparation included, in milliseconds; and its budget, when one was given. */
  usedMs?: number;
  maxMs?: number;
  /** It stopped at a look before the cap because the next would have overrun the budget (`maxMs`). */
  budgetReached?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const percent = (p: number) => `${Number((p * 100).toPrecision(3))} %`;

/** `7.4 min`: a confirmation's time, as its budget is given. */
export function minutesText(ms: number): string {
  return `${Number((Math.max(0, ms) / 60_000).toFixed(1))} min`;
}

/** Where the undecided rows were left: at the cap of pairs, or at the time budget. */
function stoppedAt(c: ConfirmationSummary): string {
  return c.budgetReached === true ? 'at the time budget' : 'at the cap';
}

/** `**Time:** 18.2 of 20 min; …`: what the confirmation took of the job, and of its budget; undefined when unknown. */
function timeLine(c: ConfirmationSummary): string | undefined {
  if (c.usedMs === undefined) return undefined;
  const used =
    c.maxMs !== undefined
      ? `${minutesText(c.usedMs)} of ${minutesText(c.maxMs)} (the time budget)`
      : minutesText(c.usedMs);
  const stop =
    c.budgetReached === true
      ? `; it stopped at ${plural(c.pairs, 'pair')}, before the cap of ${c.maxPairs}, as the next look would have overrun the budget`
      : '';
  return `**Time:** ${used}${stop}.`;
}

/** `8 A/B pairs` run on this runner. */
function pairsText(c: ConfirmationSummary): string {
  return `${plural(c.pairs, 'A/B pair')}`;
}

/**
 * The final headline of a two-stage gate: the confirmation's, or (when it could not run) the first stage's
 * `firstStage` with the reason it stands.
 */
export function confirmationHeadline(c: ConfirmationSummary, firstStage: string): string {
  if (c.state === 'not-run')
    return `${firstStage} · ⚠️ not confirmed: the confirmation ${c.cut === true ? 'was cut' : 'could not run'}`;
  const worse = c.comparison?.changes.worse;
  if (c.state === 'confirmed')
    return worse !== undefined
      ? `❌ ${changed(worse, 'worse')}, confirmed by ${pairsText(c)} on this runner`
      : `❌ ${plural(c.confirmed.length, 'benchmark')} confirmed worse by ${pairsText(c)} on this runner`;
  const undecided =
    c.undecided.length > 0 ? ` (${plural(c.undecided.length, 'row')} still undecided ${stoppedAt(c)})` : '';
  return `⚠️ ${c.flagged ?? c.families} unconfirmed: flagged by the first stage, not confirmed by ${pairsText(c)} on this runner${undecided}`;
}

/** The line above the first stage's rows in a two-stage report. */
export function firstStageLine(firstStage: string): string {
  return `**First stage:** ${firstStage}`;
}

/** The confirmation's section: how it ran and decided, then its failing rows (or why it could not run). */
export function confirmationMarkdown(c: ConfirmationSummary): string {
  const time = timeLine(c);
  if (c.state === 'not-run')
    return [
      `**Confirmation:** ⚠️ ${c.cut === true ? 'was cut' : 'could not run'}, so the first stage's verdict stands: ${escapeMarkdown(c.why ?? 'unknown')}`,
      ...(time !== undefined ? ['', time] : []),
    ].join('\n');
  const reference = c.reference ?? [];
  const what =
    c.flagged === undefined
      ? `the ${c.families} flagged ${c.families === 1 ? 'family' : 'families'}`
      : `the ${plural(c.flagged, 'flagged benchmark')}` +
        (reference.length > 0
          ? ` and ${reference.length} more as the run's reference (${reference.map(escapeMarkdown).join(', ')}: the shared-shift model reads each pair's runner shift from all of them)`
          : '') +
        `, ${c.families} ${c.families === 1 ? 'family' : 'families'}`;
  const how =
    `**Confirmation:** ${pairsText(c)} of the base and head builds on this runner (order base, head, head, base, …; at most ${c.maxPairs}), ` +
    `${what} decided at ${percent(c.confidence)} each ` +
    `(α/K: ${percent(c.alpha)} over K = ${c.families}, so an unchanged build fails with probability ≤ ${percent(c.alpha)}).`;
  const report = c.comparison;
  const timed = time !== undefined ? [how, '', time] : [how];
  if (report === undefined) return timed.join('\n');
  const attention = comparisonMarkdownParts(report).attention;
  if (attention.length === 0) {
    const what =
      c.state === 'unconfirmed'
        ? 'No flagged benchmark changed beyond the threshold in the pairs: the first stage saw noise.'
        : 'The pairs confirmed a regression.';
    return [...timed, '', what].join('\n');
  }
  const table = changeTable(attention, report.rows);
  const verdict =
    c.state === 'confirmed'
      ? `Confirmed: ${c.confirmed.map(escapeMarkdown).join(', ')}.`
      : `Still undecided ${stoppedAt(c)} (the gate passes): ${c.undecided.map(escapeMarkdown).join(', ')}.`;
  return [...timed, '', ...table.header, ...table.rows, '', verdict].join('\n');
}
