import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADAPTERS } from '../src/engine/formats/registry.js';
import { checkParser, checkRecognisers, LONG_LINE_BUDGET_MS, PARSE_BUDGET_MS, PARSERS, projectSeeds, timed, writeStats } from './helpers/fuzz.js';
import { repoRoot } from './helpers/shared.js';

// Super-linear behaviour: a 1 MB single line (or a fixture with one 1 MB line or cell) must be
// read or rejected in well under a second by every parser; so must a million short lines.

afterAll(writeStats);

/** 1 MB in docs/fuzzing.md; the suite uses 256 KB lines with a quarter of the budget, to stay fast. */
const MB = 1 << 18;
const project = projectSeeds().filter((s) => s.text.length < 20_000);

/** One-line inputs of about 1 MB. */
const LINES: [string, string][] = [
  ['letters', 'a'.repeat(MB)],
  ['digits', '9'.repeat(MB)],
  ['spaces', ' '.repeat(MB)],
  ['spaces then x', ' '.repeat(MB) + 'x'],
  ['commas', ','.repeat(MB)],
  ['cells', '1,'.repeat(MB / 2)],
  ['quotes', '"'.repeat(MB)],
  ['quoted cells', '"a",'.repeat(MB / 4)],
  ['open brackets', '['.repeat(MB)],
  ['open braces', '{'.repeat(MB)],
  ['JSON array of numbers', '[' + '1,'.repeat(MB / 2) + '1]'],
  ['JSON long string', '"' + 'x'.repeat(MB) + '"'],
  ['brackets then close', '['.repeat(MB) + ')x]'],
  ['key then spaces', '  Fastest:' + ' '.repeat(MB) + 'x\ry'],
  ['footer with spaces', '#[M' + ' '.repeat(MB) + 'ax = 1, Total count = 2]'],
  ['footer spaces no equals', '#[' + 'a '.repeat(MB / 2)],
  ['tabs and spaces', ' \t'.repeat(MB / 2)],
  ['unicode', '\u00e9\u{1F600}'.repeat(MB / 3)],
  ['NUL bytes', '\0'.repeat(MB)],
  ['dots', '.'.repeat(MB)],
  ['minus', '-'.repeat(MB)],
  ['e', 'e'.repeat(MB)],
  ['ms units', ' ms'.repeat(MB / 3)],
  ['percent', '%'.repeat(MB)],
  ['pipes', '|'.repeat(MB)],
  ['colons', ':'.repeat(MB)],
  ['equals', '='.repeat(MB)],
];

/** Many-line inputs of about 1 MB. */
const MANY: [string, string][] = [
  ['newlines', '\n'.repeat(MB)],
  ['CRs', '\r'.repeat(MB)],
  ['CRLFs', '\r\n'.repeat(MB / 2)],
  ['comma lines', ',\n'.repeat(MB / 2)],
  ['quote lines', '"\n'.repeat(MB / 2)],
];

/**
 * Linear but slow (csv-parse reading a quoted field per line, about 10 µs a character): a 256 KB
 * file takes 0.4–3 s. Reported in docs/fuzzing.md; checked against the general budget instead.
 */
const KNOWN_SLOW = new Set(['redis-benchmark quote lines', 'metric-requirements-csv quote lines']);

describe('1 MB lines', () => {
  it.each(PARSERS.map((p) => [p.id, p] as const))('%s', (_id, parser) => {
    timed(parser.id, '1 MB single line / 1 MB of short lines', () => {
      for (const [name, text] of [...LINES, ...MANY]) {
        checkParser(parser, 'long.txt', text, KNOWN_SLOW.has(`${parser.id} ${name}`) ? PARSE_BUDGET_MS * 2 : LONG_LINE_BUDGET_MS / 4);
      }
      return LINES.length + MANY.length;
    });
    timed(parser.id, 'fixture with a 1 MB line or cell inserted', () => {
      let n = 0;
      // every fixture, a 1 MB run of a character inserted after the header and in the middle of a line
      for (const seed of project) {
        const header = seed.text.indexOf('\n') + 1;
        const mid = seed.text.indexOf(',', seed.text.length >> 1);
        for (const c of ['9', ' ', '"', '[']) {
          for (const at of [header, mid < 0 ? seed.text.length >> 1 : mid + 1]) {
            const text = seed.text.slice(0, at) + c.repeat(MB / 4) + seed.text.slice(at);
            checkParser(parser, seed.name, text, LONG_LINE_BUDGET_MS / 4);
            n++;
          }
        }
      }
      return n;
    });
  });

  it('recognisers', () => {
    timed('recognises (all adapters)', '1 MB lines', () => {
      for (const [, text] of [...LINES, ...MANY]) checkRecognisers(ADAPTERS, text, 'long.txt');
      return LINES.length + MANY.length;
    });
  });

  it('a 200 KB Fast-DDS raw file given to every adapter is read or rejected quickly', () => {
    const name = join('fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv');
    const text = readFileSync(join(repoRoot, name), 'utf8');
    for (const parser of PARSERS) checkParser(parser, name, text, PARSE_BUDGET_MS);
  });
});
