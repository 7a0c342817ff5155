/**
 * Mermaid `xychart-beta` blocks: GitHub strips data: images and inline SVG from comments and job
 * summaries but renders Mermaid, so these are the inline charts. They are drawn from the same
 * chart model as the images. xychart has no legend, no dashes and no log axis: a Markdown legend
 * follows each block, and a log y axis is drawn as log₁₀ of the values with the tick meaning spelled out.
 */
import { escapeMarkdown } from '../report/escape.js';
import { formatBytes } from './payloadAxis.js';
import type { Chart, Panel, Series } from './model.js';

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
  const items = shown.map((s, i) => `${i + 1}. ${escapeMarkdown(s.name)} (\`${s.color}\`${s.dashed ? ', dashed in the image' : ''})`);
  legend.push(`**Legend** (lines in order): ${items.join(' · ') || 'none'}`);
  // xychart cannot mark a point: the failed ones are named.
  const failed = shown.flatMap((s) => {
    const at = s.points.filter((q) => q.failed).map((q) => escapeMarkdown(labels[keys.indexOf(q.x)] ?? String(q.x)));
    return at.length > 0 ? [`${escapeMarkdown(s.name)} at ${at.join(', ')}`] : [];
  });
  if (failed.length > 0) legend.push(`Failed (marked ✗ in the image): ${failed.join('; ')}.`);
  if (log) legend.push(`y axis: log₁₀ of the value in${unit || ' its unit'}; ${logTicks(all)}.`);
  if (p.x.kind === 'payload') legend.push(toScale ? 'x axis: payload sizes, log₂ scale.' : 'x axis: payload sizes in order, not to scale.');
  if (skipped.length > 0) legend.push(`Not drawn (missing values or too many series): ${skipped.map((s) => escapeMarkdown(s.name)).join(', ')}.`);
  return { block: lines.join('\n'), legend: legend.join('  \n') };
}

/** The Mermaid blocks of one chart, each followed by its Markdown legend. */
export function chartToMermaid(chart: Chart, width = 700): string {
  const parts = chart.panels.map((p) => {
    const { block, legend } = panelToMermaid(chart, p, width);
    return `${block}\n\n${legend}\n`;
  });
  if (chart.note) parts.push(`_${escapeMarkdown(chart.note)}_\n`);
  return parts.join('\n');
}

/**
 * Markdown with the Mermaid blocks of every inline chart, stopping before `maxChars` (GitHub
 * comments hold 65 536 characters; Mermaid refuses diagrams over ~50 000).
 */
export function chartsToMermaidMarkdown(charts: readonly Chart[], maxChars = 40000): string {
  const out: string[] = [];
  let size = 0;
  let left = 0;
  for (const chart of charts) {
    if (!chart.inline) continue;
    const text = `#### ${escapeMarkdown(chart.title)}\n\n${chartToMermaid(chart)}`;
    if (size + text.length > maxChars) {
      left++;
      continue;
    }
    out.push(text);
    size += text.length + 1;
  }
  if (left > 0) out.push(`_${left} more chart(s) are in report.html and the chart images._\n`);
  return out.join('\n');
}
