import fc from 'fast-check';
import { ADAPTERS } from '../src/engine/formats/registry.js';
import {
  checkParser,
  checkRecognisers,
  mutantArb,
  PARSERS,
  projectSeeds,
  randomTextArb,
  sharedSeeds,
  spliceArb,
  timed,
  truncationPoints,
  writeStats,
  type Seed,
} from './helpers/fuzz.js';
import { describeShared } from './helpers/shared.js';
import { volume } from './helpers/volume.js';

// Every parser (the registry's adapters, the Fast-DDS readers, requirements, mapping, JSON and
// history) given fixtures, their truncations, mutations, random text and other formats' files:
// it returns a result (the same one twice) or throws InputError/UsageError naming the file,
// with a line ≥ 1, in bounded time. See docs/fuzzing.md.

afterAll(writeStats);

const project = projectSeeds();
/**
 * Truncation points per own fixture: `npm run test:full` cuts at every position of a fixture up to
 * 1.5 KB and at 150 sampled ones beyond; `npm test` at every position up to 300 characters (every
 * header) and at 40 sampled ones, with the first line endings of each always included.
 */
const TRUNCATION = volume({ samples: 40, everyUpTo: 300 }, { samples: 150, everyUpTo: 1500 });
const homeSeeds = (id: string, seeds: readonly Seed[]) =>
  seeds.filter((s) => PARSERS.find((p) => p.id === id)!.home(s.text, s.name));

describe('every parser with every project fixture (mixed formats)', () => {
  it('recognisers never throw', () => {
    timed('recognises (all adapters)', 'project fixtures + mutants', () => {
      let n = 0;
      for (const seed of project) {
        checkRecognisers(ADAPTERS, seed.text, seed.name);
        n++;
      }
      fc.assert(
        fc.property(
          fc
            .constantFrom(...project)
            .chain((s) => fc.tuple(fc.constant(s.name), fc.oneof(mutantArb(s.text), randomTextArb))),
          ([name, text]) => {
            checkRecognisers(ADAPTERS, text, name);
          },
        ),
        { seed: 42, numRuns: volume(100, 300) },
      );
      return n + 300;
    });
  });

  it.each(PARSERS.map((p) => [p.id, p] as const))(
    '%s: every fixture parses or fails as a user error',
    (_id, parser) => {
      timed(parser.id, 'whole fixtures (own + other formats)', () => {
        for (const seed of project) checkParser(parser, seed.name, seed.text);
        return project.length;
      });
    },
  );
});

describe('truncation of the parser own fixtures at every position', () => {
  it.each(PARSERS.map((p) => [p.id, p] as const))('%s', (_id, parser) => {
    const seeds = homeSeeds(parser.id, project);
    timed(parser.id, 'truncation (every position ≤1.5 KB, else 150 sampled)', () => {
      let n = 0;
      for (const seed of seeds) {
        for (const at of truncationPoints(seed.text, TRUNCATION.samples, TRUNCATION.everyUpTo)) {
          checkParser(parser, seed.name, seed.text.slice(0, at));
          n++;
        }
      }
      return n;
    });
  });
});

describe('mutations, random text and spliced formats', () => {
  it.each(PARSERS.map((p) => [p.id, p] as const))('%s', (_id, parser) => {
    const own = homeSeeds(parser.id, project).filter((s) => s.text.length < 20_000);
    const small = project.filter((s) => s.text.length < 20_000);
    const seeds = own.length > 0 ? own : small;
    const runs = volume({ mutants: 40, random: 25, splice: 15 }, { mutants: 150, random: 100, splice: 60 });
    timed(parser.id, 'mutated own fixtures (1–4 edits)', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...seeds).chain((s) => fc.tuple(fc.constant(s.name), mutantArb(s.text))),
          ([name, text]) => {
            checkParser(parser, name, text);
          },
        ),
        { seed: 42, numRuns: runs.mutants },
      );
      return runs.mutants;
    });
    timed(parser.id, 'random text (code points, bytes, CSV-ish tokens)', () => {
      fc.assert(
        fc.property(randomTextArb, (text) => {
          checkParser(parser, 'random.txt', text);
        }),
        { seed: 42, numRuns: runs.random },
      );
      return runs.random;
    });
    timed(parser.id, 'own fixture spliced with another format', () => {
      fc.assert(
        fc.property(
          fc
            .tuple(fc.constantFrom(...seeds), fc.constantFrom(...small))
            .chain(([a, b]) => fc.tuple(fc.constant(a.name), spliceArb(a.text, b.text))),
          ([name, text]) => {
            checkParser(parser, name, text);
          },
        ),
        { seed: 42, numRuns: runs.splice },
      );
      return runs.splice;
    });
  });
});

describeShared('shared reference fixtures', () => {
  const shared = sharedSeeds(300_000);

  it.each(PARSERS.map((p) => [p.id, p] as const))(
    '%s: every shared fixture, and truncations of its own',
    (_id, parser) => {
      timed(parser.id, 'shared fixtures whole (≤300 KB)', () => {
        for (const seed of shared) checkParser(parser, seed.name, seed.text);
        return shared.length;
      });
      const own = homeSeeds(parser.id, shared);
      timed(parser.id, 'shared fixtures truncated (30 points each)', () => {
        let n = 0;
        for (const seed of own) {
          for (const at of truncationPoints(seed.text, volume(10, 30), 0)) {
            checkParser(parser, seed.name, seed.text.slice(0, at));
            n++;
          }
        }
        return n;
      });
    },
  );

  it('recognisers never throw on shared fixtures', () => {
    timed('recognises (all adapters)', 'shared fixtures', () => {
      for (const seed of shared) checkRecognisers(ADAPTERS, seed.text, seed.name);
      return shared.length;
    });
  });
});
