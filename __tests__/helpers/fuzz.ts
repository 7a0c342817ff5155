/**
 * Shared pieces of the parser fuzz tests (`__tests__/fuzz-*.test.ts`): every parser behind one
 * `(file, text) => result` shape, the seed corpus (project fixtures and, when present,
 * ../shared/fixtures), text mutations for fast-check, and `parseChecked`, which runs one parse and
 * throws a plain Error (a property failure) when the parse breaks the contract:
 *
 * - it returns, or throws InputError / UsageError (never TypeError, RangeError, SyntaxError …);
 * - an InputError names the file (its place, or its message) and any line / column is a whole
 *   number ≥ 1 (and the line is at most one past the last line of the input);
 * - it uses less than a generous hang guard of CPU time (HANG_GUARD_CPU_MS).
 *
 * `checkScaling` guards against super-linear work (quadratic regexes and loops) without a
 * time budget: it compares the work for an input with the work for one 32 times smaller.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { InputError, UsageError } from '../../src/engine/errors.js';
import type { FormatAdapter, GenericCsvMapping, ParseOptions } from '../../src/engine/formats/adapter.js';
import { looksLikeRawMeasurements, RawMeasurementReader } from '../../src/engine/formats/fastdds/raw.js';
import { looksLikeSummary, parseSummaryCsv } from '../../src/engine/formats/fastdds/summary.js';
import { parseLooseJson } from '../../src/engine/formats/looseJson.js';
import { parseMappingJson } from '../../src/engine/formats/mappingJson.js';
import {
  isMetricRequirementsHeader,
  parseMetricRequirementsCsv,
} from '../../src/engine/formats/metricRequirementsCsv.js';
import { ADAPTERS } from '../../src/engine/formats/registry.js';
import { parseRequirementsCsv, REQUIREMENTS_HEADER } from '../../src/engine/formats/requirementsCsv.js';
import { parseHistoryRecord } from '../../src/engine/history/codec.js';
import { parseArchive } from '../../src/engine/history/archive.js';
import { parseWaivers, WAIVER_HEADER } from '../../src/engine/compare/waivers.js';
import { repoRoot, sharedDir } from './shared.js';

/**
 * CPU time this process has used, in ms. Not wall-clock time: other processes on a loaded machine
 * do not add to it, so the bounds below hold however busy the machine is. (process.cpuUsage, not
 * threadCpuUsage: on Linux the latter advances in 4 ms clock ticks, too coarse for small inputs.)
 */
export function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * Most CPU time one parse may use: a hang guard only, never a speed target (those are measured
 * by `npm run bench`). The slowest linear parse in the suite takes about 3 s; the quadratic bugs
 * of docs/fuzzing.md took minutes on the inputs used here.
 */
export const HANG_GUARD_CPU_MS = 30_000;

/** `checkScaling` compares an input with one this many times smaller. */
export const SCALE_FACTOR = 32;
/**
 * Largest allowed growth of the work when the input grows SCALE_FACTOR (32) times. Quadratic
 * work grows ×1024. Linear work would grow ×32, but in practice more: a 2 MB line does not fit the
 * CPU caches that a 64 KB one does, and the garbage collector costs more per character for large
 * inputs. Most parsers measure ×17–70, but linear ones reached ×257 (netio3, 262 144 newlines,
 * Node 22) and ×322 (hdrhistogram, one 2 MB line of spaces) in CI runs, failing a bound of ×200.
 * ×512 lies between that worst linear growth and quadratic growth (about the geometric mean,
 * √(322 · 1024) ≈ 574): half of quadratic, 1.6 times the worst linear run seen.
 */
export const SCALE_RATIO_BOUND = 512;
/**
 * Work on the full-size input below which `checkScaling` does not compare: timing noise would
 * swamp the small input. It decides only a pass, never a failure, and cannot let quadratic work
 * through: the inputs checked are 64 K–1 M characters, quadratic work on 64 K is ≥ 64K² / 2 ≈
 * 2·10^9 steps, seconds of CPU (the quadratic bugs in docs/fuzzing.md took 2–4 s for 33–70 K
 * characters).
 */
export const SCALE_FLOOR_CPU_MS = 50;

export const GENERIC_MAPPING: GenericCsvMapping = JSON.parse(
  readFileSync(join(repoRoot, 'fixtures', 'formats', 'generic-csv', 'mapping.json'), 'utf8'),
);

/** One parser, as the fuzz tests drive it. */
export interface FuzzParser {
  id: string;
  parse(file: string, text: string): unknown;
  /** Whether the parser expects this text (a seed whose truncations it should see). */
  home(text: string, file: string): boolean;
}

const HEAD = 64 * 1024;

/** Feeds `bytes` to a raw reader in the given chunk sizes (cycled), then finishes. */
export function readRaw(
  file: string,
  bytes: Uint8Array,
  chunkSizes: readonly number[] = [bytes.length || 1],
  floatParse: 'precise' | 'legacy' = 'precise',
) {
  const reader = new RawMeasurementReader(file, floatParse);
  let at = 0;
  let k = 0;
  while (at < bytes.length) {
    const size = Math.max(1, chunkSizes[k++ % chunkSizes.length]!);
    reader.push(bytes.subarray(at, at + size));
    at += size;
  }
  return reader.finish();
}

const encoder = new TextEncoder();

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}

export function adapterParser(adapter: FormatAdapter, options: ParseOptions = {}): FuzzParser {
  const opts = adapter.id === 'generic-csv' ? { mapping: GENERIC_MAPPING, ...options } : options;
  return {
    id: adapter.id,
    parse: (file, text) => adapter.parse({ file, text }, opts),
    home: (text, file) =>
      adapter.id === 'generic-csv'
        ? basename(file) === 'latency.csv' && file.includes('generic-csv')
        : adapter.recognises(text.slice(0, HEAD), file),
  };
}

/** Every parser: the registry's adapters and the readers outside it. */
export const PARSERS: FuzzParser[] = [
  ...ADAPTERS.map((a) => adapterParser(a)),
  {
    id: 'fastdds-raw',
    parse: (file, text) => readRaw(file, encoder.encode(text)),
    home: (text) => looksLikeRawMeasurements(firstLine(text)),
  },
  {
    id: 'fastdds-summary',
    parse: (file, text) => parseSummaryCsv(file, text, 'precise'),
    home: (text) => looksLikeSummary(firstLine(text)),
  },
  {
    id: 'requirements-csv',
    parse: (file, text) => parseRequirementsCsv(file, text, 'precise'),
    home: (text) =>
      firstLine(text)
        .replace(/^\uFEFF/, '')
        .startsWith(REQUIREMENTS_HEADER),
  },
  {
    id: 'metric-requirements-csv',
    parse: (file, text) => parseMetricRequirementsCsv(file, text, 'precise'),
    // A Fast-DDS raw measurement header (`Payload [Bytes]`) has the brackets of a limit column: those 190 KB files are
    // fastdds-raw's own, and every parser is still given them whole.
    home: (text) => isMetricRequirementsHeader(firstLine(text)) && !looksLikeRawMeasurements(firstLine(text)),
  },
  {
    id: 'mapping-json',
    parse: (file, text) => parseMappingJson(file, text),
    home: (_text, file) => basename(file) === 'mapping.json',
  },
  {
    id: 'loose-json',
    parse: (file, text) => parseLooseJson(file, text).value,
    home: (text) => /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')),
  },
  {
    id: 'history',
    parse: (file, text) => parseHistoryRecord(text, file),
    home: (text) => text.includes('perfgate-history') && !text.includes('perfgate-history-archive'),
  },
  {
    id: 'history-archive',
    parse: (file, text) => parseArchive(text, file),
    home: (text) => text.includes('perfgate-history-archive'),
  },
  {
    // A waiver file comes from the pull request's checkout: hostile input like a result file.
    id: 'waivers',
    parse: (file, text) => parseWaivers(file, text),
    home: (text) =>
      firstLine(text)
        .replace(/^\uFEFF/, '')
        .startsWith(WAIVER_HEADER),
  },
];

export function parserById(id: string): FuzzParser {
  const p = PARSERS.find((x) => x.id === id);
  if (!p) throw new Error(`no parser ${id}`);
  return p;
}

// ---------------------------------------------------------------------------------------------
// Seeds

export interface Seed {
  /** Path relative to the repository or to ../shared/fixtures, used as the `file` given to parsers. */
  name: string;
  text: string;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

/**
 * fixtures/formats/**, fixtures/example/**, fixtures/history/** and fixtures/waivers/** of the project (always
 * present), but for the runs
 * folder of Criterion's real tree (criterion/real-<version>/runs): 160 more files of the layout
 * its target/criterion already gives the fuzzers.
 */
export function projectSeeds(): Seed[] {
  const files = [
    ...walk(join(repoRoot, 'fixtures', 'formats')),
    ...walk(join(repoRoot, 'fixtures', 'example')),
    ...walk(join(repoRoot, 'fixtures', 'history')),
    ...walk(join(repoRoot, 'fixtures', 'waivers')),
  ].filter(
    (path) =>
      !/[\\/]criterion[\\/]real-[^\\/]+[\\/]runs[\\/]/.test(path) &&
      // Valgrind's runs 2 … 5 repeat run 1 (cachegrind's byte for byte).
      !/[\\/]valgrind[\\/]\w+[\\/]runs[\\/]2026-12-0[2-5]/.test(path),
  );
  return files.map((path) => ({ name: relative(repoRoot, path), text: readFileSync(path, 'utf8') }));
}

export const sharedFixturesDir = join(sharedDir, 'fixtures');

/** ../shared/fixtures/** when present, files up to `maxBytes`. */
export function sharedSeeds(maxBytes = Infinity): Seed[] {
  return walk(sharedFixturesDir)
    .filter((path) => statSync(path).size <= maxBytes)
    .map((path) => ({ name: 'shared/' + relative(sharedFixturesDir, path), text: readFileSync(path, 'utf8') }));
}

// ---------------------------------------------------------------------------------------------
// The contract

function lineCount(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
    else if (c === 0x2028 || c === 0x2029 || c === 0x85) n++;
  }
  return n;
}

function show(text: string): string {
  const s = JSON.stringify(text.length > 300 ? text.slice(0, 300) : text);
  return text.length > 300 ? `${s}… (${text.length} chars)` : s;
}

export interface Outcome<T = unknown> {
  ok: boolean;
  value?: T;
  error?: InputError | UsageError;
  /** Wall-clock ms, for the statistics of docs/fuzzing.md only (never checked). */
  ms: number;
  /** CPU ms of the process (see `cpuMs`). */
  cpuMs: number;
}

/** Every parse duration the fuzz tests measured, by test file, for the report in docs/fuzzing.md. */
export const timings = { parses: 0, maxMs: 0, maxWhat: '' };

/**
 * Runs one parse and checks the contract; throws an Error describing the input when it is broken.
 * `text` is the input (for the line bound and the failure message; may be omitted for bytes).
 */
export function parseChecked<T>(what: string, file: string, text: string | undefined, run: () => T): Outcome<T> {
  const started = performance.now();
  const cpuStarted = cpuMs();
  let outcome: Outcome<T>;
  try {
    const value = run();
    outcome = { ok: true, value, ms: performance.now() - started, cpuMs: cpuMs() - cpuStarted };
  } catch (error) {
    const ms = performance.now() - started;
    const cpu = cpuMs() - cpuStarted;
    const input = text === undefined ? '' : `\ninput: ${show(text)}`;
    if (!(error instanceof InputError) && !(error instanceof UsageError)) {
      const e = error as Error;
      throw new Error(
        `${what}: threw ${e?.name ?? typeof error} instead of InputError/UsageError: ${e?.message}\n${e?.stack ?? ''}${input}`,
      );
    }
    if (error instanceof InputError) {
      const place = error.place;
      const named = place?.file === file || (place === undefined && error.message.includes(file));
      if (!named)
        throw new Error(
          `${what}: InputError does not name the file ${file}: ${error.describe()} (place ${JSON.stringify(place)})${input}`,
        );
      if (place?.line !== undefined) {
        if (!Number.isInteger(place.line) || place.line < 1)
          throw new Error(`${what}: bad line ${place.line}: ${error.describe()}${input}`);
        if (text !== undefined && place.line > lineCount(text) + 1) {
          throw new Error(
            `${what}: line ${place.line} beyond the ${lineCount(text)} lines of the input: ${error.describe()}${input}`,
          );
        }
      }
      if (place?.column !== undefined && (!Number.isInteger(place.column) || place.column < 1)) {
        throw new Error(`${what}: bad column ${place.column}: ${error.describe()}${input}`);
      }
      if (error.message.trim() === '') throw new Error(`${what}: empty error message${input}`);
    }
    outcome = { ok: false, error, ms, cpuMs: cpu };
  }
  timings.parses++;
  if (outcome.ms > timings.maxMs) {
    timings.maxMs = outcome.ms;
    timings.maxWhat = `${what} (${text?.length ?? '?'} chars)`;
  }
  if (outcome.cpuMs > HANG_GUARD_CPU_MS) {
    throw new Error(
      `${what}: used ${outcome.cpuMs.toFixed(0)} ms of CPU (hang guard ${HANG_GUARD_CPU_MS} ms)${text === undefined ? '' : `\ninput: ${show(text)}`}`,
    );
  }
  return outcome;
}

/**
 * parseChecked for a FuzzParser, plus: a parse that succeeds succeeds again with a deep-equal
 * result. `cpuMs` of the outcome is the lesser of the two parses.
 */
export function checkParser(parser: FuzzParser, file: string, text: string): Outcome {
  const first = parseChecked(parser.id, file, text, () => parser.parse(file, text));
  if (first.ok) {
    const second = parseChecked(parser.id, file, text, () => parser.parse(file, text));
    if (!second.ok)
      throw new Error(
        `${parser.id}: parsed once, failed the second time: ${second.error?.message}\ninput: ${show(text)}`,
      );
    if (!isDeepStrictEqual(first.value, second.value))
      throw new Error(`${parser.id}: two parses of the same input differ\ninput: ${show(text)}`);
    return { ...first, cpuMs: Math.min(first.cpuMs, second.cpuMs) };
  }
  return first;
}

/** Least CPU time (see `cpuMs`) of `runs` calls of `body`. */
function leastCpuMs(body: () => void, runs: number): number {
  let least = Infinity;
  for (let k = 0; k < runs; k++) {
    const started = cpuMs();
    body();
    least = Math.min(least, cpuMs() - started);
  }
  return least;
}

/**
 * Guards against super-linear work without a time budget. `make(n)` builds an input of size about n; `run(text)` does
 * the work on it (and checks what it must). The work for `make(size)` may be at most SCALE_RATIO_BOUND (512) times the
 * work for `make(size / SCALE_FACTOR)`, a 32nd: linear work grows ×32–70, quadratic ×1024. Work is the process's CPU
 * time, the least of a few runs of each size; near the bound, big and small runs are made again alternating, so that
 * the load of other processes weighs on both sides alike. `bigCpuMs`: the work for `make(size)` when the caller
 * measured it already.
 *
 * Below SCALE_FLOOR_CPU_MS for the full size the input is too small to time and too fast to be
 * quadratic (see there): it passes without the comparison.
 */
export function checkScaling(
  what: string,
  size: number,
  make: (n: number) => string,
  run: (text: string) => void,
  bigCpuMs?: number,
): void {
  const bigText = make(size);
  let big = bigCpuMs ?? leastCpuMs(() => run(bigText), 2);
  if (big < SCALE_FLOOR_CPU_MS) return;
  const smallSize = Math.max(1, Math.floor(size / SCALE_FACTOR));
  const smallText = make(smallSize);
  // The small input is run SCALE_FACTOR times in a row and its work divided by that: the same
  // amount of text and allocation as one big run, so garbage collection (which a sub-millisecond
  // run often escapes) weighs on both sides alike. A super-linear parser still grows ×SCALE_FACTOR
  // faster on the big input than this does.
  const smallBatch = () =>
    leastCpuMs(() => {
      for (let k = 0; k < SCALE_FACTOR; k++) run(smallText);
    }, 1) / SCALE_FACTOR;
  let small = Math.min(smallBatch(), smallBatch(), smallBatch());
  // Near or over the bound, big and small runs are made again, alternating, each side keeping its
  // least. CPU time is not wall-clock time, but a busy machine still slows this process down (a
  // shared core, caches, clock speed): a block of small runs timed in a busier moment than the big
  // ones shrinks the ratio (a quadratic regex once measured ×487 that way instead of ×1000), one
  // timed in a quieter moment grows it, and a garbage collection or a JIT compilation can land in
  // one run. Runs made side by side see the same load. Linear work, far below the bound (×17–70),
  // skips this.
  if (big > (SCALE_RATIO_BOUND / 4) * small) {
    for (let k = 0; k < 3; k++) {
      big = Math.min(
        big,
        leastCpuMs(() => run(bigText), 1),
      );
      small = Math.min(small, smallBatch());
    }
  }
  if (big > SCALE_RATIO_BOUND * Math.max(small, 0.01)) {
    throw new Error(
      `${what}: super-linear: ${bigText.length} chars took ${big.toFixed(1)} ms of CPU, ${smallText.length} chars ${small.toFixed(2)} ms ` +
        `(×${(big / Math.max(small, 0.01)).toFixed(0)} for ×${SCALE_FACTOR} the input; linear ×${SCALE_FACTOR}, bound ×${SCALE_RATIO_BOUND})\ninput: ${show(bigText)}`,
    );
  }
}

/** checkParser on `make(size)`, then `checkScaling` of the parser on the same family of inputs. */
export function checkParserLinear(
  parser: FuzzParser,
  file: string,
  size: number,
  make: (n: number) => string,
): Outcome {
  const outcome = checkParser(parser, file, make(size));
  // One parse per run, as outcome.cpuMs is the work of one parse.
  checkScaling(
    `${parser.id} on ${file}`,
    size,
    make,
    (text) => void parseChecked(parser.id, file, text, () => parser.parse(file, text)),
    outcome.cpuMs,
  );
  return outcome;
}

/** `recognises` (and `companion`) of every adapter must answer, never throw. */
export function checkRecognisers(adapters: readonly FormatAdapter[], text: string, file: string): void {
  const head = text.slice(0, HEAD);
  for (const a of adapters) {
    try {
      const r = a.recognises(head, file);
      if (typeof r !== 'boolean') throw new Error(`returned ${typeof r}`);
      if (a.companion) {
        const c = a.companion(head, file);
        if (c !== undefined && typeof c !== 'string') throw new Error(`companion returned ${typeof c}`);
      }
    } catch (error) {
      throw new Error(
        `${a.id}.recognises threw ${(error as Error).name}: ${(error as Error).message}\ninput: ${show(text)}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations

/** Short strings that break parsers: separators, quotes, numbers at the edges, odd characters. */
export const NASTY = [
  '\0',
  '\r',
  '\n',
  '\r\n',
  '\uFEFF',
  '"',
  '""',
  "'",
  ',',
  ';',
  '\t',
  '|',
  ' ',
  ':',
  '=',
  '{',
  '}',
  '[',
  ']',
  '\\',
  '\\u',
  '\\uD800',
  '-',
  '+',
  '.',
  'e',
  'e999',
  '1e308',
  '1e-400',
  '-0',
  'NaN',
  '-NaN',
  'nan',
  'Infinity',
  '-inf',
  '0x1F',
  '99999999999999999999999',
  '9007199254740993',
  '0.000000000000000000001',
  '1,5',
  '\u00e9',
  '\u{1F600}',
  '\uD800',
  '\uDC00',
  '\u0085',
  '\u2028',
  '\u00a0',
  '\u200b',
  'µs',
  'us',
  'ms',
  'ns',
  '%',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
] as const;

/** A JSON key (`"name":`) or an XML name attribute (`name="…"`): where benchmark and measure names sit. */
const KEY_OR_NAME = /"((?:[^"\\\n]|\\.)+)"\s*:|\bname="([^"\n]*)"/g;

/**
 * Positions inside the names of a text: the middle of its first and last JSON key or XML name
 * attribute, and of the first two keys that open an object (in BMF a benchmark and its first
 * measure), where a long run tests how a format reads names. Empty when the text has none.
 */
export function namePositions(text: string): number[] {
  const points: number[] = [];
  let opening = 0;
  let last: number | undefined;
  for (const match of text.matchAll(KEY_OR_NAME)) {
    const inner = match[1] ?? match[2] ?? '';
    const at = match.index + match[0].indexOf(inner) + (inner.length >> 1);
    if (points.length === 0) points.push(at);
    else if (
      opening < 2 &&
      /^\s*\{/.test(text.slice(match.index + match[0].length, match.index + match[0].length + 64))
    ) {
      points.push(at);
      opening++;
    }
    last = at;
  }
  if (last !== undefined) points.push(last);
  return [...new Set(points)];
}

type Edit = (text: string) => string;

const pos = (text: string, at: number) => (text.length === 0 ? 0 : at % (text.length + 1));

/** One edit of a text. */
export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.nat().map(
    (at): Edit =>
      (t) =>
        t.slice(0, pos(t, at)),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...NASTY)).map(
    ([at, s]): Edit =>
      (t) =>
        t.slice(0, pos(t, at)) + s + t.slice(pos(t, at)),
  ),
  fc.tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 8 })).map(
    ([at, s]): Edit =>
      (t) =>
        t.slice(0, pos(t, at)) + s + t.slice(pos(t, at)),
  ),
  fc.tuple(fc.nat(), fc.nat({ max: 40 })).map(
    ([at, n]): Edit =>
      (t) =>
        t.slice(0, pos(t, at)) + t.slice(pos(t, at) + n),
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...NASTY)).map(
    ([at, s]): Edit =>
      (t) =>
        t.slice(0, pos(t, at)) + s + t.slice(pos(t, at) + 1),
  ),
  // a whole separator or line ending replaced everywhere
  fc
    .constantFrom<[string, string]>(
      [',', ';'],
      [',', '\t'],
      [',', ' '],
      [',', ',,'],
      ['\n', '\r\n'],
      ['\n', '\r'],
      ['\n', ''],
      ['.', ','],
      [' ', '\t'],
      ['"', ''],
      [':', ''],
    )
    .map(
      ([from, to]): Edit =>
        (t) =>
          t.split(from).join(to),
    ),
  fc.constant<Edit>((t) => '\uFEFF' + t),
  fc.constant<Edit>((t) => t.split('\n').join('\r\n')),
  fc.constant<Edit>((t) => t.toUpperCase()),
  // a line repeated, dropped or swapped
  fc.nat().map((k): Edit => (t) => {
    const lines = t.split('\n');
    const i = k % lines.length;
    lines.splice(i, 0, lines[i]!);
    return lines.join('\n');
  }),
  fc.nat().map((k): Edit => (t) => {
    const lines = t.split('\n');
    lines.splice(k % lines.length, 1);
    return lines.join('\n');
  }),
  // huge fields and long lines
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('9', 'x', ',', '"', ' ', '.', '0', '-', '\u00e9', '{', '['),
      fc.integer({ min: 1000, max: 100_000 }),
    )
    .map(
      ([at, c, n]): Edit =>
        (t) =>
          t.slice(0, pos(t, at)) + c.repeat(n) + t.slice(pos(t, at)),
    ),
  // a long run inside a JSON key or a name attribute
  fc
    .tuple(fc.nat(), fc.constantFrom('[', ' ', 'a[ ', '\\n', 'x', '/'), fc.integer({ min: 1000, max: 100_000 }))
    .map(([k, c, n]): Edit => (t) => {
      const points = namePositions(t);
      const at = points.length === 0 ? pos(t, k) : points[k % points.length]!;
      return t.slice(0, at) + c.repeat(Math.ceil(n / c.length)) + t.slice(at);
    }),
  // a numeric-looking cell replaced by an edge number
  fc
    .tuple(
      fc.nat(),
      fc.oneof(
        fc.double().map(String),
        fc.bigInt().map(String),
        fc.constantFrom('1e309', '-1', '0', '4294967296', '1.7976931348623157e308'),
      ),
    )
    .map(([k, n]): Edit => (t) => {
      let i = 0;
      const count = (t.match(/\d+(\.\d+)?/g) ?? []).length || 1;
      const target = k % count;
      return t.replace(/\d+(\.\d+)?/g, (m) => (i++ === target ? n : m));
    }),
);

/** A text derived from `seed` by one to four edits. */
export function mutantArb(seed: string): fc.Arbitrary<string> {
  return fc.array(editArb, { minLength: 1, maxLength: 4 }).map((edits) => edits.reduce((t, e) => e(t), seed));
}

/** Random text: arbitrary code points, UTF-8 decoded random bytes, or lines of CSV-ish tokens. */
export const randomTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('utf8')),
  fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('latin1')),
  fc
    .array(
      fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.double().map(String), fc.string({ maxLength: 6 })), {
        maxLength: 8,
      }),
      { maxLength: 12 },
    )
    .map((rows) => rows.map((r) => r.join(',')).join('\n')),
);

/** Lines of two texts interleaved: one format's content inside another's. */
export function spliceArb(a: string, b: string): fc.Arbitrary<string> {
  const la = a.split('\n');
  const lb = b.split('\n');
  return fc
    .tuple(fc.nat({ max: la.length }), fc.nat({ max: lb.length }), fc.nat({ max: lb.length }))
    .map(([at, from, n]) => {
      const out = [...la];
      out.splice(at, 0, ...lb.slice(from, from + n));
      return out.join('\n');
    });
}

/**
 * Truncation points: every position of a small text (≤ `everyUpTo` chars), otherwise `samples` spread ones and the
 * first line ends.
 */
export function truncationPoints(text: string, samples = 200, everyUpTo = 1500): number[] {
  if (text.length <= everyUpTo) return Array.from({ length: text.length + 1 }, (_, i) => i);
  const points = new Set<number>([0, 1, text.length - 1, text.length]);
  for (let k = 0; k < samples; k++) points.add(Math.floor((k * text.length) / samples) + (k % 7));
  // just before and after the first line endings, where headers end
  let nl = -1;
  for (let k = 0; k < 20 && (nl = text.indexOf('\n', nl + 1)) >= 0; k++) {
    points.add(nl);
    points.add(nl + 1);
  }
  return [...points].filter((p) => p >= 0 && p <= text.length).sort((x, y) => x - y);
}

// ---------------------------------------------------------------------------------------------
// Statistics for docs/fuzzing.md: written only when FUZZ_STATS names a file (silent otherwise).

const stats = new Map<string, { cases: number; ms: number; maxMs: number }>();

/** Counts `cases` inputs of `family` given to `parser`, taking `ms` in all. */
export function tally(parser: string, family: string, cases: number, ms: number, maxMs = 0): void {
  const key = `${parser}\t${family}`;
  const s = stats.get(key) ?? { cases: 0, ms: 0, maxMs: 0 };
  s.cases += cases;
  s.ms += ms;
  s.maxMs = Math.max(s.maxMs, maxMs);
  stats.set(key, s);
}

/** Runs `body` (which returns how many inputs it tried) and tallies it. */
export function timed(parser: string, family: string, body: () => number): void {
  const before = timings.maxMs;
  timings.maxMs = 0;
  const started = performance.now();
  try {
    const cases = body();
    tally(parser, family, cases, performance.now() - started, timings.maxMs);
  } finally {
    timings.maxMs = Math.max(before, timings.maxMs);
  }
}

export async function writeStats(): Promise<void> {
  const path = process.env.FUZZ_STATS;
  if (!path) return;
  const { appendFileSync } = await import('node:fs');
  const lines = [...stats].map(([key, s]) => `${key}\t${s.cases}\t${s.ms.toFixed(0)}\t${s.maxMs.toFixed(1)}\n`);
  appendFileSync(path, lines.join(''));
}
