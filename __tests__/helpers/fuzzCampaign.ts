/**
 * The fuzz campaign's core (`npm run fuzz`, bench/fuzz.ts; a seeded slice runs in
 * __tests__/fuzz-campaign.test.ts): for every parser of `PARSERS` (the registry's adapters, the
 * Fast-DDS raw and summary readers, the requirements, mapping and history readers), input number
 * `index` of a campaign is a pure function of (campaign seed, parser id, index), so any finding can
 * be rebuilt from those three numbers, and a worker killed by the hang watchdog can be resumed.
 *
 * Each input is checked against the parsers' contract (`parseChecked` of helpers/fuzz.ts): it
 * returns, or throws InputError / UsageError naming the file with whole line and column numbers.
 * A parse that succeeds is also checked for impossible values (a negative, NaN or infinite time or
 * size): a category of its own, reported apart from contract violations.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { Measurement, ResultSet } from '../../src/engine/model/measurement.js';
import {
  checkScaling,
  mutantArb,
  namePositions,
  NASTY,
  parseChecked,
  PARSERS,
  projectSeeds,
  randomTextArb,
  sharedSeeds,
  type FuzzParser,
  type Seed,
} from './fuzz.js';
import { mulberry32 } from '../../src/engine/stats/shift.js';

/** What went wrong. All but `impossible-value` break the contract and fail the campaign. */
export const CATEGORIES = [
  'exception',
  'bad-place',
  'nondeterministic',
  'hang',
  'out-of-memory',
  'super-linear',
  'impossible-value',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CONTRACT_CATEGORIES: readonly Category[] = CATEGORIES.filter((c) => c !== 'impossible-value');

/** How an input was made from the seeds. */
export const INPUT_KINDS = [
  'edits',
  'byte-flips',
  'truncation',
  'duplicated-lines',
  'bom-crlf-nul',
  'edge-numbers',
  'swapped-json-types',
  'deep-nesting',
  'long-line-300k',
  'nonsense',
  'splice',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** Relative frequency of each kind (the costly 300 k-character lines are rare). */
const KIND_WEIGHTS: Record<InputKind, number> = {
  edits: 24,
  'byte-flips': 14,
  truncation: 10,
  'duplicated-lines': 8,
  'bom-crlf-nul': 8,
  'edge-numbers': 14,
  'swapped-json-types': 8,
  'deep-nesting': 3,
  'long-line-300k': 1,
  nonsense: 6,
  splice: 4,
};
const KIND_TABLE: InputKind[] = INPUT_KINDS.flatMap((k) => Array<InputKind>(KIND_WEIGHTS[k]).fill(k));

/** Numbers at the edges of what a parser must refuse or hold. */
export const EDGE_NUMBERS = [
  '0',
  '-0',
  '-1',
  '-0.5',
  'Infinity',
  '-Infinity',
  'inf',
  '-inf',
  'NaN',
  'nan',
  '1e308',
  '-1e308',
  '1e309',
  '4.9e-324',
  '1e-400',
  '9007199254740993',
  '18446744073709551616',
  '9'.repeat(400),
  '0.' + '0'.repeat(400) + '1',
  '1e',
  '--1',
  '1..2',
  '0x10',
] as const;

export interface FuzzInput {
  kind: InputKind;
  /** The seed it was made from (its path, also the file name given to the parser). */
  file: string;
  text: string;
}

export interface Finding {
  category: Category;
  parser: string;
  kind: InputKind | 'scaling';
  /** The campaign seed and input index that rebuild the input (`makeInput`); -1 for scaling checks. */
  seed: number;
  index: number;
  file: string;
  message: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hash32(text: string, h = 2166136261): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: () => number, n: number) => Math.floor(r() * n);

// ---------------------------------------------------------------------------------------------
// Seeds

/** Mutation seeds larger than this are cut to it: 10^5 parses of a 300 KB file would take hours. */
export const SEED_CAP = 16 * 1024;

let allSeedsCache: Seed[] | undefined;
/** Project fixtures and ../shared/fixtures (when present), each cut to SEED_CAP. */
export function allSeeds(): Seed[] {
  allSeedsCache ??= [...projectSeeds(), ...sharedSeeds(4 * 1024 * 1024)]
    .filter((s) => !s.text.includes('\uFFFD') || s.text.length < SEED_CAP)
    .map((s) => ({
      name: s.name,
      text: s.text.length > SEED_CAP ? s.text.slice(0, s.text.lastIndexOf('\n', SEED_CAP) + 1 || SEED_CAP) : s.text,
    }));
  return allSeedsCache;
}

/** The parser's own seeds (those it expects), or every seed when it has none. */
export function seedsFor(parser: FuzzParser, seeds = allSeeds()): Seed[] {
  const home = seeds.filter((s) => {
    try {
      return parser.home(s.text, s.name);
    } catch {
      return false;
    }
  });
  return home.length > 0 ? home : seeds;
}

// ---------------------------------------------------------------------------------------------
// Mutations

function lines(text: string): string[] {
  return text.split('\n');
}

function byteFlips(r: () => number, text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return String.fromCharCode(int(r, 256));
  const flips = 1 + int(r, 8);
  for (let k = 0; k < flips; k++) {
    const at = int(r, bytes.length);
    bytes[at] = r() < 0.5 ? bytes[at]! ^ (1 << int(r, 8)) : int(r, 256);
  }
  return bytes.toString(r() < 0.8 ? 'utf8' : 'latin1');
}

function duplicatedLines(r: () => number, text: string): string {
  const ls = lines(text);
  const at = int(r, ls.length);
  const run = ls.slice(at, at + 1 + int(r, 4));
  const times = pick(r, [1, 2, 10, 1000]);
  ls.splice(at, 0, ...Array.from({ length: times }, () => run).flat());
  return ls.join('\n');
}

function bomCrlfNul(r: () => number, text: string): string {
  let t = text;
  const edits = 1 + int(r, 3);
  for (let k = 0; k < edits; k++) {
    const choice = int(r, 6);
    if (choice === 0) t = '\uFEFF' + t;
    else if (choice === 1) t = t.split('\n').join('\r\n');
    else if (choice === 2) t = t.split('\n').join('\r');
    else if (choice === 3) {
      const at = int(r, t.length + 1);
      t = t.slice(0, at) + '\0'.repeat(1 + int(r, 3)) + t.slice(at);
    } else if (choice === 4) t = t.replace(/[ ,]/g, (m) => (r() < 0.05 ? '\0' : m));
    else t = '\uFEFF\uFEFF' + t.split('\n').join('\r\r\n');
  }
  return t;
}

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

function edgeNumbers(r: () => number, text: string): string {
  const count = (text.match(NUMBER) ?? []).length;
  if (count === 0) return text + pick(r, EDGE_NUMBERS);
  // one number, a few, or all of them
  const mode = int(r, 3);
  const target = int(r, count);
  const edge = pick(r, EDGE_NUMBERS);
  let i = 0;
  return text.replace(NUMBER, (m) => {
    const k = i++;
    if (mode === 0) return k === target ? edge : m;
    if (mode === 1) return r() < 0.2 ? pick(r, EDGE_NUMBERS) : m;
    return edge;
  });
}

function otherJsonValue(r: () => number, v: unknown): unknown {
  const options: unknown[] = [
    null,
    true,
    0,
    -1,
    -0,
    1e308,
    'x',
    '',
    '-1',
    'NaN',
    [],
    {},
    [1],
    { a: 1 },
    '1'.repeat(300),
  ];
  let next = pick(r, options);
  for (let k = 0; k < 4 && typeof next === typeof v && Array.isArray(next) === Array.isArray(v); k++)
    next = pick(r, options);
  return next;
}

/** Parses the JSON seed and replaces one to three of its values with a value of another type. */
function swappedJsonTypes(r: () => number, text: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== 'object') return undefined;
  const slots: { parent: Record<string, unknown>; key: string }[] = [];
  const visit = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 64 || slots.length > 5000) return;
    for (const key of Object.keys(node)) {
      slots.push({ parent: node as Record<string, unknown>, key });
      visit((node as Record<string, unknown>)[key], depth + 1);
    }
  };
  visit(doc, 0);
  if (slots.length === 0) return undefined;
  const swaps = 1 + int(r, 3);
  for (let k = 0; k < swaps; k++) {
    const slot = pick(r, slots);
    slot.parent[slot.key] = otherJsonValue(r, slot.parent[slot.key]);
  }
  return JSON.stringify(doc, null, r() < 0.5 ? 2 : undefined);
}

function deepNesting(r: () => number, text: string): string {
  const depth = pick(r, [1000, 10_000, 100_000]);
  const at = int(r, text.length + 1);
  const style = int(r, 4);
  const nest =
    style === 0
      ? '['.repeat(depth) + ']'.repeat(depth)
      : style === 1
        ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
        : style === 2
          ? '['.repeat(depth) // unbalanced
          : '<a>'.repeat(depth) + '</a>'.repeat(depth);
  // In JSON seeds, where a value goes; elsewhere anywhere.
  const colon = text.indexOf(':', at);
  if (colon >= 0 && /^\s*[[{]/.test(text)) {
    const end = text.slice(colon + 1).search(/[,}\]]/);
    if (end >= 0) return text.slice(0, colon + 1) + nest + text.slice(colon + 1 + end);
  }
  return text.slice(0, at) + nest + text.slice(at);
}

function longLine(r: () => number, text: string): string {
  const c = pick(r, ['9', 'x', ' ', ',', '"', '.', '-', '\t', '\u00e9', '[', '{', '0.', '1,', 'a b', '\\']);
  const run = c.repeat(Math.ceil(300_000 / c.length));
  // A third of the runs go inside a JSON key or a name attribute, when the text has one.
  const names = namePositions(text);
  if (names.length > 0 && r() < 1 / 3) {
    const key = pick(r, names);
    return text.slice(0, key) + run + text.slice(key);
  }
  const at = int(r, text.length + 1);
  return r() < 0.5 ? text.slice(0, at) + run + text.slice(at) : text.slice(0, at) + '\n' + run + '\n' + text.slice(at);
}

function splice(r: () => number, text: string, other: string): string {
  const la = lines(text);
  const lb = lines(other);
  const from = int(r, lb.length);
  la.splice(int(r, la.length + 1), 0, ...lb.slice(from, from + 1 + int(r, 20)));
  return la.join('\n');
}

function sampleOne<T>(arb: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arb, { seed, numRuns: 1 })[0]!;
}

/** Input `index` of the campaign with seed `seed` for `parser`: the same every time. */
export function makeInput(
  parser: FuzzParser,
  seeds: readonly Seed[],
  others: readonly Seed[],
  seed: number,
  index: number,
): FuzzInput {
  const r = mulberry32(hash32(`${parser.id}:${index}`, hash32(String(seed))));
  const base = seeds[index % seeds.length]!;
  let kind = pick(r, KIND_TABLE);
  const text = base.text;
  let out: string | undefined;
  switch (kind) {
    case 'edits':
      out = sampleOne(mutantArb(text), int(r, 2 ** 31));
      break;
    case 'byte-flips':
      out = byteFlips(r, text);
      break;
    case 'truncation':
      out = text.slice(0, int(r, text.length + 1));
      break;
    case 'duplicated-lines':
      out = duplicatedLines(r, text);
      break;
    case 'bom-crlf-nul':
      out = bomCrlfNul(r, text);
      break;
    case 'edge-numbers':
      out = edgeNumbers(r, text);
      break;
    case 'swapped-json-types':
      out = swappedJsonTypes(r, text);
      if (out === undefined) {
        kind = 'edge-numbers';
        out = edgeNumbers(r, text);
      }
      break;
    case 'deep-nesting':
      out = deepNesting(r, text);
      break;
    case 'long-line-300k':
      out = longLine(r, text);
      break;
    case 'nonsense':
      out =
        r() < 0.5
          ? sampleOne(randomTextArb, int(r, 2 ** 31))
          : Array.from({ length: 1 + int(r, 40) }, () => pick(r, NASTY)).join(pick(r, ['', ',', '\n', ' ']));
      break;
    case 'splice':
      out = splice(r, text, (others.length > 0 ? pick(r, others) : base).text);
      break;
  }
  return { kind, file: base.name, text: out };
}

// ---------------------------------------------------------------------------------------------
// The checks

const NON_NEGATIVE_STATISTICS = new Set(['stdev', 'variance', 'jitter', 'maxJitter', 'samples']);

/**
 * Fast-DDS's summaries and LatencyTest console write `nan` for a statistic they could not compute
 * (the jitter of one sample): there NaN is a statistic's absence, not a value.
 */
const NAN_IS_ABSENT = new Set(['fastdds-summary', 'fastdds-raw', 'fastdds-latency-console']);

function impossibleInMeasurement(m: Measurement, nanIsAbsent: boolean): string | undefined {
  const timeOrSize = m.metric.dimension === 'time' || m.metric.dimension === 'size';
  for (const [statistic, v] of Object.entries(m.statistics)) {
    if (typeof v !== 'number' || (nanIsAbsent && Number.isNaN(v))) continue;
    if (!Number.isFinite(v))
      return `${Number.isNaN(v) ? 'NaN' : 'infinite'} ${m.metric.dimension}: ${m.metric.name} ${statistic} = ${v}`;
    if (v < 0 && (timeOrSize || NON_NEGATIVE_STATISTICS.has(statistic)))
      return `negative ${m.metric.dimension}: ${m.metric.name} ${statistic} = ${v}`;
  }
  if (m.samples) {
    for (const v of m.samples) {
      if (!Number.isFinite(v) || (timeOrSize && v < 0))
        return `${Number.isNaN(v) ? 'NaN' : Number.isFinite(v) ? 'negative' : 'infinite'} ${m.metric.dimension}: ${m.metric.name} sample = ${v}`;
    }
  }
  return undefined;
}

/**
 * Any number that is negative or not finite, anywhere in a value (Fast-DDS summaries and raw samples: latencies, sizes,
 * counts).
 */
function impossibleNumber(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number')
    return !Number.isFinite(value) || value < 0
      ? `${Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'negative' : 'infinite'} number: ${path} = ${value}`
      : undefined;
  if (depth > 8 || value === null || typeof value !== 'object') return undefined;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    for (const v of value as unknown as Iterable<number>) {
      if (typeof v === 'number' && (!Number.isFinite(v) || v < 0))
        return `${Number.isNaN(v) ? 'NaN' : Number.isFinite(v) ? 'negative' : 'infinite'} number: ${path}[] = ${v}`;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'line' || k === 'column' || k === 'place') continue;
    const found = impossibleNumber(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why a successful parse's result is impossible (a negative, NaN or infinite time or size), or undefined. */
export function impossibleValue(parserId: string, value: unknown): string | undefined {
  if (value && typeof value === 'object' && Array.isArray((value as ResultSet).measurements)) {
    for (const m of (value as ResultSet).measurements) {
      const found = impossibleInMeasurement(m, NAN_IS_ABSENT.has(parserId));
      if (found) return `${found} (${m.experiment} [${m.parameter.label}])`;
    }
    return undefined;
  }
  if (parserId === 'fastdds-raw' || parserId === 'fastdds-summary') return impossibleNumber(value, 'result');
  return undefined;
}

function categorise(message: string): Category {
  if (/threw \S+ instead of InputError/.test(message)) return 'exception';
  if (/hang guard/.test(message)) return 'hang';
  if (/differ|second time/.test(message)) return 'nondeterministic';
  return 'bad-place';
}

/**
 * One input through one parser: a finding, or undefined when it kept the contract. `twice`: parse a success again and
 * compare.
 */
export function checkInput(
  parser: FuzzParser,
  input: FuzzInput,
  seed: number,
  index: number,
  twice = false,
): Finding | undefined {
  const finding = (category: Category, message: string): Finding => ({
    category,
    parser: parser.id,
    kind: input.kind,
    seed,
    index,
    file: input.file,
    message,
    text: input.text,
  });
  try {
    const outcome = parseChecked(parser.id, input.file, input.text, () => parser.parse(input.file, input.text));
    if (!outcome.ok) return undefined;
    if (twice) {
      const again = parseChecked(parser.id, input.file, input.text, () => parser.parse(input.file, input.text));
      if (!again.ok || !isDeepStrictEqual(outcome.value, again.value))
        return finding('nondeterministic', `${parser.id}: two parses of the same input differ`);
    }
    const impossible = impossibleValue(parser.id, outcome.value);
    return impossible === undefined ? undefined : finding('impossible-value', `${parser.id} accepted ${impossible}`);
  } catch (error) {
    const message = (error as Error).message.split('\ninput: ')[0]!;
    return finding(categorise(message), message);
  }
}

/** A finding's identity for de-duplication: category, parser and message with its numbers and quoted text blurred. */
export function findingKey(f: Pick<Finding, 'category' | 'parser' | 'message'>): string {
  // an impossible value is one finding per kind of value (negative time, NaN size …), whatever the statistic
  if (f.category === 'impossible-value')
    return `${f.category}|${f.parser}|${/accepted ([^:]*):/.exec(f.message)?.[1] ?? f.message}`;
  // an exception is one finding per error type and the start of its message (which may quote the input at length)
  const thrown = /threw (\S+) instead of InputError\/UsageError: (.{0,40})/.exec(f.message);
  if (f.category === 'exception' && thrown)
    return `${f.category}|${f.parser}|${thrown[1]}: ${thrown[2]!.replace(/\d+/g, '#')}`;
  const head = f.message.split('\n')[0]!.slice(0, 240);
  return `${f.category}|${f.parser}|${head
    .replace(/"[^"]*"/g, '"…"')
    .replace(/[\w./\\-]+\.(csv|json|txt|xml|log|md|out)\b/gi, 'FILE')
    .replace(/[-+]?\d[\d.e+-]*/gi, '#')
    .replace(/(Infinity|NaN)/g, '#')}`;
}

// ---------------------------------------------------------------------------------------------
// Time against size

/** Input families whose work must be linear in their size, built from one of the parser's seeds. */
export function scalingFamilies(seed: Seed): { name: string; make: (n: number) => string }[] {
  const t = seed.text;
  const at = t.indexOf('\n') >= 0 ? t.indexOf('\n') + 1 : t.length;
  const mid = Math.floor(t.length / 2);
  return [
    { name: 'spaces in the first data line', make: (n) => t.slice(0, at) + ' '.repeat(n) + t.slice(at) },
    { name: 'digits in the middle', make: (n) => t.slice(0, mid) + '9'.repeat(n) + t.slice(mid) },
    { name: 'blank lines', make: (n) => t + '\n'.repeat(n) },
    {
      name: 'repeated data lines',
      make: (n) =>
        t +
        (t.slice(at).split('\n')[0] + '\n').repeat(
          Math.max(1, Math.floor(n / Math.max(1, (t.slice(at).split('\n')[0] ?? '').length + 1))),
        ),
    },
    { name: 'open brackets', make: (n) => t.slice(0, mid) + '['.repeat(n) + t.slice(mid) },
    { name: 'quotes and commas', make: (n) => t.slice(0, at) + '",'.repeat(n / 2) + t.slice(at) },
    // Inside the last JSON key or name attribute (BMF's measure names read a unit in brackets).
    ...namePositions(t)
      .slice(-1)
      .flatMap((key) => [
        { name: 'open brackets in a name', make: (n: number) => t.slice(0, key) + '['.repeat(n) + t.slice(key) },
        {
          name: 'spaces and brackets in a name',
          make: (n: number) => t.slice(0, key) + 'a[ '.repeat(n / 3) + t.slice(key),
        },
      ]),
  ];
}

/** checkScaling of every family at `size` characters; a super-linear family is a finding. */
export function checkParserScaling(parser: FuzzParser, seed: Seed, size: number, seedNumber: number): Finding[] {
  const findings: Finding[] = [];
  for (const family of scalingFamilies(seed)) {
    try {
      checkScaling(`${parser.id} on ${seed.name}, ${family.name}`, size, family.make, (text) => {
        try {
          parser.parse(seed.name, text);
        } catch {
          // the contract itself is checked by the mutated inputs; only the work counts here
        }
      });
    } catch (error) {
      findings.push({
        category: 'super-linear',
        parser: parser.id,
        kind: 'scaling',
        seed: seedNumber,
        index: -1,
        file: seed.name,
        message: (error as Error).message.split('\ninput: ')[0]!,
        text: family.make(size),
      });
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// A run in this thread (the CI slice, and each worker of bench/fuzz.ts)

export interface SliceResult {
  parses: number;
  byKind: Record<string, number>;
  findings: Finding[];
}

/**
 * Runs inputs `from` ≤ index < `to` of `parser`; `onIndex` is told each index before its parse (the hang watchdog's
 * mark).
 */
export function runRange(
  parser: FuzzParser,
  seed: number,
  from: number,
  to: number,
  onIndex?: (index: number) => void,
  deadline = Infinity,
): SliceResult {
  const seeds = seedsFor(parser);
  const others = allSeeds();
  const result: SliceResult = { parses: 0, byKind: {}, findings: [] };
  for (let index = from; index < to && performance.now() < deadline; index++) {
    onIndex?.(index);
    const input = makeInput(parser, seeds, others, seed, index);
    result.byKind[input.kind] = (result.byKind[input.kind] ?? 0) + 1;
    const finding = checkInput(parser, input, seed, index, index % 16 === 0);
    result.parses++;
    if (finding) result.findings.push(finding);
  }
  return result;
}

export { PARSERS };
