import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeWithShared, fastddsDir, removeTempDirs, repoRoot } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// The action compares with a baseline given as files (the `auto` baseline comes from the API).
const example = join(repoRoot, 'fixtures', 'example');
afterAll(removeTempDirs);

describe('action: baseline comparison', () => {
  test('baseline alone (no requirements): results identical to the baseline pass', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      baseline: join(example, 'results'),
      threshold: '0.1',
    });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-failed': '0', 'comparisons-total': '88' });
    expect(run.outputs['checks-total']).toBeUndefined();
    expect(run.summary).toMatch(/^### ✅ 22 unchanged · against the baseline \(one run, noise not estimated\)\n/);
    expect(run.summary).toContain('(threshold against one run, noise not estimated): 88 of 88 comparisons passed');
    expect(readFileSync(join(run.workspace, 'perfgate-report', 'report.md'), 'utf8')).toBe(
      run.summary.replace(/\n$/, ''),
    );
  });

  test('requirements and baseline: the regression run fails both, and the summary has both sections', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results-regression'),
      requirements: join(example, 'requirements.csv'),
      baseline: join(example, 'results'),
      threshold: 'median=0.2,max=2,min=0.2,99%=0.2',
    });
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'checks-failed': '7',
      'failed-experiments': 'intraprocess_best_effort',
    });
    expect(Number(run.outputs['comparisons-failed'])).toBeGreaterThan(0);
    // The comparison first, the requirements second, in one line; both full tables below it.
    expect(run.summary).toMatch(
      /^### ❌ 3 slower \(latency \+39…\+41 %\) · 19 unchanged · against the baseline \(one run, noise not estimated\) · ❌ 7 of 66 requirements over their limit\n/,
    );
    expect(run.summary).toContain(
      '<summary>Requirements: 59 of 66 checks passed, 1 of 2 sub-experiments failed</summary>',
    );
    expect(run.summary).toContain('(threshold against one run, noise not estimated): 85 of 88 comparisons passed');
    const error = run.commands.find((c) => c.command === 'error' && c.properties['file'] === undefined);
    expect(error?.message).toMatch(
      /7 of 66 checks failed in intraprocess_best_effort; \d+ of 88 comparisons with the baseline failed/,
    );
  });

  // Issue 37: the error annotation said "1 of 27 comparisons with the baseline failed" and named no benchmark.
  test('the failure names the worst failing benchmarks, three of them, and how many more failed', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results-regression'),
      baseline: join(example, 'results'),
      threshold: '0.1',
      'fail-on-regression': 'true',
    });
    expect(run.status).toBe(1);
    const error = run.commands.find((c) => c.command === 'error')?.message;
    expect(error).toBe(
      'perfgate: 3 of 88 comparisons with the baseline failed: intraprocess_best_effort 16384 latency +40.6 %, ' +
        'intraprocess_best_effort 8192 latency +40.5 %, intraprocess_best_effort 4096 latency +39.2 %',
    );
    const lower = await runActionInProcess({
      results: join(example, 'results-regression'),
      baseline: join(example, 'results'),
      threshold: '0.001',
    });
    const failed = Number(lower.outputs['comparisons-failed']);
    expect(failed).toBeGreaterThan(3);
    expect(lower.commands.find((c) => c.command === 'error')?.message).toMatch(
      new RegExp(
        `^perfgate: ${failed} of 88 comparisons with the baseline failed: intraprocess_best_effort 16384 latency \\+40\\.6 %, ` +
          `[^,]+, [^,]+, and ${failed - 3} more$`,
      ),
    );
  });

  test('a bad threshold names the input and the expected form', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      baseline: join(example, 'results'),
      threshold: 'lots',
    });
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain(
      'input "threshold": "lots" is not a threshold; expected a fraction such as 0.1',
    );
  });

  test('neither requirements nor baseline is a usage error', async () => {
    const run = await runActionInProcess({ results: join(example, 'results') });
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain('give input "requirements"');
  });
});

describe('action: annotations of failed checks', () => {
  test('for raw inputs they point at the summary written in the report folder; 0 turns them off', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results-regression'),
      requirements: join(example, 'requirements.csv'),
      annotations: '3',
    });
    const placed = run.commands.filter((c) => c.command === 'error' && c.properties['file'] !== undefined);
    expect(placed).toHaveLength(3);
    expect(placed[0]!.properties['file']).toBe(
      join('perfgate-report', 'measurements_intraprocess_best_effort_summary.csv'),
    );
    // 4096 B is the 9th payload (16 … 4096): line 10 of the written summary.
    expect(placed[0]!.properties['line']).toBe('10');
    expect(
      readFileSync(
        join(run.workspace, 'perfgate-report', 'measurements_intraprocess_best_effort_summary.csv'),
        'utf8',
      ).split('\n')[9],
    ).toMatch(/^4096,/);
    const none = await runActionInProcess({
      results: join(example, 'results-regression'),
      requirements: join(example, 'requirements.csv'),
      annotations: '0',
    });
    expect(none.commands.filter((c) => c.command === 'error' && c.properties['file'] !== undefined)).toEqual([]);
    expect(none.status).toBe(1);
  });
});

describeWithShared('action: baseline comparison on the reference fixtures', () => {
  test('writes the byte-compatible comparison CSVs next to the check reports', async () => {
    const run = await runActionInProcess({
      results: join(fastddsDir, 'compare', 'results_2026-01-02'),
      baseline: join(fastddsDir, 'compare', 'reference_2026-01-01'),
    });
    expect(run.outputs['verdict']).toBe('fail');
    for (const name of ['interprocess_best_effort_comparison.csv', 'intraprocess_best_effort_comparison.csv']) {
      expect(readFileSync(join(run.workspace, 'perfgate-report', name), 'utf8')).toBe(
        readFileSync(join(fastddsDir, 'compare', 'expected', name), 'utf8'),
      );
    }
  });
});
