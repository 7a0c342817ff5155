/**
 * One per-second line of ddsperf's output after its `[pid] seconds ` prefix, read field by field
 * left to right (ddsperf.ts): a ping latency line or a subscriber line; an error names the column
 * it broke at.
 */
import { InputError } from '../errors.js';
import { requirePossibleValue } from '../model/validity.js';

export interface LatencySecond {
  line: number;
  mean: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  cnt: number;
}

export interface SubSecond {
  line: number;
  delta: number;
  lost: number;
  kSps: number;
  mbps: number;
}

/** Reads the fixed fields of a line left to right, so an error can name the column it broke at. */
export class Cursor {
  private pos: number;
  constructor(
    private readonly text: string,
    start: number,
    readonly file: string,
    private readonly line: number,
  ) {
    this.pos = start;
  }

  /** The 1-based column of the cursor. */
  column(): number {
    return this.pos + 1;
  }

  /** Matches `re` (a sticky regex whose group 1 is the value) at the cursor. */
  take(re: RegExp, what: string): string {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) {
      const found = this.text.slice(this.pos, this.pos + 20);
      throw new InputError(`expected ${what}, found ${found === '' ? 'the end of the line' : `"${found}"`}`, {
        file: this.file,
        line: this.line,
        column: this.pos + 1,
      });
    }
    this.pos = re.lastIndex;
    return m[1] ?? m[0];
  }

  optional(re: RegExp): string | undefined {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) return undefined;
    this.pos = re.lastIndex;
    return m[1] ?? m[0];
  }

  end(): void {
    if (this.pos !== this.text.length) {
      throw new InputError(`unexpected text "${this.text.slice(this.pos, this.pos + 20)}" at the end of the line`, {
        file: this.file,
        line: this.line,
        column: this.pos + 1,
      });
    }
  }
}

const DECIMAL = '(-?\\d+\\.\\d+)';
const UINT = '(\\d+)';
const field = (name: string, value: string, unit = ''): RegExp => new RegExp(` ${name} ${value}${unit}`, 'y');

export function readLatency(c: Cursor, line: number): LatencySecond {
  const columns: [string, 'mean' | 'min' | 'median' | 'p90' | 'p99' | 'max', number, number][] = [];
  const latency = (name: string, statistic: 'mean' | 'min' | 'median' | 'p90' | 'p99' | 'max'): number => {
    // The value follows " <name> ".
    const column = c.column() + name.length + 2;
    const value = Number(c.take(field(name, DECIMAL, 'us'), `"${name} <number>us"`));
    columns.push([name, statistic, value, column]);
    return value;
  };
  const mean = latency('mean', 'mean');
  const min = latency('min', 'min');
  const p50 = latency('50%', 'median');
  const p90 = latency('90%', 'p90');
  const p99 = latency('99%', 'p99');
  const max = latency('max', 'max');
  const cnt = Number(c.take(field('cnt', UINT), '"cnt <count>"'));
  c.end();
  // A second with no round trips has no latency to judge; one with some has a latency above 0.
  if (cnt > 0) {
    for (const [name, statistic, value, column] of columns) {
      requirePossibleValue(
        { dimension: 'time', statistic },
        value,
        `the ${name} round-trip latency`,
        { file: c.file, line, column },
        'us',
      );
    }
  }
  return { line, mean, min, p50, p90, p99, max, cnt };
}

export function readSub(c: Cursor, line: number): SubSecond {
  c.take(field('total', UINT), '"total <count>"');
  c.take(field('lost', UINT), '"lost <count>"');
  const delta = Number(c.take(field('delta', UINT), '"delta <count>"'));
  const lost = Number(c.take(field('lost', UINT), '"lost <count>"'));
  const kSps = Number(c.take(field('rate', DECIMAL, ' kS/s'), '"rate <number> kS/s"'));
  const mbps = Number(c.take(new RegExp(` ${DECIMAL} Mb/s`, 'y'), '"<number> Mb/s"'));
  // The 10-second average (0.7.0+) is optional and not used: its first 9 seconds average in zeros.
  c.optional(new RegExp(` \\(${DECIMAL} kS/s ${DECIMAL} Mb/s\\)`, 'y'));
  c.end();
  return { line, delta, lost, kSps, mbps };
}
