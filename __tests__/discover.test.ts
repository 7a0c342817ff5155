import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverResults } from '../src/pipeline/discover.js';
import { tempDir } from './helpers/shared.js';

const SUMMARY = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n16,1,1,1,1,1,1,1,1,1,1,1\n';
const RAW = 'Sample,Payload [Bytes],Latency [us]\n1,16,1.5\n';

describe('finding result files', () => {
  test('a folder gives its summaries and raw files; report files in it are skipped', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_b_type_summary.csv'), SUMMARY);
    writeFileSync(join(dir, 'measurements_a_type.csv'), RAW);
    writeFileSync(join(dir, 'a_type_comparison.csv'), SUMMARY.replace('\n', ',Label\n').replace(/1\n$/, '1,Result: x\n'));
    writeFileSync(join(dir, 'checks_b_type.csv'), 'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n');
    writeFileSync(join(dir, 'requirements.csv'), 'Experiment type,Bytes,Median,99%,Max\n');
    writeFileSync(join(dir, 'notes.txt'), 'hello\n');
    mkdirSync(join(dir, 'plots'));
    const found = discoverResults([dir]);
    expect(found.files.map((f) => [f.kind, f.experimentType])).toEqual([
      ['raw', 'a_type'],
      ['summary', 'b_type'],
    ]);
  });

  test('with a raw file and its summary in one folder, the summary is used and a notice says so', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'measurements_x.csv'), RAW);
    writeFileSync(join(dir, 'measurements_x_summary.csv'), SUMMARY);
    const found = discoverResults([dir]);
    expect(found.files.map((f) => f.kind)).toEqual(['summary']);
    expect(found.notices).toEqual([`${join(dir, 'measurements_x.csv')}: skipped, its summary ${join(dir, 'measurements_x_summary.csv')} is used for x`]);
  });

  test('arguments keep their order; names are sorted inside a folder or pattern; duplicates count once', () => {
    const a = tempDir();
    const b = tempDir();
    writeFileSync(join(a, 'measurements_z_summary.csv'), SUMMARY);
    writeFileSync(join(b, 'measurements_b_summary.csv'), SUMMARY);
    writeFileSync(join(b, 'measurements_a_summary.csv'), SUMMARY);
    const found = discoverResults([a, join(b, '*_summary.csv'), join(a, 'measurements_z_summary.csv')]);
    expect(found.files.map((f) => f.experimentType)).toEqual(['z', 'a', 'b']);
  });
});
