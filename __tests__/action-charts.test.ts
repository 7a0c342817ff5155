import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './helpers/shared.js';
import {} from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// The bundled action with charts on (the default on a runner): files, Mermaid in the job summary,
// and an artifact upload that is skipped with a message off a runner, never changing the verdict.
describe('action: charts and the report artifact', () => {
  const example = join(repoRoot, 'fixtures', 'example');

  test('passing example: charts (with PNGs, chart-png: true) in the report folder, Mermaid in the summary, upload skipped off a runner', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      charts: 'true',
      'chart-png': 'true',
    });
    expect(run.status).toBe(0);
    expect(run.outputs['verdict']).toBe('pass');
    const reportDir = join(run.workspace, 'perfgate-report');
    expect(existsSync(join(reportDir, 'report.html'))).toBe(true);
    const charts = readdirSync(join(reportDir, 'charts'));
    // One check chart per sub-experiment, the sub-experiment comparison, and a histogram and time
    // series per raw input: 7 charts, each as spec, SVG and PNG.
    expect(charts.filter((f) => f.endsWith('.png'))).toHaveLength(7);
    expect(charts).toContain('check-interprocess_best_effort.vl.json');
    expect(run.summary).toContain('```mermaid');
    expect(run.summary).toContain('xychart-beta');
    expect(run.stdout).toContain(
      'report not uploaded as artifact "perfgate-report": not running on a GitHub Actions runner',
    );
  });

  test('a regression still fails with charts on; the upload failing is only a warning', async () => {
    const run = await runActionInProcess(
      {
        results: join(example, 'results-regression'),
        requirements: join(example, 'requirements.csv'),
        charts: 'true',
        'chart-png': 'false',
      },
      // A runtime token without a reachable results service: the upload fails, the verdict stands.
      {
        env: {
          ACTIONS_RUNTIME_TOKEN: 'x.eyJzY3AiOiJBY3Rpb25zLlJlc3VsdHM6MTox In0.x',
          ACTIONS_RESULTS_URL: 'http://127.0.0.1:9/',
        },
      },
    );
    expect(run.status).toBe(1);
    expect(run.outputs['verdict']).toBe('fail');
    expect(run.stdout).toMatch(/::warning::perfgate: the report was not uploaded as artifact "perfgate-report"/);
    expect(existsSync(join(run.workspace, 'perfgate-report', 'report.html'))).toBe(true);
    // chart-png: false leaves the PNGs out: specs and SVGs only.
    const charts = readdirSync(join(run.workspace, 'perfgate-report', 'charts'));
    expect(charts.filter((f) => f.endsWith('.svg'))).toHaveLength(7);
    expect(charts.filter((f) => f.endsWith('.png'))).toHaveLength(0);
  });

  test('the default draws no PNG: nothing shows one without chart hosting', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      charts: 'true',
    });
    expect(run.status).toBe(0);
    const charts = readdirSync(join(run.workspace, 'perfgate-report', 'charts'));
    expect(charts.filter((f) => f.endsWith('.vl.json'))).toHaveLength(7);
    expect(charts.filter((f) => f.endsWith('.svg'))).toHaveLength(7);
    expect(charts.filter((f) => f.endsWith('.png'))).toHaveLength(0);
    expect(run.summary).toContain('xychart-beta');
  });

  test('chart-png must be true, false or auto', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      'chart-png': 'yes',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('input "chart-png" must be true or false or auto; got "yes"');
  });
});

describe('perfgate check --charts', () => {
  test('--charts writes specs, SVGs and report.html; --png adds the PNGs', async () => {
    const { cli, tempDir } = await import('./helpers/shared.js');
    const example = join(repoRoot, 'fixtures', 'example');
    const plain = tempDir();
    const withPng = tempDir();
    const args = ['check', '-r', join(example, 'results'), '-q', join(example, 'requirements.csv'), '--charts'];
    expect((await cli([...args, '-o', plain])).out).toMatch(/Charts: 7, 15 files; open .*report\.html/);
    expect(readdirSync(join(plain, 'charts')).filter((f) => f.endsWith('.png'))).toHaveLength(0);
    expect((await cli([...args, '-o', withPng, '--png'])).out).toMatch(/Charts: 7, 22 files; open .*report\.html/);
    expect(readdirSync(join(withPng, 'charts')).filter((f) => f.endsWith('.png'))).toHaveLength(7);
  });

  test('--no-png, the former opt-out, is still accepted and wins over --png', async () => {
    const { cli, tempDir } = await import('./helpers/shared.js');
    const out = tempDir();
    const example = join(repoRoot, 'fixtures', 'example');
    const result = await cli([
      'check',
      '-r',
      join(example, 'results'),
      '-q',
      join(example, 'requirements.csv'),
      '-o',
      out,
      '--charts',
      '--png',
      '--no-png',
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Charts: 7, 15 files; open .*report\.html/);
    const charts = readdirSync(join(out, 'charts'));
    expect(charts.filter((f) => f.endsWith('.svg'))).toHaveLength(7);
    expect(charts.filter((f) => f.endsWith('.png'))).toHaveLength(0);
  });
});
