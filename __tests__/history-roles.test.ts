/**
 * History records keep each metric's role (primary, derived, secondary), as the format's reader marks it: written on
 * every shape of a version 3 record and read back; a record written before roles were kept (version 2, version 3
 * shapes without `role`) gets the role its format's rules give (src/engine/history/legacyRoles.ts), checked here
 * against the readers themselves on real outputs of each format that marks roles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import { makeHistoryRecord, measurementOfHistory, type HistoryRecord } from '../src/engine/history/record.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { repoRoot } from './helpers/shared.js';

const formats = join(repoRoot, 'fixtures', 'formats');
const RUN = { sha: 'abcdef1', date: '2026-12-01T00:00:00Z', runId: 1, runUrl: 'u' };

function read(file: string, text = readFileSync(file, 'utf8')): ResultSet {
  const id = recogniseFormat(text, file)?.id;
  expect(id).toBeDefined();
  return ADAPTERS.find((a) => a.id === id)!.parse({ file, text }, {});
}

function recordOf(set: ResultSet): HistoryRecord {
  const experiments = [...new Set(set.measurements.map((m) => m.experiment))].map((experiment) => ({
    experiment,
    format: set.format,
    measurements: set.measurements.filter((m) => m.experiment === experiment),
  }));
  return makeHistoryRecord(experiments, RUN);
}

/** Each measurement's experiment, parameter, metric and role (absent: primary), as the reader or a record gives it. */
function rolesOfSet(set: ResultSet): string[] {
  return set.measurements
    .map((m) => `${m.experiment} | ${m.parameter.label} | ${m.metric.name} | ${m.metric.role ?? 'primary'}`)
    .sort();
}

function rolesOfRecord(record: HistoryRecord): string[] {
  return record.measurements
    .map((stored) => measurementOfHistory(stored, 'r'))
    .map((m) => `${m.experiment} | ${m.parameter.label} | ${m.metric.name} | ${m.metric.role ?? 'primary'}`)
    .sort();
}

/** A version 3 record as a perfgate that kept no role wrote it: the same bytes without `"role"` on its shapes. */
function withoutRoles(bytes: string): string {
  const stripped = bytes.replace(/,"role":"(?:primary|derived|secondary)"/g, '');
  expect(stripped).not.toBe(bytes);
  return stripped;
}

/** The same record as version 2 wrote it: one object per measurement, no role, kind nor instrument. */
function asVersion2(record: HistoryRecord): string {
  const head = { format: record.format, version: 2, sha: record.sha, date: record.date, runId: record.runId };
  const measurements = record.measurements.map(({ role: _r, kind: _k, instrument: _i, ...m }) => m);
  return JSON.stringify({ ...head, runUrl: record.runUrl, measurements });
}

// A real output of each format whose reader marks roles (fixtures/formats/SOURCES.md), and a Go run whose benchmark
// replaced ns/op with its own metric (b.ReportMetric(0, "ns/op")): each of its metrics stays primary.
const OUTPUTS: [string, () => ResultSet][] = [
  ['go-bench (MB/s, -benchmem, ReportMetric)', () => read(join(formats, 'go-bench', 'publish_count3.txt'))],
  [
    'go-bench (ns/op replaced)',
    () =>
      read(
        'custom.txt',
        [
          'goos: linux',
          'pkg: example.com/frames',
          'BenchmarkFrames-2   \t  100\t         3.000 frames/op\t       8 B/op',
          'BenchmarkTimed-2    \t  100\t       120.0 ns/op\t         2.000 frames/op',
          'PASS',
          '',
        ].join('\n'),
      ),
  ],
  ['pytest-benchmark', () => read(join(formats, 'pytest-benchmark', 'codec.json'))],
  ['google-benchmark', () => read(join(formats, 'google-benchmark', 'repetitions.json'))],
  ['jmh', () => read(join(formats, 'jmh', 'publish_avgt_gc.json'))],
  ['julia-benchmarktools', () => read(join(formats, 'julia-benchmarktools', 'results.json'))],
  [
    'benchmarkdotnet',
    () => read(join(formats, 'benchmarkdotnet', 'Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json')),
  ],
  ['hyperfine', () => read(join(formats, 'hyperfine', 'scan.json'))],
  ['criterion-console', () => read(join(formats, 'criterion', 'criterion_console.txt'))],
  [
    'cachegrind',
    () => read(join(formats, 'valgrind', 'cachegrind', 'runs', '2026-12-02_09-00-00', 'cachegrind.out.copy')),
  ],
  ['gungraun-text', () => read(join(formats, 'gungraun', 'base', 'bench.txt'))],
  ['perf-stat-csv', () => read(join(formats, 'perf-stat', 'default-events.csv'))],
];

describe('a record keeps each metric’s role', () => {
  test.each(OUTPUTS)('%s: written on every shape and read back as the reader gave it', (_name, output) => {
    const set = output();
    const record = recordOf(set);
    const bytes = renderHistoryRecord(record);
    const shapes = bytes.split('\n').filter((line) => line.startsWith('    {"format"'));
    expect(shapes.length).toBeGreaterThan(0);
    for (const shape of shapes) expect(shape).toMatch(/"role":"(primary|derived|secondary)"/);
    const back = parseHistoryRecord(bytes, 'h.json');
    expect(back).toEqual(record);
    expect(rolesOfRecord(back)).toEqual(rolesOfSet(set));
  });

  test.each(OUTPUTS)(
    '%s: an older record’s roles (version 3 without them, version 2) are its reader’s',
    (_n, output) => {
      const set = output();
      // Each output has a metric its reader marks, so that the rule of its format is what is checked.
      expect(rolesOfSet(set).some((r) => !r.endsWith('| primary'))).toBe(true);
      const record = recordOf(set);
      const old = parseHistoryRecord(withoutRoles(renderHistoryRecord(record)), 'old.json');
      expect(rolesOfRecord(old)).toEqual(rolesOfSet(set));
      expect(rolesOfRecord(parseHistoryRecord(asVersion2(record), 'v2.json'))).toEqual(rolesOfSet(set));
    },
  );

  test('the roles the Go run and pytest mark, spelled out', () => {
    const go = rolesOfSet(OUTPUTS[0]![1]()).filter((r) => r.includes('size=64,mode=copy'));
    expect(go).toEqual([
      'BenchmarkPublish | size=64,mode=copy | B/op | secondary',
      'BenchmarkPublish | size=64,mode=copy | MB/s | derived',
      'BenchmarkPublish | size=64,mode=copy | allocs/op | secondary',
      'BenchmarkPublish | size=64,mode=copy | time/op | primary',
    ]);
    expect(rolesOfSet(OUTPUTS[1]![1]())).toEqual([
      'BenchmarkFrames |  | B/op | primary',
      'BenchmarkFrames |  | frames/op | primary',
      'BenchmarkTimed |  | frames/op | secondary',
      'BenchmarkTimed |  | time/op | primary',
    ]);
    expect(new Set(rolesOfSet(OUTPUTS[2]![1]()).map((r) => r.split(' | ').slice(2).join(' | ')))).toEqual(
      new Set(['time | primary', 'ops | derived']),
    );
  });

  test('a format that marks no role, and one this perfgate does not know, read every metric as primary', () => {
    const text = JSON.stringify({
      format: 'perfgate-history',
      version: 2,
      sha: 'abcdef1',
      date: '2026-01-01T00:00:00.000Z',
      runId: '7',
      runUrl: 'u',
      measurements: ['iceperf', 'a-format-of-the-future'].map((format) => ({
        experiment: format,
        format,
        parameter: '',
        payloadBytes: null,
        metric: 'ops',
        dimension: 'rate',
        unit: 'Hz',
        displayUnit: 'ops/s',
        direction: 'higher-is-better',
        statistics: { median: 5 },
      })),
    });
    expect(parseHistoryRecord(text, 'v2.json').measurements.map((m) => m.role)).toEqual([undefined, undefined]);
  });
});
