// Prints the advance widths of DejaVu Sans (regular and bold) for printable ASCII and the few
// other characters charts draw, in thousandths of an em: the table src/engine/charts/textWidth.ts
// lays SVG text out with. `node scripts/font-widths.mjs` regenerates it from the dejavu-fonts-ttf
// package; __tests__/charts-svg.test.ts checks the tables against the font.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const EXTRA = 'µ–…×≥≤✗Δ−↑→'; // as src/engine/charts/textWidth.ts EXTRA_CHARS

export function advanceWidths(file, chars) {
  const font = readFileSync(file);
  const tables = new Map();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
  }
  const unitsPerEm = font.readUInt16BE(tables.get('head') + 18);
  const metrics = font.readUInt16BE(tables.get('hhea') + 34);
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  let sub;
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const at = cmap + 4 + 8 * i;
    if (font.readUInt16BE(at) === 3 && font.readUInt16BE(at + 2) === 1) sub = cmap + font.readUInt32BE(at + 4);
  }
  const segments = font.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const offsets = deltas + 2 * segments;
  const glyphOf = (code) => {
    for (let s = 0; s < segments; s++) {
      if (font.readUInt16BE(ends + 2 * s) < code) continue;
      const start = font.readUInt16BE(starts + 2 * s);
      if (start > code) return 0;
      const delta = font.readInt16BE(deltas + 2 * s);
      const offset = font.readUInt16BE(offsets + 2 * s);
      if (offset === 0) return (code + delta) & 0xffff;
      const g = font.readUInt16BE(offsets + 2 * s + offset + 2 * (code - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  return [...chars].map((c) => {
    const g = Math.min(glyphOf(c.codePointAt(0)), metrics - 1);
    return Math.round((1000 * font.readUInt16BE(hmtx + 4 * g)) / unitsPerEm);
  });
}

export const CHARS = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('') + EXTRA;

export function fontFile(name) {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', name);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])
    console.log(name, JSON.stringify(advanceWidths(fontFile(name), CHARS)));
  console.log(JSON.stringify(CHARS));
}
