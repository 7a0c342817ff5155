import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cli, listFiles, read, repoRoot, tempDir } from './helpers/shared.js';

const example = join(repoRoot, 'fixtures', 'example');

describe('the embedded example (npm run demo)', () => {
  test('the generator is deterministic: it rewrites the committed files byte for byte', () => {
    const out = tempDir();
    const run = spawnSync(process.execPath, [join(example, 'generate.mjs'), out], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    for (const path of [
      'requirements.csv',
      'results/measurements_interprocess_best_effort.csv',
      'results-regression/measurements_intraprocess_best_effort.csv',
    ]) {
      expect(read(join(out, path))).toBe(read(join(example, path)));
    }
  });

  test('the example results pass their requirements', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '-r',
      join(example, 'results'),
      '-q',
      join(example, 'requirements.csv'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('PASS: 66 of 66 checks passed, 0 of 2 sub-experiments failed');
    expect(listFiles(out)).toEqual([
      'checks_interprocess_best_effort.csv',
      'checks_intraprocess_best_effort.csv',
      'comment.md',
      'measurements_interprocess_best_effort_summary.csv',
      'measurements_intraprocess_best_effort_summary.csv',
      'report.json',
      'report.md',
    ]);
  });

  test('the regression run fails on the sub-experiment that got slower, and only there', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '-r',
      join(example, 'results-regression'),
      '-q',
      join(example, 'requirements.csv'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(read(join(out, 'report.json')));
    expect(report.failedExperiments).toEqual(['intraprocess_best_effort']);
    const failedPayloads = new Set<number>(
      report.subExperiments[1].checks
        .filter((c: { status: string }) => c.status !== 'passed')
        .map((c: { bytes: number }) => c.bytes),
    );
    // The generator slowed payloads of 4096 bytes and more by 40 %.
    expect([...failedPayloads].sort((a, b) => a - b)).toEqual([4096, 8192, 16384]);
  });
});
