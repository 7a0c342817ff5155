import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverResults } from '../src/pipeline/discover.js';
import { tempDir, cwdFiles } from './helpers/shared.js';

const SUMMARY =
  'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n16,1,1,1,1,1,1,1,1,1,1,1\n';
const RAW = 'Sample,Payload [Bytes],Latency [us]\n1,16,1.5\n';

describe('finding result files', () => {
  test('a folder gives its summaries and raw files; report files in it are skipped', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_b_type_summary.csv'), SUMMARY);
    writeFileSync(join(dir, 'measurements_a_type.csv'), RAW);
    writeFileSync(
      join(dir, 'a_type_comparison.csv'),
      SUMMARY.replace('\n', ',Label\n').replace(/1\n$/, '1,Result: x\n'),
    );
    writeFileSync(
      join(dir, 'checks_b_type.csv'),
      'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n',
    );
    writeFileSync(join(dir, 'requirements.csv'), 'Experiment type,Bytes,Median,99%,Max\n');
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    mkdirSync(join(dir, 'plots'));
    const found = discoverResults(cwdFiles, [dir]);
    expect(found.files.map((f) => [f.format, f.experimentType])).toEqual([
      ['fastdds-raw', 'a_type'],
      ['fastdds-summary', 'b_type'],
    ]);
  });

  test('with a raw file and its summary in one folder, the summary is used and a notice says so', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_x.csv'), RAW);
    writeFileSync(join(dir, 'measurements_x_summary.csv'), SUMMARY);
    const found = discoverResults(cwdFiles, [dir]);
    expect(found.files.map((f) => f.format)).toEqual(['fastdds-summary']);
    expect(found.notices).toEqual([
      `${join(dir, 'measurements_x.csv')}: skipped, its summary ${join(dir, 'measurements_x_summary.csv')} is used for x`,
    ]);
  });

  test('arguments keep their order; names are sorted inside a folder or pattern; duplicates count once', () => {
    const a = tempDir();
    const b = tempDir();
    writeFileSync(join(a, 'measurements_z_summary.csv'), SUMMARY);
    writeFileSync(join(b, 'measurements_b_summary.csv'), SUMMARY);
    writeFileSync(join(b, 'measurements_a_summary.csv'), SUMMARY);
    const found = discoverResults(cwdFiles, [a, join(b, '*_summary.csv'), join(a, 'measurements_z_summary.csv')]);
    expect(found.files.map((f) => f.experimentType)).toEqual(['z', 'a', 'b']);
  });
});

describe("a results tree: the reference's folder rule for Fast-DDS, notices for what is skipped", () => {
  test("a folder's sub-folders are not read for Fast-DDS files (nor for other formats but Criterion's tree)", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_a_type_summary.csv'), SUMMARY);
    mkdirSync(join(dir, 'old'));
    writeFileSync(join(dir, 'old', 'measurements_a_type_summary.csv'), SUMMARY);
    writeFileSync(
      join(dir, 'old', 'hyperfine.json'),
      '{"results": [{"command": "sleep 0.1", "mean": 0.1, "times": [0.1]}]}',
    );
    for (const formats of [false, true]) {
      const found = discoverResults(cwdFiles, [dir], { formats });
      expect(found.files.map((f) => f.path)).toEqual([join(dir, 'measurements_a_type_summary.csv')]);
      expect(found.notices).toEqual([]);
    }
  });

  test('files that are not results are skipped with one notice per folder', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_b_type_summary.csv'), SUMMARY);
    writeFileSync(
      join(dir, 'checks_b_type.csv'),
      'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n',
    );
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    const found = discoverResults(cwdFiles, [dir], { formats: true });
    expect(found.files.map((f) => f.experimentType)).toEqual(['b_type']);
    expect(found.notices).toEqual([
      `${dir}: skipped 2 file(s) that are not result files: ${join(dir, 'checks_b_type.csv')}, ${join(dir, 'notes.txt')}`,
    ]);
  });

  test('a glob skips what is not a result with a notice; a summary is known by its header, as when named', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'latency.csv'), SUMMARY);
    writeFileSync(join(dir, 'measurements_a_type.csv'), RAW);
    writeFileSync(
      join(dir, 'checks_b_type.csv'),
      'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n',
    );
    writeFileSync(join(dir, 'plot.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    const pattern = join(dir, '*');
    const found = discoverResults(cwdFiles, [pattern]);
    expect(found.files.map((f) => [f.format, f.experimentType])).toEqual([
      ['fastdds-summary', 'latency'],
      ['fastdds-raw', 'a_type'],
    ]);
    expect(found.notices).toEqual([
      `${pattern}: skipped 2 file(s) that are not result files: ${join(dir, 'checks_b_type.csv')}, ${join(dir, 'plot.svg')}`,
    ]);
  });

  test('a broken Fast-DDS summary matched by a glob is still an error, not skipped', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_a_type_summary.csv'), SUMMARY.replace('Median', 'Medain'));
    expect(() => discoverResults(cwdFiles, [join(dir, '*.csv')], { formats: true })).toThrow(/Median/);
  });

  test('a glob matching no result file at all is an error, never an empty set', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    writeFileSync(join(dir, 'plot.svg'), '<svg/>\n');
    const pattern = join(dir, '*');
    expect(() => discoverResults(cwdFiles, [pattern], { formats: true })).toThrow(
      `no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format) among the 2 file(s) this pattern matches (${join(dir, 'notes.txt')}, ${join(dir, 'plot.svg')})`,
    );
    expect(() => discoverResults(cwdFiles, [join(dir, 'notes.txt')], { formats: true })).toThrow(
      /^not a result file perfgate recognises/,
    );
  });
});
