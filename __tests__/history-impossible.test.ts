/**
 * Issue 47, item 2: history refuses what cannot be. A record or an archive holding a value no measurement can have
 * (`1e999`, which JSON reads as Infinity; a negative time or count), or nested deeper than any record is, is an input
 * error naming the file, the field and its place, never a RangeError. `compare`, `trends` and `dashboard` skip such a
 * record, or an archive month they cannot read, with one warning naming it, and go on with the others. A branch whose
 * records were written by perfgates of versions 1, 2 and 3 reads whole.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { parseArchive, monthOf } from '../src/engine/history/archive.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import { MAX_HISTORY_NESTING } from '../src/engine/history/nesting.js';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { appendHistoryRecord } from '../src/pipeline/historyFolder.js';
import { loadResults } from '../src/pipeline/results.js';
import { cli, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';
import { inputError } from './helpers/formats.js';

const RESULTS = join(repoRoot, 'fixtures', 'example', 'results');
const loaded = loadResults(cwdFiles, [RESULTS], { floatParse: 'precise' });

function recordOf(i: number): HistoryRecord {
  const experiments = [...loaded.experiments].map(([experiment, e]) => ({
    experiment,
    format: e.format,
    measurements: e.measurements,
  }));
  return makeHistoryRecord(experiments, {
    sha: `abcdef${i}000`,
    date: `2026-02-${String(i).padStart(2, '0')}T10:00:00Z`,
    runId: 100 + i,
    runUrl: 'https://example.invalid',
  });
}

/** The text with the first value of a column (`"median": [` or `"median": 3`) replaced by `value`. */
function withFirstValue(text: string, statistic: string, value: string): string {
  const changed = text.replace(new RegExp(`("${statistic}": \\[?)(-?[\\d.e+-]+)`), `$1${value}`);
  expect(changed).not.toBe(text);
  return changed;
}

const record = recordOf(1);
const v3 = renderHistoryRecord(record);

describe('a record holding what no measurement can be', () => {
  test.each([
    [
      '1e999 (Infinity) in a column',
      'median',
      '1e999',
      'is Infinity, which is impossible: a measured value must be a finite number',
    ],
    ['a negative time', 'min', '-3', 'is -3, which is impossible: a time must be greater than 0'],
    [
      'a negative number of samples',
      'samples',
      '-1',
      'is -1, which is impossible: a number of samples cannot be negative',
    ],
  ])(
    'version 3, %s: an input error naming the file, the column, the place and the series',
    (_, statistic, value, why) => {
      const error = inputError(() => parseHistoryRecord(withFirstValue(v3, statistic, value), 'history-1.json'));
      expect(error.place).toEqual({ file: 'history-1.json' });
      expect(error.message).toMatch(
        new RegExp(`^not a perfgate history record: "statistics"."${statistic}"\\[0\\] \\(`),
      );
      expect(error.message).toContain(why);
    },
  );

  test('version 2 and version 1: the measurement, its field and its series are named', () => {
    const m = { ...record.measurements[0]!, statistics: { median: 1.5, min: Number.POSITIVE_INFINITY } };
    const v2 = JSON.stringify({ ...record, version: 2, measurements: [m] }).replace('null', '1e999');
    expect(inputError(() => parseHistoryRecord(v2, 'h2.json')).message).toBe(
      `not a perfgate history record: measurement 1 (${m.experiment} ${m.parameter}, ${m.metric}): "min" is Infinity, which is impossible: a measured value must be a finite number`,
    );
    const v1 = `{"format":"perfgate-history","version":1,"sha":"a","date":"2026-01-01T00:00:00Z","runId":"1","runUrl":"u","experiments":[{"experiment":"alpha","payloads":[{"bytes":16,"samples":-1,"min":1}]}]}`;
    expect(inputError(() => parseHistoryRecord(v1, 'h1.json')).message).toBe(
      'not a perfgate history record: alpha payload 1: "samples" is -1, which is impossible: a number of samples cannot be negative',
    );
    const bytes = v1.replace('"bytes":16', '"bytes":-16').replace('"samples":-1', '"samples":1');
    expect(inputError(() => parseHistoryRecord(bytes, 'h1.json')).message).toContain(
      '"bytes" is not a number of bytes',
    );
  });

  test('a waiver recorded with a negative ceiling is refused', () => {
    const waiver = {
      benchmark: 'b',
      metric: 'm',
      ceilingPercent: -5,
      expires: '2027-01-01',
      link: 'l',
      reason: 'r',
      place: 'w.csv:2',
    };
    const text = renderHistoryRecord({ ...record, accepted: { waivers: [waiver] } });
    expect(inputError(() => parseHistoryRecord(text, 'h.json')).message).toBe(
      'not a perfgate history record: "accepted.waivers" 1: ceilingPercent is not a change in % (a finite number ≥ 0)',
    );
  });

  test('0 stays readable where a tool prints it for "below one unit"; a positive finite value always reads', () => {
    const m = { ...record.measurements[0]!, statistics: { median: 0 }, belowResolution: true as const };
    const back = parseHistoryRecord(renderHistoryRecord({ ...record, measurements: [m] }), 'h.json');
    expect(back.measurements[0]!.statistics.median).toBe(0);
    const without = renderHistoryRecord({ ...record, measurements: [{ ...m, belowResolution: undefined }] });
    expect(inputError(() => parseHistoryRecord(without, 'h.json')).message).toContain('a time must be greater than 0');
  });

  test('deep nesting is an input error at its line and column naming the field, not a RangeError', () => {
    const deep = (n: number) =>
      v3.replace('"runUrl": ', `"environment": ${'['.repeat(n)}${']'.repeat(n)},\n  "runUrl": `);
    for (const n of [MAX_HISTORY_NESTING + 1, 200_000]) {
      const error = inputError(() => parseHistoryRecord(deep(n), 'history-deep.json'));
      expect(error.message).toBe(
        `not a perfgate history record: "environment" nests deeper than ${MAX_HISTORY_NESTING} levels`,
      );
      expect(error.place).toEqual({ file: 'history-deep.json', line: 7, column: 17 + MAX_HISTORY_NESTING });
    }
    // (The record's own object is the first level.) As deep as the limit, the nesting itself is no error.
    let message = '';
    try {
      parseHistoryRecord(deep(MAX_HISTORY_NESTING - 1), 'h.json');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      message = (error as InputError).message;
    }
    expect(message).not.toContain('nests deeper');
  });
});

describe('an archive month holding what cannot be', () => {
  function archiveText(): { folder: string; file: string } {
    const folder = tempDir('perfgate-impossible-archive-');
    for (const i of [1, 2, 3]) appendHistoryRecord(cwdFiles, folder, recordOf(i), 2);
    const file = join(folder, 'archive-2026-02.json');
    expect(parseArchive(readFileSync(file, 'utf8'), file).runs).toHaveLength(1);
    return { folder, file };
  }

  test('a value of 1e999 or below 0 is an input error naming the file, the line of values and the series', () => {
    const { file } = archiveText();
    const text = readFileSync(file, 'utf8');
    const line = /\n {4}\[(-?[\d.e+-]+)\]/.exec(text)!;
    for (const [value, why] of [
      ['1e999', 'is Infinity, which is impossible: a measured value must be a finite number'],
      ['-2', 'is -2, which is impossible'],
    ]) {
      const bad = text.replace(line[0], `\n    [${value}]`);
      const error = inputError(() => parseArchive(bad, file));
      expect(error.place).toEqual({ file });
      expect(error.message).toMatch(/^not a perfgate history archive: "values" line \d+\[0\] \(/);
      expect(error.message).toContain(why);
    }
  });

  test('deep nesting is an input error at its place; a date without a month names the file', () => {
    const { file } = archiveText();
    const text = readFileSync(file, 'utf8');
    const deep = text.replace('"values": [', `"values": [${'['.repeat(100_000)}${']'.repeat(100_000)},`);
    const error = inputError(() => parseArchive(deep, file));
    expect(error.message).toBe(
      `not a perfgate history archive: "values" nests deeper than ${MAX_HISTORY_NESTING} levels`,
    );
    expect(error.place?.file).toBe(file);
    expect(error.place?.line).toBeGreaterThan(1);
    const noMonth = inputError(() => monthOf('yesterday', 'history-x.json'));
    expect([noMonth.place, noMonth.message]).toEqual([{ file: 'history-x.json' }, 'history: no month in "yesterday"']);
  });
});

describe('compare, trends and dashboard skip what they cannot read, one warning each, and go on', () => {
  /** Runs 1–4 (window 3: run 1 archived in archive-2026-02.json); run 3's record holds 1e999. */
  function history(): { folder: string; infinite: string; archive: string } {
    const folder = tempDir('perfgate-impossible-history-');
    for (const i of [1, 2, 3, 4]) appendHistoryRecord(cwdFiles, folder, recordOf(i), 3);
    const infinite = join(folder, historyFileName(recordOf(3)));
    writeFileSync(infinite, withFirstValue(readFileSync(infinite, 'utf8'), 'median', '1e999'));
    return { folder, infinite, archive: join(folder, 'archive-2026-02.json') };
  }
  const skipped = (file: string) => `${file}: skipped: not a perfgate history record: "statistics"."median"[0] (`;

  test('compare --history warns, naming the record, and judges the other runs', async () => {
    const { folder, infinite } = history();
    const run = await cli(['compare', '--history', folder, '--results', RESULTS, '--output-dir', tempDir()]);
    expect(run.err).toContain(skipped(infinite));
    expect(run.err.split(infinite)).toHaveLength(2);
    expect(run.code).toBe(0);
  });

  test('trends warns, naming the record, and reports on the others (exit 0)', async () => {
    const { folder, infinite } = history();
    const out = tempDir();
    const run = await cli(['trends', folder, '--output-dir', out]);
    expect(run.err).toContain(skipped(infinite));
    expect(run.err.split(infinite)).toHaveLength(2);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'trends.json'), 'utf8')).runs).toHaveLength(2);
  });

  test('dashboard warns, naming the record and an unreadable archive month, and writes the site (exit 0)', async () => {
    const { folder, infinite, archive } = history();
    writeFileSync(archive, readFileSync(archive, 'utf8').slice(0, 80));
    const out = tempDir();
    const run = await cli(['dashboard', folder, '--output', out]);
    expect(run.err).toContain(skipped(infinite));
    expect(run.err).toContain(`${archive}: skipped: not a perfgate history archive: `);
    expect(run.err.split(infinite)).toHaveLength(2);
    expect(run.err.split(archive)).toHaveLength(2);
    expect(run.code).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<html');
  });

  test('an archive month alone unreadable: the dashboard draws the records, with one warning', async () => {
    const { folder, infinite, archive } = history();
    rmSync(infinite);
    writeFileSync(archive, '{"format":"perfgate-history-archive","version":1,"month":"2026-02","runs":[[[[');
    const run = await cli(['dashboard', folder, '--output', tempDir()]);
    expect(run.err).toBe(`perfgate: warning: ${archive}: skipped: ${run.err.split(': skipped: ')[1]}`);
    expect(run.err).toContain('not a perfgate history archive');
    expect(run.code).toBe(0);
  });
});

describe('a branch of version 1, 2 and 3 records', () => {
  /** Run 1 as a version 1 record (Fast-DDS payload rows), run 2 as version 2, runs 3 and 4 as version 3. */
  function mixed(): string {
    const folder = tempDir('perfgate-mixed-versions-');
    for (const i of [3, 4]) appendHistoryRecord(cwdFiles, folder, recordOf(i));
    const one = recordOf(1);
    const byExperiment = new Map<string, Map<number, Record<string, number | null>>>();
    for (const m of one.measurements) {
      if (m.metric !== 'latency' || m.payloadBytes === null) continue;
      const payloads = byExperiment.get(m.experiment) ?? new Map<number, Record<string, number | null>>();
      byExperiment.set(m.experiment, payloads);
      const row = payloads.get(m.payloadBytes) ?? { bytes: m.payloadBytes };
      for (const s of ['samples', 'min', 'mean', 'median', 'p99', 'max'] as const)
        if (m.statistics[s] !== undefined) row[s] = m.statistics[s]!;
      payloads.set(m.payloadBytes, row);
    }
    expect(byExperiment.size).toBeGreaterThan(0);
    const { measurements: _m, version: _v, ...head } = one;
    const v1 = {
      ...head,
      version: 1,
      experiments: [...byExperiment].map(([experiment, payloads]) => ({
        experiment,
        payloads: [...payloads.values()],
      })),
    };
    writeFileSync(join(folder, historyFileName(one)), JSON.stringify(v1));
    const two = recordOf(2);
    writeFileSync(join(folder, historyFileName(two)), JSON.stringify({ ...two, version: 2 }));
    return folder;
  }

  test('every record reads: compare, trends and dashboard see four runs and warn of none', async () => {
    const folder = mixed();
    const versions = ['1', '2', '3', '3'];
    for (const [k, i] of [1, 2, 3, 4].entries())
      expect(readFileSync(join(folder, historyFileName(recordOf(i))), 'utf8')).toMatch(
        new RegExp(`"version": ?${versions[k]},`),
      );
    const out = tempDir();
    const compare = await cli(['compare', '--history', folder, '--results', RESULTS, '--output-dir', out]);
    expect(compare.code).toBe(0);
    expect(compare.err).not.toMatch(/skipped|error/);
    const rows = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')).subExperiments.flatMap(
      (s: { comparisons: { historyRuns?: number }[] }) => s.comparisons,
    );
    expect(Math.max(...rows.map((r: { historyRuns?: number }) => r.historyRuns ?? 0))).toBe(4);
    const trendsOut = tempDir();
    const trends = await cli(['trends', folder, '--output-dir', trendsOut]);
    expect([trends.code, trends.err]).toEqual([0, '']);
    expect(JSON.parse(readFileSync(join(trendsOut, 'trends.json'), 'utf8')).runs).toHaveLength(4);
    const dashboard = await cli(['dashboard', folder, '--output', tempDir()]);
    expect([dashboard.code, dashboard.err]).toEqual([0, '']);
  });
});
