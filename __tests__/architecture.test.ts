/**
 * The house drawn from its own imports (docs/architecture.md): every relative import in src/ goes
 * from a room to a room on a lower floor, never back up, no files import each other round a circle
 * (not even for a type), and no file grows past one screenful of screens (450 lines).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** The floors, lowest first; a room may import only rooms on lower floors (and itself). */
const FLOORS: readonly (readonly string[])[] = [
  ['engine/errors', 'engine/text'],
  ['engine/model'],
  ['engine/stats'],
  ['engine/numeric', 'engine/csv'],
  ['engine/summarize'],
  ['engine/formats'],
  ['engine/options', 'engine/check', 'engine/compare', 'engine/history'],
  ['engine/settings'],
  ['engine/report'],
  ['engine/trends', 'engine/derive', 'engine/export', 'engine/confirm'],
  ['engine/charts'],
  ['engine/dashboard'],
  ['render'],
  ['pipeline'],
  ['cli', 'action'],
];

const MAX_LINES = 450;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `engine/compare` for src/engine/compare/x.ts, `engine/options` for src/engine/options.ts, `cli` for src/cli/…. */
function roomOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  if (parts[0] === 'engine') return `engine/${parts.length > 2 ? parts[1] : parts[1]!.replace(/\.ts$/, '')}`;
  return parts[0]!;
}

function floorOf(room: string): number {
  const floor = FLOORS.findIndex((rooms) => rooms.includes(room));
  if (floor < 0) throw new Error(`room ${room} is on no floor: add it to FLOORS and to docs/architecture.md`);
  return floor;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(path), (m[1] ?? m[2])!.replace(/\.js$/, '.ts'))));
}

/** The circles of a graph of imports (Tarjan's strongly connected components of more than one file), each sorted. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== file);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe('the house drawn from its own imports', () => {
  const files = sourceFiles(SRC);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.filter((f) => roomOf(f) === 'engine/formats').length).toBeGreaterThan(30);
  });

  it('has no import running back up: each goes to a room on a lower floor or its own', () => {
    const upward: string[] = [];
    let crossings = 0;
    for (const file of files) {
      const from = roomOf(file);
      for (const target of importsOf(file)) {
        if (!target.startsWith(SRC + sep)) continue;
        const to = roomOf(target);
        if (to === from) continue;
        crossings++;
        if (floorOf(to) >= floorOf(from))
          upward.push(`${relative(SRC, file)} imports ${relative(SRC, target)} (${from} → ${to})`);
      }
    }
    expect(upward).toEqual([]);
    // The walk saw the imports between rooms (a parse that found none would pass vacuously).
    expect(crossings).toBeGreaterThan(300);
  });

  it('catches an import running back up', () => {
    expect(floorOf(roomOf(join(SRC, 'engine', 'stats', 'x.ts')))).toBeLessThan(
      floorOf(roomOf(join(SRC, 'engine', 'compare', 'x.ts'))),
    );
    expect(floorOf('engine/model')).toBeLessThan(floorOf('engine/formats'));
    expect(() => floorOf('engine/nowhere')).toThrow(/on no floor/);
  });

  it('has no circle of imports between files, types included', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(circlesOf(graph).map((circle) => circle.map((file) => relative(SRC, file)))).toEqual([]);
  });

  it('catches a circle, and not a chain', () => {
    const chain = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(circlesOf(chain)).toEqual([]);
    const circle = new Map([...chain, ['c', ['a']], ['d', ['d', 'a']]]);
    expect(circlesOf(circle)).toEqual([['a', 'b', 'c']]);
  });

  it(`keeps every file under src/ at ${MAX_LINES} lines or fewer`, () => {
    const long = files
      .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
