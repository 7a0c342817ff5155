/**
 * PNG encoding of rendered charts. resvg's own encoder (Rust compiled to WebAssembly, adaptive
 * filters, zlib level 6) was about a quarter of all chart time; charts are large flat areas, so
 * the Up filter plus run-length deflate does the same job in a fraction of it.
 *
 * Output bytes depend only on the pixels: zlib's Z_RLE strategy finds runs without the hash table,
 * and the hash is the one part of Node's (Chromium's) zlib chosen by CPU at run time, so ordinary
 * deflate could give other bytes on another runner.
 */
import { constants, crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOUR_TYPE_RGBA = 6;
const FILTER_NONE = 0;
const FILTER_UP = 2;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Premultiplied RGBA (what resvg renders) to straight RGBA, as PNG stores it, rounding as
 * tiny-skia does. Only called when some pixel is not opaque: a chart on its white background has none.
 */
function demultiply(pixels: Uint8Array): Uint8Array {
  const out = pixels.slice();
  for (let i = 0; i < out.length; i += 4) {
    const a = out[i + 3]!;
    if (a === 255) continue;
    for (let k = 0; k < 3; k++) out[i + k] = a === 0 ? 0 : Math.min(255, Math.round((out[i + k]! * 255) / a));
  }
  return out;
}

/**
 * Scanlines with their filter byte: the first row unfiltered, every other row minus the row above
 * (PNG filter Up), so a row like the one before it becomes zeros. The byte-wise subtraction runs on
 * four bytes at once: the high bit of each byte is set before subtracting so no lane borrows from
 * the next, then put back. Also tells whether every pixel is opaque (all alpha bytes 255).
 */
function filterUp(pixels: Uint8Array, width: number, height: number): { scanlines: Uint8Array; opaque: boolean } {
  const rowBytes = width * 4;
  const scanlines = new Uint8Array((rowBytes + 1) * height);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const row = new Uint32Array(width);
  const rowAsBytes = new Uint8Array(row.buffer);
  let all = 0xffffffff;
  for (let x = 0; x < width; x++) all &= words[x]!;
  scanlines[0] = FILTER_NONE;
  scanlines.set(aligned.subarray(0, rowBytes), 1);
  for (let y = 1; y < height; y++) {
    const here = y * width;
    const above = here - width;
    for (let x = 0; x < width; x++) {
      const a = words[here + x]!;
      const b = words[above + x]!;
      all &= a;
      row[x] = ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
    }
    const at = y * (rowBytes + 1);
    scanlines[at] = FILTER_UP;
    scanlines.set(rowAsBytes, at + 1);
  }
  // Alpha is the fourth byte of each pixel: the top byte of a little-endian word, the bottom of a big-endian one.
  const alphaMask = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1 ? 0xff000000 : 0xff;
  return { scanlines, opaque: (all & alphaMask) >>> 0 === alphaMask >>> 0 };
}

/** A PNG (8-bit RGBA, not interlaced) of `width` × `height` premultiplied RGBA pixels, row by row. */
export function encodePng(pixels: Uint8Array, width: number, height: number): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || pixels.length !== width * height * 4) {
    throw new RangeError(`encodePng: ${pixels.length} bytes are not ${width} × ${height} RGBA pixels`);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, COLOUR_TYPE_RGBA, 0, 0, 0], 8);
  let { scanlines, opaque } = filterUp(pixels, width, height);
  if (!opaque) scanlines = filterUp(demultiply(pixels), width, height).scanlines;
  // Every setting is spelled out: with the defaults of another zlib build the blocks could split elsewhere.
  const data = deflateSync(scanlines, { level: 9, memLevel: 8, windowBits: 15, strategy: constants.Z_RLE });
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
