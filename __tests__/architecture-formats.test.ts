/**
 * The format adapters' house, drawn from its own imports (docs/architecture.md): Fast-DDS enters
 * only through the formats room. No file outside src/engine/formats/ imports a file inside
 * src/engine/formats/fastdds/; in the room, the files outside the folder reach it only through its
 * door, fastdds/index.ts, which registry.ts re-exports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const FORMATS = join(SRC, 'engine', 'formats');
const FASTDDS = join(FORMATS, 'fastdds');
const DOOR = join(FASTDDS, 'index.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The files `text`, standing at `path`, imports or re-exports by a relative path. */
function importsOf(path: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(path), (m[1] ?? m[2])!.replace(/\.js$/, '.ts'))));
}

const inside = (folder: string, path: string) => path.startsWith(folder + sep);

/** Each import of the Fast-DDS folder that goes round its door: `from → to`, relative to src/. */
function backDoors(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    if (inside(FASTDDS, path)) continue;
    for (const target of importsOf(path, text)) {
      if (!inside(FASTDDS, target)) continue;
      // Outside the formats room no file of the folder may be imported, not even the door.
      if (inside(FORMATS, path) && target === DOOR) continue;
      found.push(`${relative(SRC, path)} imports ${relative(SRC, target)}`);
    }
  }
  return found;
}

describe('Fast-DDS enters only through the formats room', () => {
  const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('finds the Fast-DDS folder, its door, and the files that use Fast-DDS through the registry', () => {
    expect(files.filter((f) => inside(FASTDDS, f.path)).length).toBeGreaterThanOrEqual(7);
    expect(files.some((f) => f.path === DOOR)).toBe(true);
    // The walk sees the imports it judges (a parse that found none would pass vacuously).
    const registry = files.find((f) => f.path === join(FORMATS, 'registry.ts'))!;
    expect(importsOf(registry.path, registry.text)).toContain(DOOR);
    const throughRegistry = files.filter(
      (f) =>
        !inside(FORMATS, f.path) &&
        /\bregistry\.js'/.test(f.text) &&
        /\b(renderSummaryCsv|fastddsHeaderError|RawMeasurementReader|resultSetOfSummary|summaryOfMeasurements)\b/.test(
          f.text,
        ),
    );
    expect(throughRegistry.length).toBeGreaterThanOrEqual(5);
  });

  it('has no import of a file in formats/fastdds/ from outside the formats room, nor round the door inside it', () => {
    expect(backDoors(files)).toEqual([]);
  });

  it('catches an import that goes round the door', () => {
    const pipeline = join(SRC, 'pipeline', 'probe.ts');
    const check = join(SRC, 'engine', 'check', 'probe.ts');
    const adapter = join(FORMATS, 'probe.ts');
    expect(
      backDoors([
        { path: pipeline, text: "import { renderSummaryCsv } from '../engine/formats/fastdds/summary.js';\n" },
        { path: pipeline, text: "export { fastddsRawAdapter } from '../engine/formats/fastdds/index.js';\n" },
        { path: check, text: "const m = await import('../formats/fastdds/measurements.js');\n" },
        { path: adapter, text: "import {\n  clip,\n} from './fastdds/summary.js';\n" },
        { path: adapter, text: "import { fastddsRawAdapter } from './fastdds/index.js';\n" },
        { path: pipeline, text: "import { renderSummaryCsv } from '../engine/formats/registry.js';\n" },
      ]),
    ).toEqual([
      'pipeline/probe.ts imports engine/formats/fastdds/summary.ts',
      'pipeline/probe.ts imports engine/formats/fastdds/index.ts',
      'engine/check/probe.ts imports engine/formats/fastdds/measurements.ts',
      'engine/formats/probe.ts imports engine/formats/fastdds/summary.ts',
    ]);
  });
});
