import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTERS } from '../src/engine/formats/registry.js';
import {
  checkParserLinear,
  checkRecognisers,
  checkScaling,
  namePositions,
  PARSERS,
  projectSeeds,
  timed,
  writeStats,
  type FuzzParser,
} from './helpers/fuzz.js';
import { repoRoot } from './helpers/shared.js';
import { FULL_VOLUME, volume } from './helpers/volume.js';

// Super-linear behaviour: a 256 KB single line (or a fixture with one long line or cell), or
// 256 KB of short lines, must cost every parser no more than linear work. No time budget: each
// input family is built at 256 KB and at 8 KB, and the CPU time for the large one may be at most
// 512 times that for the small one (checkScaling: linear ×32–322, quadratic ×1024), with a hang
// guard of 30 s of CPU per parse. The quadratic cases of docs/fuzzing.md fail this by far.

afterAll(writeStats);

/**
 * 1 MB in docs/fuzzing.md; `npm run test:full` uses 256 KB lines and 64 KB insertions, `npm test`
 * 32 KB lines and 16 KB insertions, to stay fast. Quadratic work is still caught: ≥ 5·10^8 steps
 * for a line, ≥ 10^8 for an inserted cell, far above checkScaling's 50 ms floor.
 */
const MB = volume(1 << 15, 1 << 18);
const INSERTED = volume(1 << 14, 1 << 16);
const project = projectSeeds().filter((s) => s.text.length < 20_000);

/**
 * The fixtures a long run is inserted into: every project fixture in `npm run test:full`; in
 * `npm test` the parser's own fixtures (where the insertion reaches its deepest code) and the
 * first two others (where it is rejected early).
 */
function insertionSeeds(parser: FuzzParser) {
  if (FULL_VOLUME) return project;
  const own = project.filter((s) => parser.home(s.text, s.name));
  return [...own, ...project.filter((s) => !own.includes(s)).slice(0, 2)];
}

type Family = [name: string, make: (n: number) => string];

/** One-line inputs of about n characters. */
const LINES: Family[] = [
  ['letters', (n) => 'a'.repeat(n)],
  ['digits', (n) => '9'.repeat(n)],
  ['spaces', (n) => ' '.repeat(n)],
  ['spaces then x', (n) => ' '.repeat(n) + 'x'],
  ['commas', (n) => ','.repeat(n)],
  ['cells', (n) => '1,'.repeat(n / 2)],
  ['quotes', (n) => '"'.repeat(n)],
  ['quoted cells', (n) => '"a",'.repeat(n / 4)],
  ['open brackets', (n) => '['.repeat(n)],
  ['open braces', (n) => '{'.repeat(n)],
  ['JSON array of numbers', (n) => '[' + '1,'.repeat(n / 2) + '1]'],
  ['JSON long string', (n) => '"' + 'x'.repeat(n) + '"'],
  ['brackets then close', (n) => '['.repeat(n) + ')x]'],
  ['key then spaces', (n) => '  Fastest:' + ' '.repeat(n) + 'x\ry'],
  ['footer with spaces', (n) => '#[M' + ' '.repeat(n) + 'ax = 1, Total count = 2]'],
  ['footer spaces no equals', (n) => '#[' + 'a '.repeat(n / 2)],
  ['tabs and spaces', (n) => ' \t'.repeat(n / 2)],
  ['unicode', (n) => '\u00e9\u{1F600}'.repeat(n / 3)],
  ['NUL bytes', (n) => '\0'.repeat(n)],
  ['dots', (n) => '.'.repeat(n)],
  ['minus', (n) => '-'.repeat(n)],
  ['e', (n) => 'e'.repeat(n)],
  ['ms units', (n) => ' ms'.repeat(n / 3)],
  ['percent', (n) => '%'.repeat(n)],
  ['pipes', (n) => '|'.repeat(n)],
  ['colons', (n) => ':'.repeat(n)],
  ['equals', (n) => '='.repeat(n)],
];

/** Many-line inputs of about n characters. */
const MANY: Family[] = [
  ['newlines', (n) => '\n'.repeat(n)],
  ['CRs', (n) => '\r'.repeat(n)],
  ['CRLFs', (n) => '\r\n'.repeat(n / 2)],
  ['comma lines', (n) => ',\n'.repeat(n / 2)],
  ['quote lines', (n) => '"\n'.repeat(n / 2)],
];

// Linear but slow: csv-parse reading a quoted field per line (redis-benchmark and
// metric-requirements-csv on "quote lines") costs about 10 µs a character, 0.4–3 s for 256 KB.
// Reported in docs/fuzzing.md; being linear, they pass the scaling check like every other parser.

describe('1 MB lines', () => {
  it.each(PARSERS.map((p) => [p.id, p] as const))('%s', (_id, parser) => {
    timed(parser.id, '1 MB single line / 1 MB of short lines', () => {
      for (const [name, make] of [...LINES, ...MANY]) checkParserLinear(parser, `long ${name}.txt`, MB, make);
      return LINES.length + MANY.length;
    });
    timed(parser.id, 'fixture with a 1 MB line or cell inserted', () => {
      let n = 0;
      // every fixture, a long run of a character inserted after the header and in the middle of a line,
      for (const seed of insertionSeeds(parser)) {
        const header = seed.text.indexOf('\n') + 1;
        const mid = seed.text.indexOf(',', seed.text.length >> 1);
        for (const c of ['9', ' ', '"', '[']) {
          // …and inside its first and last JSON key or name attribute
          for (const at of [header, mid < 0 ? seed.text.length >> 1 : mid + 1, ...namePositions(seed.text)]) {
            checkParserLinear(
              parser,
              seed.name,
              INSERTED,
              (size) => seed.text.slice(0, at) + c.repeat(size) + seed.text.slice(at),
            );
            n++;
          }
        }
      }
      return n;
    });
  });

  it('recognisers', () => {
    timed('recognises (all adapters)', '1 MB lines', () => {
      for (const [name, make] of [...LINES, ...MANY]) {
        checkRecognisers(ADAPTERS, make(MB), 'long.txt');
        checkScaling(`recognisers on ${name}`, MB, make, (text) => checkRecognisers(ADAPTERS, text, 'long.txt'));
      }
      return LINES.length + MANY.length;
    });
  });

  it('a 200 KB Fast-DDS raw file given to every adapter is read or rejected in linear work', () => {
    const name = join('fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv');
    const text = readFileSync(join(repoRoot, name), 'utf8');
    // Its first n characters: the whole file, and a 32nd of it.
    for (const parser of PARSERS) checkParserLinear(parser, name, text.length, (n) => text.slice(0, n));
  });
});
