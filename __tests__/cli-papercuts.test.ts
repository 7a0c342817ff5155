import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, read, repoRoot, tempDir } from './helpers/shared.js';
import { removeTempDirs, runAction } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// What a new user trips over on the command line, each answered in one line.
const formats = join(repoRoot, 'fixtures', 'formats');
const iceperf = join(formats, 'iceperf', 'v2.95_leader.txt');
const requirements = join(formats, 'requirements', 'iceperf.csv');
afterAll(removeTempDirs);

describe('CLI papercuts', () => {
  test('-v, -V and --version print the version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      const result = await cli([flag]);
      expect(result).toEqual({ code: 0, out: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), err: '' });
    }
  });

  test('a negative number for a numeric option gets the range error, not a parser message', async () => {
    const result = await cli(['inspect', '--skip-seconds', '-3', join(formats, 'ddsperf', 'ping_size64.txt')]);
    expect(result.code).toBe(2);
    expect(result.err).toBe('perfgate: error: --skip-seconds must be a whole number of seconds, 0 or more; got "-3"\n');
    const margin = await cli(['derive-requirements', tempDir(), '--margin', '-0.5']);
    expect(margin.err).toBe(
      'perfgate: error: --margin must be a fraction of at least 0, such as 0.1 for 10 %; got "-0.5"\n',
    );
  });

  test('--results a,b is two paths, as the action reads its input; a path with a comma in its name stays whole', async () => {
    const dir = tempDir('perfgate-commas-');
    const both = await cli([
      'check',
      '--results',
      `${iceperf},${join(formats, 'iceperf', 'v1.0_laurel.txt')}`,
      '--requirements',
      requirements,
      '-o',
      join(dir, 'a'),
    ]);
    expect(both.code).toBe(1);
    expect(
      JSON.parse(read(join(dir, 'a', 'report.json'))).subExperiments.map(
        (s: { experimentType: string }) => s.experimentType,
      ),
    ).toContain('UNIX DOMAIN SOCKET');
  });

  test('--mapping names the generic CSV format; with another format it is a usage error', async () => {
    const csv = join(formats, 'generic-csv', 'latency.csv');
    const mapping = join(formats, 'generic-csv', 'mapping.json');
    const implied = await cli(['inspect', '--mapping', mapping, csv]);
    expect(implied.code).toBe(0);
    expect(implied.out).toContain(': generic-csv (CSV with a declared column mapping)');
    const clash = await cli(['inspect', '--format', 'iceperf', '--mapping', mapping, csv]);
    expect(clash).toEqual({
      code: 2,
      out: '',
      err: 'perfgate: error: --mapping is read only with format generic-csv; --format is "iceperf"\n',
    });
    // auto means "detect", as in the action: the mapping still names generic-csv.
    const auto = await cli(['inspect', '--format', 'auto', '--mapping', mapping, csv]);
    expect(auto.code).toBe(0);
    expect(auto.out).toContain(': generic-csv (CSV with a declared column mapping)');
    // export reads with --from (its --format is the format written): the message names that flag.
    const from = await cli(['export', '--format', 'bmf', '--from', 'generic-csv', csv]);
    expect(from).toEqual({
      code: 2,
      out: '',
      err: 'perfgate: error: --from: generic-csv needs --mapping (a JSON file mapping columns to metrics)\n',
    });
  });

  test('--skip-seconds 0 skips nothing: the same reading as no flag', async () => {
    const ddsperf = join(formats, 'ddsperf', 'ping_size64.txt');
    const plain = await cli(['inspect', ddsperf]);
    expect(plain.out).toContain(
      'e.g. 64 latency: mean=14.500 min=7.500 median=9.750 p90=12.500 p99=21.500 max=900.000 samples=8000\n',
    );
    expect(await cli(['inspect', '--skip-seconds', '0', ddsperf])).toEqual(plain);
    const skipped = await cli(['inspect', '--skip-seconds', '2', ddsperf]);
    expect(skipped.out).toContain(
      'e.g. 64 latency: mean=11.500 min=7.500 median=9.750 p90=12.500 p99=21.500 max=300.000 samples=4000\n',
    );
  });

  test('--experiment-name takes a comma-separated list, as the action input experiment-names does', async () => {
    const results = join(repoRoot, 'fixtures', 'example', 'results');
    const dir = tempDir('perfgate-renames-');
    const result = await cli([
      'compare',
      '--reference',
      results,
      '--results',
      results,
      '--experiment-name',
      'intraprocess_best_effort=shm,interprocess_best_effort=ipc',
      '-o',
      dir,
    ]);
    expect(result.code).toBe(0);
    const report = JSON.parse(read(join(dir, 'comparison.json'))) as {
      subExperiments: { experimentType: string; status: string }[];
    };
    expect(report.subExperiments.map((s) => [s.experimentType, s.status])).toEqual([
      ['ipc', 'passed'],
      ['shm', 'passed'],
    ]);
  });

  test('compare prints where it wrote its report', async () => {
    const dir = tempDir('perfgate-compare-path-');
    const result = await cli(['compare', '--reference', iceperf, '--results', iceperf, '-o', dir]);
    expect(result.code).toBe(0);
    expect(
      result.out.endsWith(
        `\nReport: ${join(dir, 'comparison.md')}, ${join(dir, 'comparison.json')}\nComment: ${join(dir, 'comment.md')}\n`,
      ),
    ).toBe(true);
  });
  test("inspect shows a value in its tool's unit: Go's time/op in ns/op as go test printed it, not in µs", async () => {
    const file = join(formats, 'go-bench', 'candidate-checksum', 'bench.txt');
    const result = await cli(['inspect', file]);
    expect(result.code).toBe(0);
    // The median of the five runs of size=64,mode=copy is one of the lines go test printed.
    expect(read(file)).toContain(' 550.5 ns/op');
    expect(result.out).toContain(
      '    e.g. size=64,mode=copy time/op in ns/op: median=550.5 mean=542.86 min=383.1 max=725.6 samples=5\n',
    );
    // A unit the values are already in is not repeated.
    expect(result.out).toContain('    e.g. size=64,mode=copy MB/s: median=116.260 ');
  });
});

describe('action input skip-seconds: the same rule as the CLI flag', () => {
  test('0 skips nothing (the same verdict as no input); 2 drops the warm-up seconds; -1 is a usage error', async () => {
    const dir = tempDir('perfgate-action-skip-');
    const requirements = join(dir, 'requirements.csv');
    writeFileSync(requirements, 'Experiment,Parameter,latency.mean [us]\nping,64,12\n');
    const inputs = {
      results: join(formats, 'ddsperf', 'ping_size64.txt'),
      requirements,
      charts: 'false',
      'upload-report': 'false',
    };
    const report = (run: ReturnType<typeof runAction>) => read(join(run.workspace, 'perfgate-report', 'report.md'));
    const unset = await runActionInProcess(inputs);
    const zero = await runActionInProcess({ ...inputs, 'skip-seconds': '0' });
    const two = await runActionInProcess({ ...inputs, 'skip-seconds': '2' });
    // mean 14.5 µs over a limit of 12 fails; without the first 2 seconds the mean is 11.5 µs and passes.
    expect([unset.outputs.verdict, zero.outputs.verdict, two.outputs.verdict]).toEqual(['fail', 'fail', 'pass']);
    expect(report(zero)).toBe(report(unset));
    expect(report(two)).not.toBe(report(unset));
    const bad = await runActionInProcess({ ...inputs, 'skip-seconds': '-1' });
    expect(bad.stdout).toContain('input "skip-seconds" must be a whole number of seconds, 0 or more; got "-1"');
  });
});

describe('action on GitHub Enterprise Server', () => {
  test('the report upload is skipped with one notice, no warning', async () => {
    const example = join(repoRoot, 'fixtures', 'example');
    const run = await runActionInProcess(
      { results: join(example, 'results'), requirements: join(example, 'requirements.csv'), charts: 'false' },
      {
        env: {
          GITHUB_SERVER_URL: 'https://ghes.example.internal',
          ACTIONS_RUNTIME_TOKEN: 'x',
          ACTIONS_RESULTS_URL: 'https://ghes.example.internal/results',
        },
      },
    );
    expect(run.status).toBe(0);
    expect(run.commands.filter((c) => c.command === 'warning')).toEqual([]);
    const notices = run.commands.filter((c) => c.command === 'notice').map((c) => c.message);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('GitHub Enterprise Server does not support the artifact API perfgate uses');
  });
});

describe('comment.md: the reviewer comment outside GitHub Actions', () => {
  const example = join(repoRoot, 'fixtures', 'example');

  test('check --charts on a failing run writes comment.md with the check table and the Mermaid charts the action would post', async () => {
    const dir = tempDir('perfgate-comment-md-');
    const result = await cli([
      'check',
      '--results',
      join(example, 'results-regression'),
      '--requirements',
      join(example, 'requirements.csv'),
      '--charts',
      '--no-png',
      '-o',
      dir,
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`Comment: ${join(dir, 'comment.md')}\n`);
    const comment = read(join(dir, 'comment.md'));
    // The first line says how many requirements failed; report.md's own headline heads the collapsed full table.
    expect(comment.startsWith('### ❌ 7 of 66 requirements over their limit\n')).toBe(true);
    expect(comment).toContain('```mermaid');
    expect(comment).toContain(
      `<summary>Requirements: ${read(join(dir, 'report.md')).split('\n')[0]!.replace('### ❌ perfgate: ', '')}</summary>`,
    );
    expect(
      comment
        .trimEnd()
        .endsWith(
          'The full report (report.md, the CSV files, and report.html with charts) is in the report folder of this job.',
        ),
    ).toBe(true);
    expect(comment).not.toContain(dir);
  });

  test('a format given for a file of another format says which one the file looks like', async () => {
    const go = join(formats, 'go-bench', 'publish_count3.txt');
    for (const command of [
      ['inspect', '--format', 'pytest-benchmark', go],
      ['check', '--format', 'pytest-benchmark', '--results', go, '--requirements', requirements, '-o', tempDir()],
    ]) {
      const result = await cli(command);
      expect(result.code).toBe(2);
      expect(result.err).toBe(
        `perfgate: error: ${go}:1:1: expected a JSON value, found "goos". Read as pytest-benchmark, the format given, but it looks like go-bench — Go testing benchmark output (go test -bench): give format go-bench, or auto\n`,
      );
    }
    // A file of the format given, broken, is not said to be another.
    const broken = join(tempDir(), 'bench.json');
    writeFileSync(broken, '{"benchmarks": [');
    expect((await cli(['inspect', '--format', 'pytest-benchmark', broken])).err).not.toContain('looks like');
  });

  test('comment.md names only the report files the run wrote: a comparison has no report.md, CSV files or report.html', async () => {
    const dir = tempDir('perfgate-comment-files-');
    const go = join(formats, 'go-bench');
    const result = await cli([
      'compare',
      '--reference',
      join(go, 'publish_count3.txt'),
      '--results',
      join(go, 'publish_count3.txt'),
      '-o',
      dir,
    ]);
    expect(result.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['comment.md', 'comparison.json', 'comparison.md']);
    expect(read(join(dir, 'comment.md')).trimEnd()).toMatch(
      /\nThe full report \(comparison\.md\) is in the report folder of this job\.$/,
    );
  });

  test('a run that errors replaces the comment.md an earlier run left: never a stale ✅', async () => {
    const dir = tempDir('perfgate-comment-errored-');
    const requirements = join(example, 'requirements.csv');
    expect(
      (await cli(['check', '--results', join(example, 'results'), '--requirements', requirements, '-o', dir])).code,
    ).toBe(0);
    expect(read(join(dir, 'comment.md'))).toMatch(/^### ✅ all 66 requirements met\n/);
    const errored = await cli([
      'compare',
      '--reference',
      join(example, 'results'),
      '--results',
      join(example, 'no-such-results'),
      '-o',
      dir,
    ]);
    expect(errored.code).toBe(2);
    const comment = read(join(dir, 'comment.md'));
    expect(comment).toMatch(
      /^### ⚠️ perfgate errored: nothing was gated\n\nThe run stopped before a verdict: .*no\\-such\\-results\\: no such file or folder\n/,
    );
    expect(comment).toContain('Earlier results of this pull request do not stand for this run.');
  });

  test('a passing check holds no chart unless asked; --comment-charts always adds them', async () => {
    const dir = tempDir('perfgate-comment-pass-');
    const args = [
      'check',
      '--results',
      join(example, 'results'),
      '--requirements',
      join(example, 'requirements.csv'),
      '--charts',
      '--no-png',
    ];
    expect((await cli([...args, '-o', dir])).code).toBe(0);
    expect(read(join(dir, 'comment.md'))).not.toContain('```mermaid');
    const always = tempDir('perfgate-comment-always-');
    expect((await cli([...args, '--comment-charts', 'always', '-o', always])).code).toBe(0);
    expect(read(join(always, 'comment.md'))).toContain('```mermaid');
    const bad = await cli([...args, '--comment-charts', 'sometimes', '-o', tempDir()]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--comment-charts must be one of failing, always, never; got "sometimes"');
  });
});
