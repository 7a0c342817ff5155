import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { InputError } from '../src/engine/errors.js';
import { RAW_HEADER } from '../src/engine/formats/fastdds/raw.js';
import {
  checkScaling,
  mutantArb,
  NASTY,
  parseChecked,
  projectSeeds,
  readRaw,
  sharedSeeds,
  timed,
  truncationPoints,
  writeStats,
} from './helpers/fuzz.js';
import { describeShared } from './helpers/shared.js';
import { volume } from './helpers/volume.js';

/** Generated inputs per property: fewer under `npm test`, all under `npm run test:full`. */
const GENERATED_RUNS = volume(60, 200);
const MUTANT_RUNS = volume(50, 150);

// The streamed Fast-DDS raw reader: whatever the bytes and however they are split into chunks,
// it returns the same samples (or the same InputError, at the same place) as for one chunk.

afterAll(writeStats);

const encoder = new TextEncoder();
const FILE = 'measurements_intraprocess_best_effort.csv';
const GOOD = [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,32,12.5', '4,32,13.0625', ''].join('\n');

type Result = { ok: true; value: unknown } | { ok: false; error: string };

function outcome(
  bytes: Uint8Array,
  chunks: readonly number[] | undefined,
  floatParse: 'precise' | 'legacy' = 'precise',
): Result {
  const o = parseChecked('fastdds-raw', FILE, undefined, () =>
    readRaw(FILE, bytes, chunks ?? [bytes.length || 1], floatParse),
  );
  if (o.ok) return { ok: true, value: o.value };
  return { ok: false, error: (o.error as InputError).describe() };
}

/** The reader's result for bytes in one chunk, and for the same bytes in `chunks`, agree. */
function sameSplit(bytes: Uint8Array, chunks: readonly number[], floatParse: 'precise' | 'legacy' = 'precise'): void {
  const whole = outcome(bytes, undefined, floatParse);
  const split = outcome(bytes, chunks, floatParse);
  if (!isDeepStrictEqual(whole, split)) {
    throw new Error(
      `chunks ${JSON.stringify(chunks)} change the result: ${JSON.stringify(whole).slice(0, 300)} vs ${JSON.stringify(split).slice(0, 300)}\ninput: ${JSON.stringify(new TextDecoder().decode(bytes).slice(0, 400))}`,
    );
  }
}

const chunksArb = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 });
const rowArb = fc.tuple(
  fc.nat(),
  fc.oneof(fc.constantFrom(16, 32, 64), fc.nat()),
  fc.oneof(
    fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
    fc.constantFrom(...NASTY),
    fc.string({ maxLength: 6 }),
  ),
);
const rawTextArb = fc
  .tuple(
    fc.constantFrom(
      RAW_HEADER,
      'Payload [Bytes],Latency [us]',
      'Latency [us],Sample,Payload [Bytes]',
      '\uFEFF' + RAW_HEADER,
      ' Sample , Payload [Bytes] , Latency [us] ',
    ),
    fc.array(rowArb, { maxLength: 30 }),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([header, rows, eol]) => [header, ...rows.map(([s, p, l]) => `${s},${p},${l}`)].join(eol));

describe('Fast-DDS raw reader', () => {
  it('random bytes, any chunk split: InputError or samples, the same for every split', () => {
    timed('fastdds-raw', 'random bytes, random chunk splits', () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            fc.uint8Array({ maxLength: 300 }).map((b) => Uint8Array.from([...encoder.encode(RAW_HEADER + '\n'), ...b])),
          ),
          chunksArb,
          (bytes, chunks) => sameSplit(bytes, chunks),
        ),
        { seed: 42, numRuns: GENERATED_RUNS },
      );
      return 2 * GENERATED_RUNS;
    });
  });

  it('generated raw files (headers, rows, odd cells, CRLF, BOM), any split, both float parsers', () => {
    timed('fastdds-raw', 'generated rows with odd cells, chunk splits, precise+legacy', () => {
      fc.assert(
        fc.property(
          rawTextArb,
          chunksArb,
          fc.constantFrom<'precise' | 'legacy'>('precise', 'legacy'),
          (text, chunks, fp) => sameSplit(encoder.encode(text), chunks, fp),
        ),
        { seed: 42, numRuns: GENERATED_RUNS },
      );
      return 2 * GENERATED_RUNS;
    });
  });

  it('mutations of a good file, any split', () => {
    timed('fastdds-raw', 'mutated good file, chunk splits', () => {
      fc.assert(
        fc.property(mutantArb(GOOD), chunksArb, (text, chunks) => sameSplit(encoder.encode(text), chunks)),
        { seed: 42, numRuns: MUTANT_RUNS },
      );
      return 2 * MUTANT_RUNS;
    });
  });

  it('every truncation of the example raw files (sampled), and every byte split of a small one', () => {
    const seeds = projectSeeds().filter((s) => s.name.includes('example/results') && s.name.endsWith('.csv'));
    timed('fastdds-raw', 'truncation of example raw files (150 points), split in 3', () => {
      let n = 0;
      for (const seed of seeds) {
        const bytes = encoder.encode(seed.text);
        for (const at of truncationPoints(seed.text, 150)) {
          const cut = bytes.subarray(0, at);
          sameSplit(cut, [Math.max(1, at >> 1), 7, 4096]);
          n++;
        }
      }
      return n;
    });
    timed('fastdds-raw', 'small file truncated at every byte × split at every byte', () => {
      const bytes = encoder.encode(GOOD);
      let n = 0;
      for (let at = 0; at <= bytes.length; at++) {
        for (let split = 1; split <= at; split += 3) {
          sameSplit(bytes.subarray(0, at), [split, bytes.length]);
          n++;
        }
      }
      return n;
    });
  });

  it('huge cells and a 1 MB line are rejected in linear work', () => {
    timed('fastdds-raw', '1 MB cells / lines', () => {
      // Each family at 1 MB and at 32 KB: the work may grow at most ×512 (linear ×32–322,
      // quadratic ×1024; see checkScaling), and every split gives the same result as one chunk.
      const families: ((n: number) => string)[] = [
        (n) => RAW_HEADER + '\n1,16,' + '9'.repeat(n) + '\n',
        (n) => RAW_HEADER + '\n1,' + '9'.repeat(n) + ',1\n',
        (n) => RAW_HEADER + '\n' + '1'.repeat(n) + ',16,1\n',
        (n) => RAW_HEADER + '\n"' + 'x'.repeat(n) + '\n',
        (n) => RAW_HEADER + ','.repeat(n) + '\n1,16,1\n',
        (n) => RAW_HEADER + '\n' + '\n'.repeat(n) + '1,16,1',
        (n) => 'x'.repeat(n),
      ];
      for (const make of families) {
        sameSplit(encoder.encode(make(1 << 20)), [65536]);
        checkScaling('fastdds-raw', 1 << 20, make, (text) => void outcome(encoder.encode(text), [65536]));
      }
      return families.length;
    });
  });
});

describeShared('Fast-DDS raw reader on the shared raw files', () => {
  it('truncated at sampled points, split in odd chunks', () => {
    const seeds = sharedSeeds(3_000_000).filter((s) => /raw/.test(s.name) && s.text.startsWith('Sample'));
    timed('fastdds-raw', 'shared raw files (≤2 MB) truncated at 12 points, odd chunk splits', () => {
      let n = 0;
      for (const seed of seeds) {
        const bytes = encoder.encode(seed.text);
        for (const at of truncationPoints(seed.text, 8, 0).filter(
          (_, i, all) => i % Math.ceil(all.length / 12) === 0,
        )) {
          sameSplit(bytes.subarray(0, at), [65536, 13, 1000]);
          n++;
        }
      }
      return n;
    });
  });
});
