/**
 * PNG encoding of rendered charts. resvg's own encoder (Rust compiled to WebAssembly, adaptive
 * filters, zlib level 6) was about a quarter of all chart time. Charts are opaque and mostly flat
 * areas, so they are stored as RGB, each row as its difference to the row above (PNG filter Up),
 * compressed with zlib's run-length strategy: about twice as fast as resvg's encoder, and the files
 * are slightly smaller (the example set: 2.69 MB against 2.73). RGBA would make them 1.7 times
 * larger: the alpha byte breaks every run.
 *
 * Output bytes depend only on the pixels: zlib's Z_RLE strategy finds runs without the hash table,
 * and the hash is the one part of Node's (Chromium's) zlib chosen by CPU at run time, so ordinary
 * deflate could give other bytes on another runner.
 */
import { constants, crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOUR_TYPE_RGB = 2;
const COLOUR_TYPE_RGBA = 6;
const FILTER_NONE = 0;
const FILTER_UP = 2;
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

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
 * tiny-skia does. Only for images with a pixel that is not opaque: a chart on its white background has none.
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
 * Byte-wise `a - b` (mod 256) of `length` bytes, four at a time: the high bit of each byte is set
 * before subtracting, so no byte borrows from the next, then put back. The arrays are padded to whole words.
 */
function subtractRows(a: Uint32Array, b: Uint32Array, into: Uint32Array): void {
  for (let k = 0; k < into.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    into[k] = ((x | 0x80808080) - (y & 0x7f7f7f7f)) ^ ((x ^ ~y) & 0x80808080);
  }
}

/**
 * Scanlines with their filter byte, `channels` bytes a pixel (3: the alpha byte dropped; 4: as
 * given): the first row unfiltered, every other row filter Up. With 3 channels it stops and
 * returns undefined at the first pixel that is not opaque.
 */
function scanlines(pixels: Uint8Array, width: number, height: number, channels: 3 | 4): Uint8Array | undefined {
  const rowBytes = width * channels;
  const out = new Uint8Array((rowBytes + 1) * height);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const padded = (rowBytes + 3) >> 2;
  // Two row buffers, used in turn: row y and the row above it.
  const rows = [new Uint32Array(padded), new Uint32Array(padded)] as const;
  const rowsAsBytes = rows.map((buffer) => new Uint8Array(buffer.buffer, 0, rowBytes));
  const difference = new Uint32Array(padded);
  const differenceBytes = new Uint8Array(difference.buffer, 0, rowBytes);
  const opaque = LITTLE_ENDIAN ? 0xff000000 : 0xff;
  for (let y = 0; y < height; y++) {
    const row = rows[y & 1]!;
    const above = rows[(y + 1) & 1]!;
    const rowAsBytes = rowsAsBytes[y & 1]!;
    if (channels === 4) {
      rowAsBytes.set(aligned.subarray(y * rowBytes, (y + 1) * rowBytes));
    } else {
      let x = 0;
      const first = y * width;
      if (LITTLE_ENDIAN) {
        // Four pixels (r g b a as the bytes of one word each) into three words of r g b.
        let all = 0xffffffff;
        for (let k = 0; x + 4 <= width; x += 4) {
          const p0 = words[first + x]!;
          const p1 = words[first + x + 1]!;
          const p2 = words[first + x + 2]!;
          const p3 = words[first + x + 3]!;
          all &= p0 & p1 & p2 & p3;
          row[k++] = (p0 & 0xffffff) | (p1 << 24);
          row[k++] = ((p1 >>> 8) & 0xffff) | (p2 << 16);
          row[k++] = ((p2 >>> 16) & 0xff) | (p3 << 8);
        }
        if (all >>> 24 !== 0xff) return undefined;
      }
      for (; x < width; x++) {
        if ((words[first + x]! & opaque) >>> 0 !== opaque >>> 0) return undefined;
        const p = (first + x) * 4;
        rowAsBytes[3 * x] = aligned[p]!;
        rowAsBytes[3 * x + 1] = aligned[p + 1]!;
        rowAsBytes[3 * x + 2] = aligned[p + 2]!;
      }
    }
    const at = y * (rowBytes + 1);
    if (y === 0) {
      out[at] = FILTER_NONE;
      out.set(rowAsBytes, at + 1);
    } else {
      subtractRows(row, above, difference);
      out[at] = FILTER_UP;
      out.set(differenceBytes, at + 1);
    }
  }
  return out;
}

/**
 * A PNG of `width` × `height` premultiplied RGBA pixels, row by row (as resvg renders them): 8-bit
 * RGB when every pixel is opaque, else 8-bit RGBA with straight alpha. Not interlaced.
 */
export function encodePng(pixels: Uint8Array, width: number, height: number): Uint8Array {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    pixels.length !== width * height * 4
  ) {
    throw new RangeError(`encodePng: ${pixels.length} bytes are not ${width} × ${height} RGBA pixels`);
  }
  const rgb = scanlines(pixels, width, height, 3);
  const data = rgb ?? scanlines(demultiply(pixels), width, height, 4)!;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, rgb ? COLOUR_TYPE_RGB : COLOUR_TYPE_RGBA, 0, 0, 0], 8);
  // Every setting is spelled out: with the defaults of another zlib build the blocks could split elsewhere.
  const compressed = deflateSync(data, { level: 9, memLevel: 8, windowBits: 15, strategy: constants.Z_RLE });
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('IDAT', compressed), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
