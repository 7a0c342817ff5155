import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, read, repoRoot, tempDir } from './helpers/shared.js';

// perfgate derive-requirements on real `go test -bench` output (fixtures/formats/go-bench), four
// runs of one build as run folders: the three repetitions of publish_count3.txt, each as the
// `-count 1` run it is (header, one line per benchmark, footer), and publish_verbose.txt.

const goBench = join(repoRoot, 'fixtures', 'formats', 'go-bench');

function goRuns(): string {
  const runs = join(tempDir('perfgate-derive-go-'), 'runs');
  const lines = readFileSync(join(goBench, 'publish_count3.txt'), 'utf8').split('\n');
  const header = lines.slice(0, 4);
  const results = lines.filter((l) => l.startsWith('Benchmark'));
  const footer = lines.slice(-3);
  for (let rep = 0; rep < 3; rep++) {
    mkdirSync(join(runs, `r${rep + 1}`), { recursive: true });
    writeFileSync(
      join(runs, `r${rep + 1}`, 'bench.txt'),
      [...header, ...results.filter((_, i) => i % 3 === rep), ...footer].join('\n'),
    );
  }
  mkdirSync(join(runs, 'r4'));
  copyFileSync(join(goBench, 'publish_verbose.txt'), join(runs, 'r4', 'bench.txt'));
  return runs;
}

const METHOD = [
  'derived by perfgate derive-requirements from 4 runs: each limit is a one-sided prediction bound for one new run of the same build, from the spread between the runs:',
  'exp(mean ± t(q, n−1)·sd·√(1 + 1/n)) of the log values (+ for a ceiling, − for a floor), and at least 1 % beyond the worst run.',
  'An unchanged run passes all 42 limits with probability ≥ 99 % if its noise is log-normal: each limit holds with q = 99.9762 %.',
  "Margin: how far a limit lies beyond the runs' geometric mean on the worse side (×: a factor). sd: the spread between runs (sd of log values, about the relative sd).",
];

// BenchmarkQueueDepth ns/op over the four runs: 4.095, 2.823, 4.698, 3.164 (sd of logs 0.233);
// scipy: exp(mean + t(1 − 0.01/42, 3)·sd·√1.25) = 274.0423 ns, 75.69 × the geometric mean.
const QUEUE_DEPTH_NOTE =
  'BenchmarkQueueDepth (4 runs): time/op.median ×75.7 (sd 23.3 %); time/op.max ×75.7 (sd 23.3 %); ' +
  'auxMetricUnits.median +1.0 % (no spread: worst run + 1 %); auxMetricUnits.max +1.0 % (no spread: worst run + 1 %); ' +
  'frames/op.median +1.0 % (no spread: worst run + 1 %); frames/op.max +1.0 % (no spread: worst run + 1 %); ' +
  'B/op.median +0.0 % (no spread: worst run + 1 %); B/op.max +0.0 % (no spread: worst run + 1 %); ' +
  'allocs/op.median +0.0 % (no spread: worst run + 1 %); allocs/op.max +0.0 % (no spread: worst run + 1 %)';

describe('derive-requirements on go test -bench runs', () => {
  const runs = goRuns();

  test('states the method and each row’s margins on the terminal and as # comments in the file', async () => {
    const out = join(tempDir(), 'requirements.csv');
    const result = await cli(['derive-requirements', runs, '--output', out]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const printed = result.out.split('\n');
    expect(printed.slice(0, 4)).toEqual(METHOD);
    expect(printed).toHaveLength(4 + 5 + 2); // method, 5 rows, `wrote …`, the final newline
    expect(printed).toContain(QUEUE_DEPTH_NOTE);
    expect(printed.at(-2)).toBe(`wrote ${out} from 4 run(s)`);

    const file = read(out).split('\n');
    expect(file.slice(0, 4)).toEqual(METHOD.map((l) => `# ${l}`));
    expect(file[4]).toBe(
      'Experiment,Parameter,time/op.median [us] <=,time/op.max [us] <=,MB/s.median [MB/s] >=,MB/s.max [MB/s] >=,B/op.median [B] <=,B/op.max [B] <=,' +
        'allocs/op.median <=,allocs/op.max <=,auxMetricUnits.median <=,auxMetricUnits.max <=,frames/op.median <=,frames/op.max <=',
    );
    // Each row follows its note. ns/op are limited in µs (the general form's base unit).
    expect(file.slice(-3)).toEqual([
      `# ${QUEUE_DEPTH_NOTE}`,
      'BenchmarkQueueDepth,*,0.274043,0.274043,,,0.000,0.000,0.000,0.000,3.03,3.03,1.01,1.01',
      '',
    ]);
    // Counts that never vary get the floor margin only: 1 allocs/op → 1.01, 1152 B/op → 1163.52.
    expect(file).toContain(
      'BenchmarkPublish,"size=1024,mode=copy",657671.944,657671.944,0.0015611,0.0015611,1163.520,1163.520,1.01,1.01,,,,',
    );
  });

  test('the commented file is read back by check, and every run it came from passes it', async () => {
    const dir = tempDir();
    const out = join(dir, 'requirements.csv');
    expect((await cli(['derive-requirements', runs, '--output', out])).code).toBe(0);
    for (const run of ['r1', 'r2', 'r3', 'r4']) {
      const check = await cli(['check', '--results', join(runs, run), '--requirements', out, '-o', join(dir, run)]);
      expect(check.err).toBe('');
      expect(check.code).toBe(0);
      const report = JSON.parse(read(join(dir, run, 'report.json'))) as { checksTotal: number; checksFailed: number };
      expect(report).toMatchObject({ checksTotal: 42, checksFailed: 0 });
    }
  });

  test('--confidence sets the probability: 90 % gives a tighter limit than 99 %', async () => {
    const out = join(tempDir(), 'requirements.csv');
    const result = await cli(['derive-requirements', runs, '--output', out, '--confidence', '0.9']);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      'An unchanged run passes all 42 limits with probability ≥ 90 % if its noise is log-normal: each limit holds with q = 99.7619 %.',
    );
    expect(read(out)).toContain('\nBenchmarkQueueDepth,*,0.0261256,0.0261256,');
  });

  test('--percentile/--margin are the reference rule, stated as such; the file still re-reads', async () => {
    const dir = tempDir();
    const out = join(dir, 'requirements.csv');
    const result = await cli(['derive-requirements', runs, '--output', out, '--percentile', '99']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n').slice(0, 2)).toEqual([
      'derived by perfgate derive-requirements from 4 runs: each limit is the 99th percentile across the runs (the 1st for a floor), 0 % looser (--percentile 99 --margin 0).',
      "This rule does not scale with the runs' spread: a new run of the same build can fail it.",
    ]);
    // numpy.percentile([2.823, 3.164, 4.095, 4.698], 99) = 4.67991 ns, written outwards as 0.00467992 µs.
    expect(read(out)).toContain('\nBenchmarkQueueDepth,*,0.00467992,0.00467992,,,0.000,0.000,0.000,0.000,3,3,1,1\n');
    // The file re-reads, and the rule fails a run it was derived from: r4's 5767 ns/op at size=1024,mode=copy
    // is 2.0 % over the 99th percentile of the four runs (5654.74), its 177.57 MB/s 5.3 % under the 1st
    // (187.41); median and max each (one repetition per run).
    const check = await cli(['check', '--results', join(runs, 'r4'), '--requirements', out, '-o', join(dir, 'check')]);
    expect(check.err).toBe('');
    expect(check.code).toBe(1);
    expect(JSON.parse(read(join(dir, 'check', 'report.json')))).toMatchObject({ checksTotal: 42, checksFailed: 4 });
  });

  test('--confidence with --percentile or --margin is a usage error', async () => {
    const result = await cli([
      'derive-requirements',
      runs,
      '--output',
      join(tempDir(), 'r.csv'),
      '--confidence',
      '0.9',
      '--margin',
      '0.1',
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      '--confidence sets the prediction bound; --percentile and --margin the percentile rule: give one or the other',
    );
    const bad = await cli(['derive-requirements', runs, '--confidence', '1']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--confidence must be a probability from 0.5 to below 1, such as 0.99; got "1"');
  });

  test('two runs are too few for a spread: an error that says what to do', async () => {
    const two = join(tempDir('perfgate-derive-two-'), 'runs');
    for (const run of ['r1', 'r2']) {
      mkdirSync(join(two, run), { recursive: true });
      copyFileSync(join(runs, run, 'bench.txt'), join(two, run, 'bench.txt'));
    }
    const result = await cli(['derive-requirements', two, '--output', join(tempDir(), 'r.csv')]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${two}: found 2 runs; a limit from the runs' spread needs at least 3. Add runs, or set the rule yourself: --percentile 100 --margin 0.2 takes the worst run plus 20 %\n`,
    );
    expect(
      (
        await cli([
          'derive-requirements',
          two,
          '--output',
          join(tempDir(), 'r.csv'),
          '--percentile',
          '100',
          '--margin',
          '0.2',
        ])
      ).code,
    ).toBe(0);
  });
});
