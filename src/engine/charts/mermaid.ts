/**
 * Mermaid `xychart-beta` blocks: GitHub strips data: images and inline SVG from comments and job
 * summaries but renders Mermaid, so these are the inline charts. They are drawn from the same
 * chart model as the images. xychart has no legend, no dashes and no log axis: a Markdown legend
 * follows each block, and a log y axis is drawn as log₁₀ of the values with the tick meaning spelled out.
 */
import { escapeMarkdown } from '../report/escape.js';
import { formatDelta } from './format.js';
import { formatBytes } from './payloadAxis.js';
import type { Chart, Panel, Series } from './model.js';
import { EXPERIMENT_BLUE, LIMIT_COLOR } from './palette.js';

/**
 * Text from result files inside a Mermaid string: only letters, digits and plain punctuation
 * survive, so a label cannot close its quotes, open a directive (`%%{`), end the code fence
 * (backticks), start a new statement (newline, `;`) or inject markup (`<`, `#` entities).
 */
export function mermaidLabel(text: string, max = 80): string {
  const cleaned = text
    .normalize('NFKC')
    // NFKC turns the micro sign into Greek mu; tables and units use the micro sign (µ, U+00B5).
    .replace(/\u03bc/g, 'µ')
    .replace(/[\r\n\t\u2028\u2029\u0085\u000b\u000c]+/g, ' ')
    .replace(/"/g, "'")
    .replace(/`/g, "'")
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/[^\p{L}\p{N} _.,:()+\-/%'=µ–]/gu, '')
    // `%%` starts a Mermaid comment or directive; one `%` (as in 99%) is harmless.
    .replace(/%{2,}/g, '%')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? cleaned.slice(0, max - 1) + '…' : cleaned;
}

/** A label cut in the middle to `max` characters: names that differ only at the end stay apart. */
function middleCut(label: string, max: number): string {
  const chars = [...label];
  if (chars.length <= max) return label;
  const tail = Math.ceil((max - 1) / 2);
  return chars.slice(0, max - 1 - tail).join('') + '…' + chars.slice(chars.length - tail).join('');
}

/** Numbers as Mermaid reads them: plain decimals, six significant digits, no exponent. */
export function mermaidNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Number(value.toPrecision(6));
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  const fixed = rounded.toFixed(Math.min(20, Math.max(0, 6 - Math.floor(Math.log10(Math.abs(rounded))))));
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

const PALETTE_LIMIT = 16;

interface MermaidPanel {
  block: string;
  legend: string;
}

function categoriesOf(p: Panel): { keys: (number | string)[]; labels: string[]; toScale: boolean } {
  if (p.x.kind === 'category') return { keys: p.x.categories, labels: p.x.categories, toScale: true };
  const xs = [...new Set(p.series.flatMap((s) => s.points.map((q) => q.x as number)))].sort((a, b) => a - b);
  if (p.x.kind === 'payload') {
    // Categories are evenly spaced: that is a log₂ axis when each payload doubles the previous one.
    const doubling = xs.every((x, i) => i === 0 || x === xs[i - 1]! * 2);
    return { keys: xs, labels: xs.map(formatBytes), toScale: doubling };
  }
  return { keys: xs, labels: xs.map((x) => mermaidNumber(x)), toScale: false };
}

function logTicks(values: number[]): string {
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.ceil(Math.log10(Math.max(...values)));
  const ticks: string[] = [];
  for (let e = lo; e <= hi; e++) ticks.push(`${e} = ${mermaidNumber(10 ** e)}`);
  return ticks.join(', ');
}

function panelToMermaid(chart: Chart, p: Panel, width: number): MermaidPanel {
  const { keys, labels, toScale } = categoriesOf(p);
  const drawn: Series[] = [];
  const skipped: Series[] = [];
  for (const s of p.series) {
    const byX = new Map(s.points.map((q) => [q.x, q.y]));
    // xychart cannot leave a gap: a series missing a category is listed, not drawn.
    if (keys.every((k) => byX.has(k))) drawn.push(s);
    else skipped.push(s);
  }
  const shown = drawn.slice(0, PALETTE_LIMIT);
  skipped.push(...drawn.slice(PALETTE_LIMIT));
  const all = shown.flatMap((s) => s.points.map((q) => q.y));
  const log = p.y.log && all.length > 0 && all.every((v) => v > 0);
  const y = (v: number) => (log ? Math.log10(v) : v);
  const unit = p.y.unit ? ` ${mermaidLabel(p.y.unit, 12)}` : '';
  const yTitle = log ? `log10 of ${mermaidLabel(p.y.title, 50)}` : mermaidLabel(p.y.title, 60);
  const palette = shown.map((s) => s.color).join(', ');
  const lines = [
    '```mermaid',
    '---',
    'config:',
    '  xyChart:',
    `    width: ${width}`,
    '    height: 320',
    '  themeVariables:',
    '    xyChart:',
    `      plotColorPalette: "${palette}"`,
    '---',
    'xychart-beta',
    // The chart's title is the Markdown heading above the blocks: a panel's block names the panel, short enough to fit.
    `  title "${mermaidLabel(chart.panels.length > 1 ? p.title : chart.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${labels.map((l) => `"${mermaidLabel(l, 30)}"`).join(', ')}]`,
  ];
  if (all.length > 0) {
    const ys = all.map(y);
    let lo = Math.min(...ys);
    let hi = Math.max(...ys);
    if (log) {
      lo = Math.floor(lo);
      hi = Math.ceil(hi);
    } else {
      lo = Math.min(0, lo);
    }
    if (hi === lo) hi = lo + 1;
    lines.push(`  y-axis "${yTitle}" ${mermaidNumber(lo)} --> ${mermaidNumber(hi)}`);
  } else {
    lines.push(`  y-axis "${yTitle}"`);
  }
  for (const s of shown) {
    const byX = new Map(s.points.map((q) => [q.x, q.y]));
    lines.push(`  ${p.mark === 'bar' ? 'bar' : 'line'} [${keys.map((k) => mermaidNumber(y(byX.get(k)!))).join(', ')}]`);
  }
  lines.push('```');

  const legend: string[] = [];
  const items = shown.map(
    (s, i) => `${i + 1}. ${escapeMarkdown(s.name)} (\`${s.color}\`${s.dashed ? ', dashed in the image' : ''})`,
  );
  legend.push(`**Legend** (lines in order): ${items.join(' · ') || 'none'}`);
  // xychart cannot mark a point: the failed ones are named here (report.html and the images mark them ✗).
  const failed = shown.flatMap((s) => {
    const at = s.points.filter((q) => q.failed).map((q) => escapeMarkdown(labels[keys.indexOf(q.x)] ?? String(q.x)));
    return at.length > 0 ? [`${escapeMarkdown(s.name)} at ${at.join(', ')}`] : [];
  });
  if (failed.length > 0) legend.push(`Failed (not marked in this chart): ${failed.join('; ')}.`);
  if (log) legend.push(`y axis: log₁₀ of the value in${unit || ' its unit'}; ${logTicks(all)}.`);
  if (p.x.kind === 'payload')
    legend.push(toScale ? 'x axis: payload sizes, log₂ scale.' : 'x axis: payload sizes in order, not to scale.');
  if (skipped.length > 0)
    legend.push(
      `Not drawn (missing values or too many series): ${skipped.map((s) => escapeMarkdown(s.name)).join(', ')}.`,
    );
  return { block: lines.join('\n'), legend: legend.join('  \n') };
}

/** The front matter and first line of a block: its size and the colours of its bars and lines, in order. */
function blockHead(width: number, height: number, palette: readonly string[], horizontal: boolean): string[] {
  return [
    '```mermaid',
    '---',
    'config:',
    '  xyChart:',
    `    width: ${width}`,
    `    height: ${height}`,
    '  themeVariables:',
    '    xyChart:',
    `      plotColorPalette: "${palette.join(', ')}"`,
    '---',
    horizontal ? 'xychart-beta horizontal' : 'xychart-beta',
  ];
}

/**
 * A "what changed" panel as horizontal bars: one bar per benchmark (its Δ in %) and the threshold
 * as a line. xychart draws no whiskers and no marks: the failed rows are named under it.
 */
function changeToMermaid(p: Panel, width: number): MermaidPanel {
  const rows = p.changes ?? [];
  const ys = [0, ...(p.y.domain ?? []), ...rows.flatMap((r) => [r.delta, r.threshold])].filter(Number.isFinite);
  const lines = [
    ...blockHead(width, Math.max(200, 60 + 24 * rows.length), [EXPERIMENT_BLUE, LIMIT_COLOR], true),
    `  title "${mermaidLabel(p.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${rows.map((r) => `"${middleCut(mermaidLabel(r.label, 200), 44)}"`).join(', ')}]`,
    `  y-axis "${mermaidLabel(p.y.title, 60)}" ${mermaidNumber(Math.min(...ys))} --> ${mermaidNumber(Math.max(...ys))}`,
    `  bar [${rows.map((r) => mermaidNumber(r.delta)).join(', ')}]`,
    `  line [${rows.map((r) => mermaidNumber(r.threshold)).join(', ')}]`,
    '```',
  ];
  const legend = [
    `**Legend**: bars: Δ in % (+ is worse), top to bottom as listed · line (\`${LIMIT_COLOR}\`): the threshold.`,
  ];
  if (p.subtitle !== undefined) legend.push(`${escapeMarkdown(p.subtitle)}.`);
  const failed = rows.filter((r) => r.failed).map((r) => `${escapeMarkdown(r.label)} (${formatDelta(r.delta)})`);
  if (failed.length > 0) legend.push(`Failed (not marked in this chart): ${failed.join(', ')}.`);
  if (rows.some((r) => r.band || r.interval))
    legend.push('The noise band or interval of each row is drawn in report.html.');
  return { block: lines.join('\n'), legend: legend.join('  \n') };
}

/**
 * A value panel with a band or limit lines (a regression's history): the values as bars, one per
 * category (the history runs, then this run), and the band's edges and each rule as lines.
 */
function valuesToMermaid(p: Panel, width: number): MermaidPanel {
  const categories = p.x.kind === 'category' ? p.x.categories : [];
  const byCategory = new Map<string, { y: number; series: string; failed: boolean }>();
  for (const s of p.series)
    for (const q of s.points) byCategory.set(String(q.x), { y: q.y, series: s.name, failed: q.failed === true });
  const shown = categories.filter((c) => byCategory.has(c));
  const lines: { name: string; color: string; y: number }[] = [
    ...(p.band
      ? [
          { name: `${p.band.name}, upper edge`, color: '#a6a6a6', y: p.band.upper },
          { name: `${p.band.name}, lower edge`, color: '#a6a6a6', y: p.band.lower },
        ]
      : []),
    ...(p.rules ?? []).map((r) => ({ name: r.name, color: r.color, y: r.y })),
  ];
  const raw = [...shown.map((c) => byCategory.get(c)!.y), ...lines.map((l) => l.y), ...(p.y.domain ?? [])].filter(
    Number.isFinite,
  );
  const log = p.y.log && raw.every((v) => v > 0);
  const y = (v: number) => (log ? Math.log10(v) : v);
  let lo = Math.min(...raw.map(y));
  let hi = Math.max(...raw.map(y));
  if (log) {
    lo = Math.floor(lo);
    hi = Math.ceil(hi);
  } else {
    // Bars grow from the axis' foot: leave room below the lowest, so that it shows.
    const pad = (hi - lo) * 0.15;
    lo = lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
    hi += pad / 3;
  }
  if (hi === lo) hi = lo + 1;
  const barColor = p.series[0]?.color ?? EXPERIMENT_BLUE;
  const yTitle = log ? `log10 of ${mermaidLabel(p.y.title, 50)}` : mermaidLabel(p.y.title, 60);
  const block = [
    ...blockHead(width, 320, [barColor, ...lines.map((l) => l.color)], false),
    `  title "${mermaidLabel(p.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${shown.map((c) => `"${mermaidLabel(c, 30)}"`).join(', ')}]`,
    `  y-axis "${yTitle}" ${mermaidNumber(lo)} --> ${mermaidNumber(hi)}`,
    `  bar [${shown.map((c) => mermaidNumber(y(byCategory.get(c)!.y))).join(', ')}]`,
    ...lines.map((l) => `  line [${shown.map(() => mermaidNumber(y(l.y))).join(', ')}]`),
    '```',
  ];
  const last = shown[shown.length - 1] ?? '';
  const bars =
    shown.length === 2
      ? `${escapeMarkdown(shown[0]!)}, then ${escapeMarkdown(last)}`
      : `${escapeMarkdown(p.series[0]?.name ?? '')}, then ${escapeMarkdown(last)} (the last bar)`;
  const legend = [`**Legend**: bars (\`${barColor}\`): ${bars}`];
  if (lines.length > 0)
    legend[0] += ` · lines in order: ${lines.map((l, i) => `${i + 1}. ${escapeMarkdown(l.name)} (\`${l.color}\`)`).join(' · ')}`;
  if (p.subtitle !== undefined) legend.push(`${escapeMarkdown(p.subtitle)}.`);
  const failed = shown.filter((c) => byCategory.get(c)!.failed).map((c) => escapeMarkdown(c));
  if (failed.length > 0) legend.push(`Failed (not marked in this chart): ${failed.join(', ')}.`);
  if (log)
    legend.push(
      `y axis: log₁₀ of the value in ${p.y.unit ? mermaidLabel(p.y.unit, 12) : 'its unit'}; ${logTicks(raw)}.`,
    );
  return { block: block.join('\n'), legend: legend.join('  \n') };
}

function anyPanelToMermaid(chart: Chart, p: Panel, width: number): MermaidPanel {
  if (p.mark === 'change') return changeToMermaid(p, width);
  if (p.band || p.rules) return valuesToMermaid(p, width);
  return panelToMermaid(chart, p, width);
}

/** Whether a chart shows something that failed (a failed point or benchmark). */
export function chartShowsFailure(chart: Chart): boolean {
  return chart.panels.some(
    (p) => p.series.some((s) => s.points.some((q) => q.failed)) || (p.changes ?? []).some((r) => r.failed),
  );
}

/** At most this many Mermaid blocks (panels) in a comment or job summary; the rest are in report.html. */
export const MAX_MERMAID_BLOCKS = 8;

/** The Mermaid blocks of one chart (its first `maxPanels` panels), each followed by its Markdown legend. */
export function chartToMermaid(chart: Chart, width = 700, maxPanels = chart.panels.length): string {
  const parts = chart.panels.slice(0, maxPanels).map((p) => {
    const { block, legend } = anyPanelToMermaid(chart, p, width);
    return `${block}\n\n${legend}\n`;
  });
  if (maxPanels < chart.panels.length)
    parts.push(`_${chart.panels.length - maxPanels} more panel(s) of this chart are in report.html._\n`);
  if (chart.note) parts.push(`_${escapeMarkdown(chart.note)}_\n`);
  return parts.join('\n');
}

/**
 * Markdown with the Mermaid blocks of the inline charts, those that show a failure first, at most
 * `maxBlocks` blocks (a chart of failures may be cut to its first panels; any other is shown whole
 * or left out) and stopping before `maxChars` (GitHub comments hold 65 536 characters;
 * Mermaid refuses diagrams over ~50 000).
 */
export function chartsToMermaidMarkdown(
  charts: readonly Chart[],
  maxChars = 40000,
  maxBlocks = MAX_MERMAID_BLOCKS,
): string {
  const out: string[] = [];
  let size = 0;
  let left = 0;
  let blocks = 0;
  const inline = charts.filter((c) => c.inline);
  const ordered = [...inline.filter(chartShowsFailure), ...inline.filter((c) => !chartShowsFailure(c))];
  let full = false;
  for (const chart of ordered) {
    const room = maxBlocks - blocks;
    // A chart of failures may be cut to its first panels (the worst come first); any other is shown
    // whole or not at all, and none after it: the charts keep their order of importance.
    const panels = Math.min(room, chart.panels.length);
    if (full || panels <= 0 || (panels < chart.panels.length && !chartShowsFailure(chart))) {
      full = true;
      left++;
      continue;
    }
    const text = `#### ${escapeMarkdown(chart.title)}\n\n${chartToMermaid(chart, 700, panels)}`;
    if (size + text.length > maxChars) {
      left++;
      continue;
    }
    out.push(text);
    size += text.length + 1;
    blocks += panels;
  }
  if (left > 0) out.push(`_${left} more chart(s) are in report.html and the chart images._\n`);
  return out.join('\n');
}
