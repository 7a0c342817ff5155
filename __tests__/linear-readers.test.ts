import { inputError as thrownInputError } from './helpers/formats.js';
import { criterionConsoleAdapter } from '../src/engine/formats/criterion/console.js';
import { fastddsLatencyConsoleAdapter } from '../src/engine/formats/fastdds/latencyConsole.js';
import { MAX_RAW_LINE_BYTES, RAW_HEADER } from '../src/engine/formats/fastdds/raw.js';
import { readUnit } from '../src/engine/formats/shared.js';
import { checkScaling, readRaw } from './helpers/fuzz.js';

// Issue 26, item 6: readers that were quadratic on hostile input. Each scaling check below took
// ×1024 the work for ×32 the input before its fix (checkScaling fails above ×512).

const encoder = new TextEncoder();

/** `file:line:column: message` of the InputError a call throws. */
const inputError = (run: () => unknown): string => thrownInputError(run).describe();

describe('the shared unit reader', () => {
  it('reads a unit with a long run of blanks in linear time (50,000 spaces took 4.6 s)', () => {
    checkScaling(
      'readUnit on spaces',
      1 << 15,
      (n) => 'MB' + ' '.repeat(n) + 'x',
      (text) => void readUnit(text),
    );
    checkScaling(
      'readUnit on tabs before a slash',
      1 << 15,
      (n) => 'MB' + '\t'.repeat(n) + '/x',
      (text) => void readUnit(text),
    );
  });

  it('still splits a suffix at the last slash, blanks around it dropped', () => {
    expect(readUnit('MB \t/ s')).toMatchObject({
      unit: { symbol: 'MB \t/ s', dimension: 'byterate', toBase: 1 },
      direction: 'higher-is-better',
      known: true,
    });
    expect(readUnit('ns /  iter')).toMatchObject({
      unit: { dimension: 'time', toBase: 1e-3 },
      direction: 'lower-is-better',
      known: true,
    });
    expect(readUnit('msg/ms/s')).toMatchObject({
      unit: { dimension: 'rate', toBase: 1 },
      direction: 'higher-is-better',
      known: true,
    });
    // `.` in the old pattern never matched a line break inside the quantity.
    expect(readUnit('a\nb/s')).toMatchObject({ direction: 'lower-is-better', known: false });
    expect(readUnit('ab\n/s')).toMatchObject({ direction: 'higher-is-better', known: true });
    expect(readUnit('/s')).toMatchObject({ known: false });
  });
});

describe('console readers', () => {
  it('criterion-console reads a throughput unit with a long run of tabs in linear time (a 300 KB file took > 120 s)', () => {
    const make = (n: number) =>
      `bench/a\n                        time:   [1.0 ns 2.0 ns 3.0 ns]\n                        thrpt:  [1 x${'\t'.repeat(n)}y 2 x 3 x]\n`;
    const parse = (text: string) => inputError(() => criterionConsoleAdapter.parse({ file: 'bench.txt', text }, {}));
    expect(parse(make(10))).toBe('bench.txt:3:34: unknown throughput unit "x\t\t\t\t\t\t\t\t\t\ty"');
    checkScaling('criterion-console on tabs in a unit', 1 << 16, make, (text) => void parse(text));
  });

  it('fastdds-latency-console reads a row with a long run of spaces in linear time', () => {
    const header = 'Bytes, Samples, stdev, mean, min, 50%, 90%, 99%, 99.99%, max\n';
    const make = (n: number) => `${header}16,${' '.repeat(n)}x\n`;
    const parse = (text: string) =>
      inputError(() => fastddsLatencyConsoleAdapter.parse({ file: 'publisher.out', text }, {}));
    expect(parse(make(3))).toMatch(/^publisher\.out:2:\d+: expected 10 comma-separated fields/);
    checkScaling('fastdds-latency-console on spaces in a row', 1 << 16, make, (text) => void parse(text));
  });
});

describe('the Fast-DDS raw reader', () => {
  const file = 'measurements_intraprocess_best_effort.csv';

  it('joins a line split over many chunks once (a 128 MiB line took 16 s)', () => {
    const make = (n: number) => `${RAW_HEADER}\n${'7'.repeat(n)},16,10.5\n`;
    const read = (text: string) => void readRaw(file, encoder.encode(text), [128]);
    expect(readRaw(file, encoder.encode(make(100_000)), [256])).toMatchObject({
      rows: 1,
      groups: [{ payloadBytes: 16, latencies: new Float64Array([10.5]) }],
    });
    checkScaling('raw reader on a line in 128-byte chunks', MAX_RAW_LINE_BYTES - 64, make, read);
  });

  it('refuses a line longer than 1 MiB at its line, however it is split', () => {
    expect(MAX_RAW_LINE_BYTES).toBe(1 << 20);
    const message = `${file}:2:1: line 2 is longer than 1 MiB, the limit for a line of raw measurements (a row is under 100 bytes)`;
    const long = encoder.encode(`${RAW_HEADER}\n${'7'.repeat(MAX_RAW_LINE_BYTES)},16,10.5\n3,16,1\n`);
    // one chunk: the fast path reads the row; 64 KiB chunks: the pending line grows past the limit
    expect(inputError(() => readRaw(file, long))).toBe(message);
    expect(inputError(() => readRaw(file, long, [65536]))).toBe(message);
    // a line the fast path does not read (a quote), in one chunk
    const quoted = encoder.encode(`${RAW_HEADER}\n"${'7'.repeat(MAX_RAW_LINE_BYTES)}",16,10.5\n`);
    expect(inputError(() => readRaw(file, quoted))).toBe(message);
    // the last line, with no newline after it
    const last = encoder.encode(`${RAW_HEADER}\n1,16,1\n${'x'.repeat(MAX_RAW_LINE_BYTES + 1)}`);
    expect(inputError(() => readRaw(file, last, [4096]))).toBe(message.replace(/2/g, '3'));
  });
});
