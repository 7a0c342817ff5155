/**
 * The chart SVGs as a person opens them from the report artifact: each file of a real writeCharts
 * run is loaded in headless Chromium, which lays its text out with its own font engine. There:
 * - no text overlaps another and none leaves the picture (Chromium's boxes, not the renderer's);
 * - where Chromium has DejaVu Sans, no text is wider than the renderer reserved for it, and none
 *   much narrower (the width tables are the font's);
 * - every file draws without an error.
 * Screenshots of each chart, drawn the way perfgate drew them before issue 18 (vega's headless
 * View, from the same spec) and the way it draws them now, are written side by side to the test
 * output folder for review.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { textWidth } from '../src/engine/charts/textWidth.js';
import { writeCharts } from '../src/pipeline/writeCharts.js';
import { exampleInput } from './charts-fixtures.js';
import { CHROMIUM, haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { cwdFiles } from './helpers/shared.js';

if (!haveChromium) process.stderr.write(`perfgate tests: ${CHROMIUM} not found, skipping the chart SVG browser test\n`);

interface MeasuredText {
  text: string;
  size: number;
  bold: boolean;
  rotated: boolean;
  /** Chromium's own advance width of the text. */
  length: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Run in the page: the picture's size, whether DejaVu Sans is there, and every text's own box and advance width. */
const MEASURE = `(() => {
  const box = document.documentElement.getBoundingClientRect();
  const texts = [...document.querySelectorAll('text')].map((t) => {
    const r = t.getBoundingClientRect();
    return {
      text: t.textContent ?? '',
      size: Number(t.getAttribute('font-size')),
      bold: t.getAttribute('font-weight') === 'bold',
      rotated: (t.getAttribute('transform') ?? '').includes('rotate'),
      length: t.getComputedTextLength(),
      left: r.left - box.left,
      right: r.right - box.left,
      top: r.top - box.top,
      bottom: r.bottom - box.top,
    };
  });
  return { width: box.width, height: box.height, fontReady: document.fonts.check('10px "DejaVu Sans"'), texts };
})()`;

/** vega's SVG of a spec, as perfgate drew its still images before (the "before" screenshots). */
async function vegaSvg(spec: object): Promise<string> {
  const view = new View(parse(compile(spec as TopLevelSpec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

(haveChromium ? describe : describe.skip)('chart SVGs in headless Chromium', () => {
  test('no text overlaps or leaves the picture; the widths the renderer reserved hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-chart-svgs-'));
    const outcome = await writeCharts(cwdFiles, dir, { ...exampleInput(), png: false });
    const browser = await launchChromium();
    let compared = 0;
    try {
      const { page, problems } = await watchedPage(browser);
      for (const chart of outcome.charts) {
        const svgPath = chart.files.find((f) => f.endsWith('.svg'))!;
        await page.goto(pathToFileURL(svgPath).href);
        const measured = (await page.evaluate(MEASURE)) as {
          width: number;
          height: number;
          fontReady: boolean;
          texts: MeasuredText[];
        };
        const texts: MeasuredText[] = measured.texts;
        expect(texts.length).toBeGreaterThan(3);
        for (const t of texts) {
          expect([
            chart.id,
            t.text,
            t.left >= -0.5 && t.top >= -0.5 && t.right <= measured.width + 0.5 && t.bottom <= measured.height + 0.5,
          ]).toEqual([chart.id, t.text, true]);
          if (measured.fontReady && !t.rotated) {
            // Kerning only narrows text: never wider than reserved, and the same font, so not much narrower.
            const reserved = textWidth(t.text, t.size, t.bold);
            expect([chart.id, t.text, t.length <= reserved + 0.5 && t.length >= 0.9 * reserved]).toEqual([
              chart.id,
              t.text,
              true,
            ]);
            compared++;
          }
        }
        // Chromium's glyph boxes are a little taller than the em: shrink each by a pixel before comparing.
        const flat = texts
          .filter((t) => !t.rotated)
          .map((t) => ({ ...t, top: t.top + 1, bottom: t.bottom - 1, left: t.left + 0.5, right: t.right - 0.5 }));
        for (let i = 0; i < flat.length; i++) {
          for (let j = i + 1; j < flat.length; j++) {
            const a = flat[i]!;
            const b = flat[j]!;
            const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            expect([chart.id, a.text, b.text, overlap]).toEqual([chart.id, a.text, b.text, false]);
          }
        }
        // An SVG document has no page to scroll: the viewport is sized to the picture instead.
        await page.setViewportSize({ width: Math.ceil(measured.width), height: Math.ceil(measured.height) });
        await page.screenshot({ path: join(dir, `after-${chart.id}.png`) });
        // Before: vega's rendering of the same spec, as the still images were drawn until issue 18.
        const spec = JSON.parse(
          readFileSync(
            chart.files.find((f) => f.endsWith('.vl.json'))!,
            'utf8',
          ),
        ) as object;
        const before = join(dir, `before-${chart.id}.svg`);
        writeFileSync(before, await vegaSvg(spec));
        await page.goto(pathToFileURL(before).href);
        const size = (await page.evaluate('document.documentElement.getBoundingClientRect().toJSON()')) as {
          width: number;
          height: number;
        };
        await page.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
        await page.screenshot({ path: join(dir, `before-${chart.id}.png`) });
      }
      expect(problems).toEqual([]);
      process.stderr.write(
        `perfgate tests: chart screenshots before and after (before-<id>.png, after-<id>.png) in ${dir}; ${compared} text widths compared\n`,
      );
    } finally {
      await browser.close();
    }
  });
});
