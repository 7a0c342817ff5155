/**
 * Units as benchmark tools print them, normalised to one base unit per dimension so that values
 * from different tools compare; the unit the tool printed is kept for display.
 */
export type Dimension = 'time' | 'size' | 'bitrate' | 'byterate' | 'rate' | 'count' | 'ratio';

/** The base unit every value of a dimension is stored in. */
export const BASE_UNITS: Record<Dimension, string> = {
  time: 'us',
  size: 'B',
  bitrate: 'Mb/s',
  byterate: 'MB/s',
  rate: 'Hz',
  count: '',
  ratio: '%',
};

export interface Unit {
  /** The symbol as written by the tool (kept for display). */
  symbol: string;
  dimension: Dimension;
  /** Multiply a value in this unit by `toBase` to get the base unit of its dimension. */
  toBase: number;
}

const TIME: Record<string, number> = {
  ps: 1e-6,
  ns: 1e-3,
  us: 1,
  'µs': 1,
  'μs': 1,
  usec: 1,
  ms: 1e3,
  msec: 1e3,
  s: 1e6,
  sec: 1e6,
  secs: 1e6,
  seconds: 1e6,
  min: 60e6,
};

const SIZE: Record<string, number> = {
  b: 1, // only when spelled `B`; see parseUnit
  B: 1,
  bytes: 1,
  Bytes: 1,
  kB: 1e3,
  KB: 1e3,
  KiB: 1024,
  MB: 1e6,
  MiB: 1024 * 1024,
  GB: 1e9,
  GiB: 1024 * 1024 * 1024,
};

const BITRATE: Record<string, number> = {
  'b/s': 1e-6,
  bps: 1e-6,
  'kb/s': 1e-3,
  'Kb/s': 1e-3,
  kbps: 1e-3,
  'Mb/s': 1,
  Mbps: 1,
  'Mbit/s': 1,
  'Gb/s': 1e3,
  Gbps: 1e3,
  'Gbit/s': 1e3,
};

const BYTERATE: Record<string, number> = {
  'B/s': 1e-6,
  'kB/s': 1e-3,
  'KB/s': 1e-3,
  'KiB/s': 1024 / 1e6,
  'MB/s': 1,
  'MiB/s': (1024 * 1024) / 1e6,
  'GB/s': 1e3,
  'GiB/s': (1024 * 1024 * 1024) / 1e6,
};

const RATE: Record<string, number> = {
  Hz: 1,
  '1/s': 1,
  'msg/s': 1,
  'msgs/s': 1,
  'samples/s': 1,
  'Sample/s': 1,
  'sample/s': 1,
  'req/s': 1,
  'requests/s': 1,
  'ops/s': 1,
  // databroker-perf's own spelling of its throughput
  'signal/s': 1,
  'signals/s': 1,
  'signal/second': 1,
  'updates/s': 1,
  'kS/s': 1e3,
  kHz: 1e3,
  'k/s': 1e3,
  MHz: 1e6,
  'M/s': 1e6,
};

/**
 * Reads a unit symbol (`µs`, `ms`, `MB/s`, `Mb/s`, `KiB`, `Hz`, …). Returns undefined for a symbol
 * perfgate does not know, so callers can keep the value as a plain count and say so.
 */
export function parseUnit(text: string): Unit | undefined {
  const symbol = text.trim();
  if (symbol === '') return { symbol, dimension: 'count', toBase: 1 };
  if (symbol === '%') return { symbol, dimension: 'ratio', toBase: 1 };
  const tables: [Dimension, Record<string, number>][] = [
    ['time', TIME],
    ['bitrate', BITRATE],
    ['byterate', BYTERATE],
    ['rate', RATE],
    ['size', SIZE],
  ];
  for (const [dimension, table] of tables) {
    // `b` alone is ambiguous (bit or byte); accept only the exact spellings in the tables.
    if (symbol === 'b') continue;
    const factor = table[symbol];
    if (factor !== undefined) return { symbol, dimension, toBase: factor };
  }
  return undefined;
}

/** Converts a value in `unit` to its dimension's base unit. */
export function toBaseUnit(value: number, unit: Unit): number {
  return unit.toBase === 1 ? value : value * unit.toBase;
}

/** Longer times that tools print only as the denominator of a rate (JMH's `ops/hr`, `ops/day`). */
const COMPOUND_TIME: Record<string, number> = { ...TIME, h: 3.6e9, hr: 3.6e9, day: 8.64e10 };

const PER_OPERATION = new Set(['op', 'ops', 'operation', 'iter', 'iters', 'iteration', 'call', 'run', 'invocation']);
/** Bits over time are a bit rate; perfgate knows the ones in BITRATE and no others. */
const BIT_NUMERATOR = /^[kKMGT]?i?(b|bit|bits)$/;

/**
 * Reads a unit as a benchmark tool prints it: every plain unit parseUnit knows, and the compound
 * spellings of the tools' own outputs. A time or size per operation (`ns/op`, `us/op`, `ns/iter`,
 * `B/op`) is that time or size; any other count per operation (`allocs/op`) is a count; a count
 * per unit of time (`ops/s`, `ops/ms`, `ops/us`, `items/s`) is a rate, and a size per unit of time
 * (`MB/sec`) a byte rate. Case matters, as it does to the tools: `ms` is not `Ms`, `Mb/s` not `MB/s`.
 */
export function parseToolUnit(text: string): Unit | undefined {
  const symbol = text.trim();
  const plain = parseUnit(symbol);
  if (plain) return plain;
  // Split at the last slash (no regular expression: a hostile header must not backtrack).
  const slash = symbol.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const numerator = symbol.slice(0, slash).trim();
  const denominator = symbol.slice(slash + 1).trim();
  if (PER_OPERATION.has(denominator)) {
    const inner = parseUnit(numerator);
    if (inner === undefined || inner.dimension === 'count')
      return numerator.includes('/') ? undefined : { symbol, dimension: 'count', toBase: 1 };
    if (inner.dimension === 'time' || inner.dimension === 'size')
      return { symbol, dimension: inner.dimension, toBase: inner.toBase };
    return undefined;
  }
  const per = COMPOUND_TIME[denominator];
  if (per === undefined || numerator === '' || /[\s/]/.test(numerator)) return undefined;
  const size = numerator === 'b' ? undefined : SIZE[numerator];
  // x B per µs is x MB/s
  if (size !== undefined) return { symbol, dimension: 'byterate', toBase: size / per };
  if (BIT_NUMERATOR.test(numerator) || parseUnit(numerator) !== undefined) return undefined;
  return { symbol, dimension: 'rate', toBase: 1e6 / per };
}

/** The units parseToolUnit reads, for an error that names an unknown one. */
export function acceptedUnits(): string {
  const list = (table: Record<string, number>) =>
    Object.keys(table)
      .filter((s) => s !== 'b')
      .join(', ');
  return [
    `time ${list(TIME)}`,
    `size ${list(SIZE)}`,
    `bit rate ${list(BITRATE)}`,
    `byte rate ${list(BYTERATE)}`,
    `rate ${list(RATE)}`,
    'per operation ns/op, us/op, ms/op, ns/iter, B/op, allocs/op (a time or size per op, iter, call or run; any other count per op)',
    'per unit of time ops/s, ops/ms, ops/us, items/s, MB/sec (a count or size per time unit)',
    'ratio %',
  ].join('; ');
}
