/**
 * The payload axis: sizes are powers of two from 16 B to several MiB, so charts put them on a
 * log₂ scale and label ticks in binary units (16 B, 1 KiB, 4 MiB).
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/** `16 B`, `1 KiB`, `1.5 KiB`, `4 MiB`: the largest binary unit the size is at least one of. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Three significant digits at most; trailing zeros dropped so ticks read `16 KiB`, not `16.0 KiB`.
  const text = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(3)));
  return `${text} ${UNITS[unit]}`;
}

/** The smallest and largest exponent of two around the positive payloads, or undefined when none. */
function exponentRange(payloads: readonly number[]): { lo: number; hi: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const p of payloads) {
    if (!Number.isFinite(p) || p <= 0) continue;
    if (p < min) min = p;
    if (p > max) max = p;
  }
  return min <= max ? { lo: Math.floor(Math.log2(min)), hi: Math.ceil(Math.log2(max)) } : undefined;
}

/**
 * Tick values for a log₂ payload axis spanning `payloads`: every power of two between the
 * smallest and largest, thinned to at most `maxTicks` by taking every n-th exponent. Thinned
 * ticks need not reach the largest payload: the axis domain is `payloadDomain`, not the ticks.
 */
export function payloadTicks(payloads: readonly number[], maxTicks = 12): number[] {
  const range = exponentRange(payloads);
  if (!range) return [];
  const count = range.hi - range.lo + 1;
  const step = Math.max(1, Math.ceil(count / maxTicks));
  const ticks: number[] = [];
  for (let e = range.lo; e <= range.hi; e += step) ticks.push(2 ** e);
  return ticks;
}

/**
 * The log₂ axis domain: the powers of two at or around the smallest and largest payload, so every payload is inside.
 */
export function payloadDomain(payloads: readonly number[]): [number, number] | undefined {
  const range = exponentRange(payloads);
  return range ? [2 ** range.lo, 2 ** range.hi] : undefined;
}

/**
 * A Vega expression that labels a tick value as `formatBytes` does, so the SVG/PNG and the
 * interactive report show the same labels. Only called on powers of two (exact in binary).
 */
export const PAYLOAD_LABEL_EXPR =
  "datum.value >= 1073741824 ? format(datum.value / 1073741824, '~r') + ' GiB'" +
  " : datum.value >= 1048576 ? format(datum.value / 1048576, '~r') + ' MiB'" +
  " : datum.value >= 1024 ? format(datum.value / 1024, '~r') + ' KiB'" +
  " : format(datum.value, '~r') + ' B'";

/** Whether every payload is a positive finite number (a log axis can show them). */
export function isPayloadAxis(values: readonly number[]): boolean {
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v > 0);
}
