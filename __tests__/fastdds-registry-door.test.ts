import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adapterById } from '../src/engine/formats/registry.js';
import { InputError } from '../src/engine/errors.js';
import type { ParseOptions } from '../src/engine/formats/adapter.js';
import { experimentSummary, type ResultSet } from '../src/engine/model/measurement.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { loadResultSet } from '../src/pipeline/resultSets.js';
import { loadResults } from '../src/pipeline/results.js';
import { describeShared, fastdds, tempDir, cwdFiles } from './helpers/shared.js';

// Fast-DDS files enter through the registry like every other format: the raw reader is the
// fastdds-raw adapter's streaming hook, the reference's name rule is the adapters' fileNames hook.

const RAW = join(fastdds, 'raw', 'measurements_interprocess_best_effort.csv');

/** The raw file fed to the streaming hook in chunks of `size` bytes (lines split across chunks). */
function streamed(size: number, options: ParseOptions): ResultSet {
  const bytes = readFileSync(RAW);
  const reader = adapterById('fastdds-raw')!.stream!(RAW, options);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return reader.finish();
}

describeShared('Fast-DDS through the registry door', () => {
  for (const floatParse of ['precise', 'legacy'] as const) {
    test(`the streaming hook gives the reference's own summary CSV (summary-${floatParse}), whatever the chunk size`, () => {
      // Written by latency_process_results.py: the values the reference checks, to three decimals.
      const expectedFile = join(
        fastdds,
        'expected',
        `summary-${floatParse}`,
        'measurements_interprocess_best_effort_summary.csv',
      );
      const expected = adapterById('fastdds-summary')!.parse(
        { file: expectedFile, text: readFileSync(expectedFile, 'utf8') },
        { floatParse },
      );
      for (const size of [4093, 65536]) {
        const set = streamed(size, { floatParse });
        expect(set.format).toBe('fastdds-raw');
        expect(set.measurements.map((m) => m.statistics)).toEqual(expected.measurements.map((m) => m.statistics));
        expect(set.summary!.payloads.map((p) => p.line)).toEqual(expected.summary!.payloads.map((p) => p.line));
      }
    });
  }

  test('the streaming hook and parse agree, and the pipeline reads a raw file through the hook', () => {
    const text = readFileSync(RAW, 'utf8');
    const parsed = adapterById('fastdds-raw')!.parse({ file: RAW, text }, { floatParse: 'precise' });
    expect(streamed(1000, { floatParse: 'precise' })).toEqual(parsed);
    // The first row of the reference's summary-precise CSV: 16,10000,122.599,…,7.486,…,14.735,…
    const first = parsed.summary!.payloads[0]!;
    expect([first.payloadBytes, first.samples, first.median, first.p99, first.max, first.line]).toEqual([
      16, 10000, 7.486, 14.735, 122.599, 2,
    ]);
    const loaded = loadResultSet(
      cwdFiles,
      { path: RAW, experimentType: 'interprocess_best_effort', format: 'fastdds-raw' },
      { floatParse: 'precise' },
    );
    expect(loaded.set).toEqual(parsed);
  });
});

describe('Fast-DDS streaming hook errors and file-name rule', () => {
  test('a raw file with a header and no rows is an InputError at the line after the header', () => {
    const reader = adapterById('fastdds-raw')!.stream!('measurements_x.csv', { floatParse: 'precise' });
    reader.push(new TextEncoder().encode('Sample,Payload [Bytes],Latency [us]\n'));
    expect(() => reader.finish()).toThrow(
      new InputError('the file has a header but no measurements', { file: 'measurements_x.csv', line: 2 }),
    );
  });

  test("the reference's name rule: in a folder, only names containing 'summary' are summaries; the name gives the sub-experiment", () => {
    const summary = adapterById('fastdds-summary')!.fileNames!;
    const raw = adapterById('fastdds-raw')!.fileNames!;
    expect(summary.takes('comparison.csv')).toBe(false);
    expect(summary.takes('measurements_a_summary.csv')).toBe(true);
    expect(summary.experimentOf('results/measurements_intraprocess_reliable_summary.csv')).toBe(
      'intraprocess_reliable',
    );
    expect(raw.experimentOf('results/measurements_intraprocess_reliable.csv')).toBe('intraprocess_reliable');
    expect(adapterById('iceperf')!.fileNames).toBeUndefined();

    // A comparison CSV has every summary column: listed in a folder it is skipped, named on its own it is read.
    const dir = tempDir();
    const header = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n';
    writeFileSync(join(dir, 'comparison.csv'), header + '16,10,3,1,2,2,0.5,0.1,0.2,2.5,2.9,3\n');
    writeFileSync(join(dir, 'measurements_b_summary.csv'), header + '16,10,3,1,2,2,0.5,0.1,0.2,2.5,2.9,3\n');
    const found = discoverResults(cwdFiles, [dir]);
    expect(found.files).toEqual([
      { path: join(dir, 'measurements_b_summary.csv'), experimentType: 'b', format: 'fastdds-summary' },
    ]);
    expect(found.notices).toEqual([
      `${dir}: skipped 1 file(s) that are not result files: ${join(dir, 'comparison.csv')}`,
    ]);
    expect(discoverResults(cwdFiles, [join(dir, 'comparison.csv')]).files).toEqual([
      { path: join(dir, 'comparison.csv'), experimentType: 'comparison', format: 'fastdds-summary' },
    ]);
  });
});

describe('the Fast-DDS summary lives on the result set', () => {
  const header = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n';

  test("an experiment read from one summary file has that set's summary; pooled or renamed, it follows the set", () => {
    const one = tempDir();
    writeFileSync(
      join(one, 'measurements_a_summary.csv'),
      header + '16,10,3,1,2,2,0.5,0.1,0.2,2.5,2.9,3\n64,10,6,2,4,4,1,0.2,0.4,5,5.8,6\n',
    );
    const loaded = loadResults(cwdFiles, [one], { floatParse: 'precise' });
    const ex = loaded.experiments.get('a')!;
    expect(ex.sets).toEqual([loaded.files[0]!.set]);
    const summary = experimentSummary('a', ex.sets)!;
    expect(summary).toBe(loaded.files[0]!.set.summary);
    expect(summary.payloads.map((p) => [p.payloadBytes, p.median, p.p99])).toEqual([
      [16, 2, 2.9],
      [64, 4, 5.8],
    ]);
    // Another experiment's name does not take the set's summary.
    expect(experimentSummary('b', ex.sets)).toBeUndefined();

    const renamed = loadResults(cwdFiles, [one], {
      floatParse: 'precise',
      experimentNames: new Map([['a', 'udp']]),
    }).experiments.get('udp')!;
    expect(experimentSummary('udp', renamed.sets)!.experimentType).toBe('udp');

    // Two runs pooled as repetitions are no one file's summary: the experiment has none.
    const two = tempDir();
    writeFileSync(join(two, 'measurements_a_summary.csv'), header + '16,10,3,1,2,2,0.5,0.1,0.2,2.5,2.9,3\n');
    const pooled = loadResults(cwdFiles, [one, two], { floatParse: 'precise', repetitions: 'pool' }).experiments.get(
      'a',
    )!;
    expect(pooled.repetitions).toBe(2);
    expect(pooled.sets).toHaveLength(2);
    expect(experimentSummary('a', pooled.sets)).toBeUndefined();
  });
});
