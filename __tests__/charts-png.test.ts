/**
 * The PNG encoder (src/render/png.ts), judged by an independent decoder (helpers/png.ts): every
 * pixel comes back, for random images and for real charts, and matches what resvg's own encoder
 * stores.
 */
import { Resvg } from '@resvg/resvg-wasm';
import fc from 'fast-check';
import { encodePng } from '../src/render/png.js';
import { prepareResvg } from '../src/render/rasterize.js';
import { chartToSvg } from '../src/engine/charts/svg.js';
import { CHART_FONT } from '../src/engine/charts/vegaLite.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { exampleInput } from './charts-fixtures.js';
import { decodePng, samePixels } from './helpers/png.js';

const opaque = (rgba: Uint8Array) => {
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return rgba;
};

test('random opaque images come back pixel for pixel (every byte value through the four-lane Up filter)', () => {
  fc.assert(
    fc.property(
      fc
        .integer({ min: 1, max: 40 })
        .chain((width) =>
          fc
            .integer({ min: 1, max: 40 })
            .chain((height) =>
              fc.tuple(
                fc.constant(width),
                fc.constant(height),
                fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }),
              ),
            ),
        ),
      ([width, height, bytes]) => {
        const rgba = opaque(Uint8Array.from(bytes));
        const decoded = decodePng(encodePng(rgba, width, height));
        expect(decoded.width).toBe(width);
        expect(decoded.height).toBe(height);
        expect(Buffer.from(decoded.rgba).equals(Buffer.from(rgba))).toBe(true);
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

test('chunks: IHDR, one IDAT, IEND, each with a valid CRC; opaque images are stored as RGB', () => {
  const png = encodePng(opaque(new Uint8Array(3 * 2 * 4).fill(200)), 3, 2);
  const decoded = decodePng(png);
  expect(decoded.chunkTypes).toEqual(['IHDR', 'IDAT', 'IEND']);
  expect([...png.subarray(24, 29)]).toEqual([8, 2, 0, 0, 0]);
});

test('premultiplied pixels that are not opaque are stored as RGBA with straight alpha', () => {
  // Premultiplied (r, g, b, a) = (64, 32, 0, 128) is straight (128, 64, 0, 128); alpha 0 is (0, 0, 0, 0).
  const rgba = Uint8Array.of(64, 32, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255, 255, 255, 255, 255);
  const png = encodePng(rgba, 2, 2);
  expect([...png.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0]);
  expect([...decodePng(png).rgba]).toEqual([128, 64, 0, 128, 0, 0, 0, 0, 10, 20, 30, 255, 255, 255, 255, 255]);
});

test('random premultiplied images with transparency come back with straight alpha', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 24 }).chain((width) =>
        fc.integer({ min: 1, max: 24 }).chain((height) =>
          fc.tuple(
            fc.constant(width),
            fc.constant(height),
            fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.nat(255), fc.nat(255), fc.nat(255)), {
              minLength: width * height,
              maxLength: width * height,
            }),
          ),
        ),
      ),
      ([width, height, raw]) => {
        // Premultiplied: no colour channel above alpha. One pixel at least is not opaque.
        const pixels = raw.map(([a, r, g, b], i) =>
          i === 0 ? [r % 128, g % 128, b % 128, 127] : [Math.min(r, a), Math.min(g, a), Math.min(b, a), a],
        );
        const rgba = Uint8Array.from(pixels.flat());
        const straight = pixels.flatMap(([r, g, b, a]) =>
          a === 0 ? [0, 0, 0, 0] : [...[r!, g!, b!].map((c) => Math.min(255, Math.round((c * 255) / a!))), a!],
        );
        expect([...decodePng(encodePng(rgba, width, height)).rgba]).toEqual(straight);
      },
    ),
    { seed: 42, numRuns: 100 },
  );
});

test('an unaligned pixel buffer is read correctly', () => {
  const backing = new Uint8Array(1 + 5 * 3 * 4);
  const rgba = opaque(backing.subarray(1));
  rgba.forEach((_, i) => i % 4 !== 3 && (rgba[i] = (i * 37) & 0xff));
  const decoded = decodePng(encodePng(rgba, 5, 3));
  expect(Buffer.from(decoded.rgba).equals(Buffer.from(rgba))).toBe(true);
});

test('sizes that do not match the pixels are refused', () => {
  expect(() => encodePng(new Uint8Array(16), 3, 2)).toThrow(RangeError);
  expect(() => encodePng(new Uint8Array(0), 0, 0)).toThrow(RangeError);
});

test('same pixels, same bytes', () => {
  const rgba = opaque(Uint8Array.from({ length: 64 * 64 * 4 }, (_, i) => (i * 7919) & 0xff));
  expect(Buffer.from(encodePng(rgba, 64, 64)).equals(Buffer.from(encodePng(rgba.slice(), 64, 64)))).toBe(true);
});

test("for real charts, the pixels are those resvg's own encoder stores", async () => {
  const font = await prepareResvg(); // initialises resvg once and gives the bundled font
  const charts = planCharts(exampleInput()).filter((c) =>
    [
      'check-interprocess_best_effort',
      'series-interprocess_best_effort',
      'history-payload-interprocess_best_effort',
    ].includes(c.id),
  );
  expect(charts).toHaveLength(3);
  for (const chart of charts) {
    const svg = chartToSvg(chart);
    const resvg = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: 1 },
      background: 'white',
      font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT },
    });
    const image = resvg.render();
    const ours = decodePng(encodePng(image.pixels, image.width, image.height));
    const theirs = decodePng(image.asPng());
    image.free();
    resvg.free();
    expect(samePixels(ours, theirs)).toBe(true);
  }
});
