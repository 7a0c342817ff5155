/**
 * What a reviewer can do about a failing comparison, in the comment that reports it: let the two-stage gate rerun what
 * the first stage flagged (when no confirmation is configured), accept the change with the pull request's label, or
 * copy waiver lines for the failing rows. The waiver lines are written as the waiver file reads them
 * (engine/compare/waivers.ts) and name each row as acceptance.ts matches it, so that pasted as they are they accept
 * exactly these rows until they expire.
 */
import { benchmarkNames } from '../../compare/acceptance.js';
import { methodOf } from '../../compare/methods.js';
import type { ComparisonRow } from '../../compare/rows.js';
import { WAIVER_HEADER } from '../../compare/waivers.js';
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import type { ConfirmationSummary } from '../confirmation/confirmation.js';
import { README_URL } from '../docsLinks.js';
import { withoutControls } from '../escape.js';

/** What the run could have used: the shell's settings, for the advice only. */
export interface NextStepSettings {
  /** A confirmation (the two-stage gate) is configured: rerunning is not advice then. */
  confirms: boolean;
  /** The pull request label that accepts every failing row, when one is set (input `accept-label`). */
  acceptLabel?: string;
  /** The waiver file, when one is given (input `waivers`). */
  waiverFile?: string;
  /** Today, `YYYY-MM-DD`, from the run's clock: a suggested waiver expires `WAIVER_DAYS` later. */
  today: string;
}

/** How long a suggested waiver lasts: long enough to land the change, short enough to be looked at again. */
export const WAIVER_DAYS = 30;
/** The most waiver lines the comment suggests; the rest are in comparison.json's failing rows. */
export const MAX_WAIVER_SUGGESTIONS = 10;

const CONFIRM_URL = `${README_URL}#confirm-by-rerun`;
const ACCEPT_URL = `${README_URL}#accepting-a-known-change`;

/** One waiver line's fields for a failing row: its names as the reports give them and a ceiling that covers it. */
export interface SuggestedWaiver {
  benchmark: string;
  /** The metric with its statistic (`time/op median`), so that the waiver accepts this row's statistic alone. */
  metric: string;
  /** The change in % the worse way, rounded up: the row's change, or the upper end of its interval when it has one. */
  ceilingPercent: number;
}

/** The change a row's waiver must accept, in % the worse way: the row's change, or the top of its 90 % interval. */
function worstChange(row: ComparisonRow): number {
  const upper = row.changeInterval?.upper;
  return Math.max(row.deltaPercent, upper !== undefined && Number.isFinite(upper) ? upper * 100 : -Infinity);
}

/** A row's names as a waiver gives them: the benchmark as the reports name it, the metric with its statistic. */
function waiverNames(row: ComparisonRow): { benchmark: string; metric: string } {
  return {
    benchmark: benchmarkNames(row)[0] ?? row.experimentType,
    metric: `${row.metric} ${row.magnitude.toLowerCase()}`,
  };
}

/**
 * The waiver each failing row needs, worst first as the report sorts them. `alsoJudged`: rows the same waiver is applied
 * to in another stage (the first stage of a confirmed two-stage gate), whose change its ceiling must cover too.
 */
export function suggestedWaivers(
  rows: readonly ComparisonRow[],
  alsoJudged: readonly ComparisonRow[] = [],
): SuggestedWaiver[] {
  const key = (names: { benchmark: string; metric: string }) => `${names.benchmark}\u0000${names.metric}`;
  const elsewhere = new Map<string, number>();
  for (const r of alsoJudged)
    if (Number.isFinite(r.deltaPercent)) {
      const k = key(waiverNames(r));
      elsewhere.set(k, Math.max(elsewhere.get(k) ?? -Infinity, worstChange(r)));
    }
  return rows
    .filter((r) => r.failed && Number.isFinite(r.deltaPercent))
    .map((r) => {
      const names = waiverNames(r);
      const worst = Math.max(worstChange(r), elsewhere.get(key(names)) ?? -Infinity);
      // A hair under a whole percent still rounds up: a ceiling equal to the change accepts it.
      return { ...names, ceilingPercent: Math.max(1, Math.ceil(worst - 1e-9)) };
    });
}

/** `YYYY-MM-DD` `days` after `date` (UTC). */
export function dateAfter(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** A CSV field as the waiver file reads it back: quoted when it holds a comma, a quote or surrounding space. */
function csvField(text: string): string {
  const plain = withoutControls(text);
  return /[",]|^\s|\s$/.test(plain) ? `"${plain.replace(/"/g, '""')}"` : plain;
}

/** A setting's text as inline code: controls made visible, backticks (which would end it) as quotes. */
function code(text: string): string {
  return `\`${withoutControls(text).replace(/`/g, "'")}\``;
}

/** A fence longer than any run of backticks in `text`, so that no name can close the code block. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * The comment's "What next" part for a comparison whose verdict failed (`decided`: the report whose failing rows fail
 * the gate, the confirmation's when it confirmed); '' when nothing fails.
 */
export function nextStepsMarkdown(
  decided: ComparisonReport,
  settings: NextStepSettings,
  firstStage: ComparisonReport = decided,
): string {
  const waivers = suggestedWaivers(decided.rows, firstStage === decided ? [] : firstStage.rows);
  if (decided.verdict !== 'fail' || waivers.length === 0) return '';
  const lines = ['**What next**', ''];
  // A first stage of A/B pairs has confirmed on this runner already.
  if (!settings.confirms && methodOf(firstStage.method).reads !== 'pairs')
    lines.push(
      `- **The runner's noise, not the code?** Set the input \`confirm-command\` to your benchmark command: perfgate then reruns what it flagged here, in A/B pairs of the base and this build, and fails only on what the pairs confirm ([confirm by rerun](${CONFIRM_URL})).`,
    );
  const expires = dateAfter(settings.today, WAIVER_DAYS);
  const file =
    settings.waiverFile !== undefined
      ? `the waiver file ${code(settings.waiverFile)}`
      : 'a waiver file (input `waivers`)';
  const waive = `only these rows until ${expires} with these lines in ${file}, their link and reason filled in ([accepting a known change](${ACCEPT_URL})):`;
  lines.push(
    settings.acceptLabel !== undefined
      ? `- **An intended change?** Add the label ${code(settings.acceptLabel)} to this pull request and run the job again, or accept ${waive}`
      : `- **An intended change?** Accept ${waive}`,
    '',
  );
  const csv = [
    WAIVER_HEADER,
    ...waivers
      .slice(0, MAX_WAIVER_SUGGESTIONS)
      .map((w) =>
        [csvField(w.benchmark), csvField(w.metric), String(w.ceilingPercent), expires, '<link>', '<reason>'].join(','),
      ),
  ].join('\n');
  const fence = fenceFor(csv);
  lines.push(`  ${fence}csv`, ...csv.split('\n').map((line) => `  ${line}`), `  ${fence}`);
  if (waivers.length > MAX_WAIVER_SUGGESTIONS)
    lines.push(
      '',
      `  … and ${waivers.length - MAX_WAIVER_SUGGESTIONS} more failing rows, listed in comparison.json (\`"failed": true\`).`,
    );
  return lines.join('\n');
}

/**
 * What to do about a pull request's comparison: the report whose failing rows fail the gate is the first stage's, or
 * the confirmation's when it confirmed them; an unconfirmed first stage passes and needs nothing ('').
 */
export function nextSteps(
  comparison: ComparisonReport,
  confirmation: ConfirmationSummary | undefined,
  settings: NextStepSettings,
): string {
  if (confirmation?.state === 'unconfirmed') return '';
  const decided = confirmation?.state === 'confirmed' ? confirmation.comparison : comparison;
  return decided ? nextStepsMarkdown(decided, settings, comparison) : '';
}
