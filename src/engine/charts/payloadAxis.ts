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

/**
 * Tick values for a log₂ payload axis spanning `payloads`: every power of two between the
 * smallest and largest, thinned to at most `maxTicks` by taking every n-th exponent.
 */
export function payloadTicks(payloads: readonly number[], maxTicks = 12): number[] {
  const positive = payloads.filter((p) => Number.isFinite(p) && p > 0);
  if (positive.length === 0) return [];
  const lo = Math.floor(Math.log2(Math.min(...positive)));
  const hi = Math.ceil(Math.log2(Math.max(...positive)));
  const count = hi - lo + 1;
  const step = Math.max(1, Math.ceil(count / maxTicks));
  const ticks: number[] = [];
  for (let e = lo; e <= hi; e += step) ticks.push(2 ** e);
  return ticks;
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
