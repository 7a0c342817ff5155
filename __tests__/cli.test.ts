import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, tempDir, listFiles } from './helpers/shared.js';

// The bundled CLI, run as a user runs it: dist/cli.js with no node_modules needed.
const cliPath = join(repoRoot, 'dist', 'cli.js');
const run = (args: string[], cwd = repoRoot) => spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' });
const example = join(repoRoot, 'fixtures', 'example');

describe('dist/cli.js', () => {
  test('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(run(['--version'])).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  test.each([
    [['--help'], 'perfgate summarize <raw.csv…>'],
    [['summarize', '--help'], 'byte-compatible with latency_process_results.py'],
    [['check', '--help'], 'Exit codes: 0 all checks passed, 1 a check failed, 2 usage or input error.'],
  ])('%p prints help and exits 0', (args, text) => {
    const result = run(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(text);
  });

  test('no command prints the help and exits 2', () => {
    const result = run([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('Usage:');
  });

  test('check: exit 0 on pass, 1 on a failed gate; the report folder is written either way', () => {
    const pass = tempDir();
    expect(run(['check', '--results', join(example, 'results'), '--requirements', join(example, 'requirements.csv'), '--output-dir', pass]).status).toBe(0);
    const fail = tempDir();
    const failed = run(['check', '--results', join(example, 'results-regression'), '--requirements', join(example, 'requirements.csv'), '--output-dir', fail]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^perfgate: FAIL: 59 of 66 checks passed, 1 of 2 sub-experiments failed$/m);
    expect(listFiles(fail)).toContain('report.md');
  });

  test('summarize writes next to the raw file by default', () => {
    const dir = tempDir();
    const raw = join(dir, 'measurements_demo_best_effort.csv');
    writeFileSync(raw, 'Sample,Payload [Bytes],Latency [us]\n1,16,1.5\n2,16,2.5\n3,32,4\n');
    const result = run(['summarize', raw]);
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, 'measurements_demo_best_effort_summary.csv'), 'utf8')).toBe(
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n' +
        '16,2,2.500,1.500,2.000,2.000,0.500,1.000,1.000,2.400,2.490,2.500\n' +
        '32,1,4.000,4.000,4.000,4.000,0.000,nan,nan,4.000,4.000,4.000\n',
    );
  });

  test('a closed stdout (perfgate … | head) is not a crash', () => {
    const result = spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${cliPath}" check -r "${join(example, 'results')}" -q "${join(example, 'requirements.csv')}" -o "${tempDir()}" | head -1`], {
      encoding: 'utf8',
    });
    expect(result.stdout).toMatch(/^perfgate: PASS/);
    expect(result.stderr).not.toContain('EPIPE');
  });

  test('the bundles run with no node_modules anywhere near them', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'dist'));
    for (const name of ['cli.js', 'index.js']) copyFileSync(join(repoRoot, 'dist', name), join(dir, 'dist', name));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const out = join(dir, 'report');
    const result = spawnSync(process.execPath, [join(dir, 'dist', 'cli.js'), 'check', '-r', join(example, 'results'), '-q', join(example, 'requirements.csv'), '-o', out], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(listFiles(out)).toContain('report.json');
    const action = spawnSync(process.execPath, [join(dir, 'dist', 'index.js')], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], INPUT_RESULTS: join(example, 'results'), INPUT_REQUIREMENTS: join(example, 'requirements.csv') },
    });
    expect(action.status).toBe(0);
    expect(action.stdout).toContain('PASS: 66 of 66 checks passed');
  });
});
