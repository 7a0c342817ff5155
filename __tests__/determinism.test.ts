import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Same inputs → the same bytes in every report file, charts and report.html included.
function snapshot(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(folder, path), readFileSync(path));
    }
  };
  walk(folder);
  return files;
}

function expectSameFolders(a: string, b: string): void {
  const first = snapshot(a);
  const second = snapshot(b);
  expect([...second.keys()]).toEqual([...first.keys()]);
  for (const [name, bytes] of first)
    expect({ name, same: bytes.equals(second.get(name)!) }).toEqual({ name, same: true });
}

describe('two runs on the same inputs write byte-identical report folders', () => {
  const example = join(repoRoot, 'fixtures', 'example');
  const formats = join(repoRoot, 'fixtures', 'formats');

  test('check of raw Fast-DDS results with every chart (spec, SVG, PNG, report.html)', async () => {
    const [a, b] = [tempDir(), tempDir()];
    for (const out of [a, b]) {
      const result = await cli([
        'check',
        '-r',
        join(example, 'results-regression'),
        '-q',
        join(example, 'requirements.csv'),
        '-o',
        out,
        '--charts',
        '--png',
      ]);
      expect(result.code).toBe(1);
    }
    expectSameFolders(a, b);
    expect(snapshot(a).size).toBeGreaterThan(25);
  });

  test('comparison with charts', async () => {
    const [a, b] = [tempDir(), tempDir()];
    for (const out of [a, b]) {
      await cli([
        'compare',
        '--reference',
        join(example, 'results'),
        '--results',
        join(example, 'results-regression'),
        '-o',
        out,
        '--charts',
      ]);
    }
    expectSameFolders(a, b);
  });

  test('metric checks of other formats', async () => {
    const [a, b] = [tempDir(), tempDir()];
    for (const out of [a, b]) {
      await cli([
        'check',
        '-r',
        join(formats, 'ddsperf'),
        join(formats, 'iceperf', 'v2.95_leader.txt'),
        '-q',
        join(formats, 'requirements', 'iceperf.csv'),
        '-o',
        out,
      ]);
    }
    expectSameFolders(a, b);
  });
});

describe('resource limits for files read whole', () => {
  test('a results file with too many experiments is refused with a clear error', async () => {
    const { writeFileSync } = await import('node:fs');
    const dir = tempDir();
    const path = join(dir, 'many.csv');
    // redis-benchmark --csv with 100 001 distinct tests: over the 100 000-experiment limit.
    const rows = Array.from({ length: 100_001 }, (_, i) => `"T${i}","1000.00"`).join('\n');
    writeFileSync(path, `"test","rps"\n${rows}\n`);
    const result = await cli(['inspect', path]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${path}: the file holds 100001 experiments; the limit is 100000 per file: ` +
        'split the results into several files (a folder or a pattern reads them all as one set)\n',
    );
  });
});
