/**
 * Layout checks on an SVG drawn by src/engine/charts/svg.ts, for any chart test: every horizontal
 * text's box (from the font's advance widths), the plot areas, and "tidy": no text over a plot,
 * none past the canvas, no two overlapping.
 */
import { expect } from '@jest/globals';
import { textWidth } from '../../src/engine/charts/textWidth.js';

const attr = (element: string, name: string) => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(element)![1]);
const content = (element: string) => />([^<]*)<\/text>$/.exec(element)![1]!;

export interface Box {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The box of every horizontal text of an SVG in canvas coordinates (rotated axis texts are left out). */
export function textBoxes(svg: string): Box[] {
  const boxes: Box[] = [];
  let ox = 0;
  let oy = 0;
  for (const line of svg.split('\n')) {
    const group = /^<g class="panel" transform="translate\(([-\d.]+),([-\d.]+)\)">$/.exec(line);
    if (group) [ox, oy] = [Number(group[1]), Number(group[2])];
    if (line === '</g>') [ox, oy] = [0, 0];
    if (!line.startsWith('<text') || line.includes('transform=')) continue;
    const size = attr(line, 'font-size');
    const raw = content(line)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    const width = textWidth(raw, size, line.includes('font-weight="bold"'));
    const x = ox + attr(line, 'x');
    const y = oy + attr(line, 'y');
    const anchor = /text-anchor="(\w+)"/.exec(line)?.[1] ?? 'start';
    const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
    boxes.push({ text: raw, left, right: left + width, top: y - 0.76 * size, bottom: y + 0.24 * size });
  }
  return boxes;
}

/** The plot areas (frames) of an SVG's panels, in canvas coordinates. */
export function plotAreas(svg: string): { left: number; right: number; top: number; bottom: number }[] {
  return [
    ...svg.matchAll(
      /<g class="panel" transform="translate\(([-\d.]+),([-\d.]+)\)">\n(?:.*\n)*?<rect class="frame" x="0.5" y="0.5" width="(\d+)" height="(\d+)"/g,
    ),
  ].map((m) => {
    const [x, y, width, height] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    return { left: x, right: x + width, top: y, bottom: y + height };
  });
}

export function expectTidyLayout(svg: string): void {
  const [, w, h] = /^<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number) as [number, number, number];
  const boxes = textBoxes(svg);
  const plots = plotAreas(svg);
  expect(plots).toHaveLength((svg.match(/<g class="panel"/g) ?? []).length);
  expect(boxes.length).toBeGreaterThan(3);
  // Every broken rule is collected, then compared with none in one assertion: a chart holds hundreds of texts, and an
  // expect per pair of them cost seconds of a suite that draws hundreds of charts.
  const untidy: string[] = [];
  for (const b of boxes) {
    // No text is drawn over a plot.
    for (const p of plots) {
      const inside = b.left < p.right && p.left < b.right && b.top < p.bottom && p.top < b.bottom;
      if (inside) untidy.push(`"${b.text}" is drawn over a plot`);
    }
    if (!(b.left >= 0 && b.right <= w && b.top >= 0 && b.bottom <= h)) untidy.push(`"${b.text}" leaves the canvas`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      if (overlap) untidy.push(`"${a.text}" overlaps "${b.text}"`);
    }
  }
  expect(untidy).toEqual([]);
}
