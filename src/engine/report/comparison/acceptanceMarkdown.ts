/**
 * What accepted a failing row, in Markdown: the label (who added it, its description quoted) or each waiver (where it
 * is written, its ceiling, expiry, link and reason). Every user text is escaped.
 */
import type { ComparisonRow } from '../../compare/compare.js';
import { changeWithInterval } from '../change.js';
import { escapeMarkdown } from '../escape.js';
import { benchmarkCell, payloadLayout } from './rowNames.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `accepted by the label perfgate-accept`, `accepted by 2 waivers`, `accepted by the label x and 1 waiver`. */
export function acceptedBy(rows: readonly ComparisonRow[]): string {
  const label = rows.find((r) => r.acceptance?.kind === 'label')?.acceptance;
  const waivers = new Set(rows.flatMap((r) => (r.acceptance?.kind === 'waiver' ? [r.acceptance.place] : []))).size;
  const words = [
    ...(label?.kind === 'label' ? [`the label ${nameText(label.label)}`] : []),
    ...(waivers > 0 ? [plural(waivers, 'waiver')] : []),
  ];
  return `accepted by ${words.join(' and ')}`;
}

/** A link the user wrote, as a link when it is a plain http(s) address, else as escaped text. */
function userLink(link: string): string {
  return /^https?:\/\/[^\s()<>[\]]+$/.test(link) ? `[${escapeMarkdown(link)}](${link})` : escapeMarkdown(link);
}

/** `+31.2 %` the worse way. */
function worseBy(x: number): string {
  return `+${Number(x.toPrecision(3))} %`;
}

/**
 * A label or a waiver's place as Markdown: as written when it holds only letters, digits and `_ . - / :` (nothing
 * Markdown or GitHub reads as markup, so a Check's plain-text title shows it as written), else escaped.
 */
export function nameText(text: string): string {
  return /^[\w.\-/: ]+$/.test(text) && !text.includes('://') ? text : escapeMarkdown(text);
}

const MAX_WAIVER_LINES = 30;
const MAX_REASON = 300;
const cut = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text);

/**
 * Which failing rows were accepted and why: the label (who added it, its description quoted), and each waiver row
 * (where it is written, its ceiling and expiry, its link and reason). Every user text is escaped.
 */
export function acceptanceMarkdown(rows: readonly ComparisonRow[]): string {
  const accepted = rows.filter((r) => r.acceptance !== undefined);
  if (accepted.length === 0) return '';
  const lines: string[] = [];
  const byLabel = accepted.filter((r) => r.acceptance!.kind === 'label');
  const label = byLabel[0]?.acceptance;
  if (label?.kind === 'label') {
    const by = label.by !== undefined ? `, added by ${escapeMarkdown(`@${label.by}`)}` : '';
    lines.push(
      `**Accepted:** ${plural(byLabel.length, 'failing row')} accepted by the label **${nameText(label.label)}**${by}.`,
    );
    if (label.description !== undefined && label.description.trim() !== '')
      lines.push('', `> ${escapeMarkdown(cut(label.description.trim()))}`);
  }
  const byWaiver = accepted.filter((r) => r.acceptance!.kind === 'waiver');
  if (byWaiver.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(`**Accepted by waivers:** ${plural(byWaiver.length, 'failing row')}.`, '');
    // The reasons are the user's: each cut to a paragraph's length and the list to a screen's, so that this section,
    // which the comment keeps whole, stays small.
    for (const r of byWaiver.slice(0, MAX_WAIVER_LINES)) {
      const w = r.acceptance!;
      if (w.kind !== 'waiver') continue;
      const where = benchmarkCell(r, !payloadLayout(rows));
      lines.push(
        `- ${where} ${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}: ${changeWithInterval(r.deltaPercent / 100, undefined, r.direction)}, waiver ${nameText(w.place)} accepts up to ${worseBy(w.ceilingPercent)} until ${nameText(w.expires)} (${userLink(w.link)}): ${escapeMarkdown(cut(w.reason))}`,
      );
    }
    if (byWaiver.length > MAX_WAIVER_LINES)
      lines.push(`- … and ${plural(byWaiver.length - MAX_WAIVER_LINES, 'more accepted row')} in the full report.`);
  }
  return lines.join('\n');
}
