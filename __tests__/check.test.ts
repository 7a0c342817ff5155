import { checkMagnitude } from '../src/engine/check/check.js';
import { checkMeasurements, checkSummary } from '../src/engine/check/metricCheck.js';
import { metricRequirementsOf } from '../src/engine/formats/metricRequirementsCsv.js';
import { resultSetOfSummary } from '../src/engine/formats/fastdds/measurements.js';
import { parseRequirementsCsv } from '../src/engine/formats/requirementsCsv.js';
import { parseSummaryCsv } from '../src/engine/formats/fastdds/summary.js';
import { renderChecksCsv } from '../src/engine/report/check/checksCsv.js';
import { buildCheckReport } from '../src/engine/report/check/model.js';

const summaryCsv = (rows: string) =>
  'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n' + rows;
const summary = (rows: string, type = 'interprocess_best_effort') =>
  parseSummaryCsv(`results/measurements_${type}_summary.csv`, summaryCsv(rows), 'precise');
const requirements = (rows: string) =>
  parseRequirementsCsv('requirements.csv', 'Experiment type,Bytes,Median,99%,Max\n' + rows, 'precise');

describe('reference check arithmetic (spec §4)', () => {
  test('over the limit fails with a positive percentage', () => {
    const row = checkMagnitude('Max', 16, 110.339, 122.599);
    expect(row).toMatchObject({ status: 'failed', difference: 122.599 - 110.339 });
    expect(row.percentOver).toBeCloseTo(11.111, 3);
  });

  test('equal to the limit passes and prints -0.000', () => {
    const sub = checkSummary(
      summary('64,10000,134.107,1,1,7.512,1,1,1,1,54.938,1\n'),
      requirements('interprocess_best_effort,64,7.512,54.938,134.107\n'),
    );
    expect(sub.status).toBe('passed');
    expect(renderChecksCsv(sub)).toBe(
      'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n' +
        'Median,64,7.512,7.512,0.000,-0.000,passed\n99%,64,54.938,54.938,0.000,-0.000,passed\nMax,64,134.107,134.107,0.000,-0.000,passed\n',
    );
  });

  test('rows go Median, 99%, Max, each in requirement payload order; extra summary payloads are ignored', () => {
    const sub = checkSummary(
      summary('16,1,9,1,1,5,1,1,1,1,8,1\n32,1,9,1,1,5,1,1,1,1,8,1\n64,1,9,1,1,5,1,1,1,1,8,1\n'),
      requirements('interprocess_best_effort,32,6,9,10\ninterprocess_best_effort,16,6,9,10\n'),
    );
    expect(sub.rows.map((r) => `${r.check}@${r.payloadBytes}`)).toEqual([
      'Median@32',
      'Median@16',
      '99%@32',
      '99%@16',
      'Max@32',
      'Max@16',
    ]);
  });
});

describe('deliberate departures from the reference', () => {
  test('a required payload missing from the results gives missing rows that fail the gate (reference: crash)', () => {
    const sub = checkSummary(
      summary('16,1,9,1,1,5,1,1,1,1,8,1\n'),
      requirements('interprocess_best_effort,16,6,9,10\ninterprocess_best_effort,32,6,9,10\n'),
    );
    expect(sub.status).toBe('failed');
    expect(sub.rows.filter((r) => r.status === 'missing').map((r) => r.check)).toEqual(['Median', '99%', 'Max']);
    expect(renderChecksCsv(sub)).toContain('\nMedian,32,6.000,,,,missing\n');
    const report = buildCheckReport([sub], []);
    expect(report.verdict).toBe('fail');
    expect(report.problems).toEqual(['interprocess_best_effort: payload 32 bytes is required but not in the results']);
  });

  test('a sub-experiment without requirement rows is unchecked, with a warning, and does not fail (reference: crash)', () => {
    const reqs = requirements('other_type,16,6,9,10\n');
    const unchecked = checkSummary(summary('16,1,9,1,1,5,1,1,1,1,8,1\n'), reqs);
    expect(unchecked).toMatchObject({ status: 'unchecked', rows: [] });
    const checked = checkSummary(summary('16,1,9,1,1,5,1,1,1,1,8,1\n', 'other_type'), reqs);
    const report = buildCheckReport([unchecked, checked], reqs);
    expect(report.verdict).toBe('pass');
    expect(report.uncheckedExperiments).toEqual(['interprocess_best_effort']);
    expect(report.warnings).toEqual([
      'interprocess_best_effort: no requirements for this sub-experiment; it was not checked',
    ]);
  });

  test('a required sub-experiment with no summary fails, naming the closest one (reference: ignored); no checks file is its own', () => {
    const reqs = requirements(
      'interprocess_best_efort,16,6,9,10\ninterprocess_best_efort,32,6,9,10\nintraprocess_reliable,16,6,9,10\n',
    );
    const sets = [resultSetOfSummary(summary('16,1,9,1,1,5,1,1,1,1,8,1\n'), 'fastdds-summary')];
    const checks = checkMeasurements(sets, metricRequirementsOf(reqs, 'perf/requirements.csv'), { reference: true });
    expect(checks.map((c) => [c.experimentType, c.status, c.absent ?? false, c.rows.length])).toEqual([
      ['interprocess_best_effort', 'unchecked', false, 0],
      ['interprocess_best_efort', 'failed', true, 6],
      ['intraprocess_reliable', 'failed', true, 3],
    ]);
    // The rows keep the reference shape (Median, 99%, Max at a payload, in µs).
    expect(checks[1]!.rows[0]).toMatchObject({ check: 'Median', payloadBytes: 16, requirement: 6, status: 'missing' });
    expect(checks[1]!.rows[0]!.unit).toBeUndefined();
    const report = buildCheckReport(checks, reqs);
    expect(report).toMatchObject({
      verdict: 'fail',
      checksTotal: 9,
      checksFailed: 9,
      experimentsWithoutResults: ['interprocess_best_efort', 'intraprocess_reliable'],
    });
    expect(report.problems).toEqual([
      'interprocess_best_efort: required (requirements.csv line 2) but not in the results; did you mean interprocess_best_effort?',
      'intraprocess_reliable: required (requirements.csv line 4) but not in the results',
    ]);
    expect(report.warnings).toEqual([
      'interprocess_best_effort: no requirements for this sub-experiment; it was not checked',
    ]);
  });

  test('an Optional column (yes/no) in the reference form: an absent optional payload or type is skipped, not failed', () => {
    const reqs = parseRequirementsCsv(
      'requirements.csv',
      'Experiment type,Bytes,Median,99%,Max,Optional\ninterprocess_best_effort,16,6,9,10,\ninterprocess_best_effort,32,6,9,10,yes\nintraprocess_reliable,16,6,9,10,Yes\n',
      'precise',
    );
    expect(reqs.map((r) => r.optional ?? false)).toEqual([false, true, true]);
    const sets = [resultSetOfSummary(summary('16,1,9,1,1,5,1,1,1,1,8,1\n'), 'fastdds-summary')];
    const checks = checkMeasurements(sets, metricRequirementsOf(reqs, 'requirements.csv'), { reference: true });
    expect(checks.map((c) => [c.experimentType, c.status, c.skipped])).toEqual([
      ['interprocess_best_effort', 'passed', ['payload 32 bytes is not in the results (optional: skipped)']],
      ['intraprocess_reliable', 'skipped', ['not in the results (optional, requirements.csv line 4): skipped']],
    ]);
    // The checks file of the summary is the reference's, byte for byte: only the payload it has.
    expect(renderChecksCsv(checks[0]!)).toBe(
      'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status\n' +
        'Median,16,6.000,5.000,1.000,-16.667,passed\n99%,16,9.000,8.000,1.000,-11.111,passed\nMax,16,10.000,9.000,1.000,-10.000,passed\n',
    );
    const report = buildCheckReport(checks, reqs);
    expect(report).toMatchObject({
      verdict: 'pass',
      checksTotal: 3,
      experimentsChecked: 1,
      problems: [],
      warnings: [],
    });
    expect(report.skipped).toEqual([
      'interprocess_best_effort: payload 32 bytes is not in the results (optional: skipped)',
      'intraprocess_reliable: not in the results (optional, requirements.csv line 4): skipped',
    ]);
  });

  test('a gate that ran no check at all fails: nothing in the results matched a requirement', () => {
    const reqs = requirements('other_type,16,6,9,10\n');
    const report = buildCheckReport([checkSummary(summary('16,1,9,1,1,5,1,1,1,1,8,1\n'), reqs)], reqs);
    expect(report).toMatchObject({ verdict: 'fail', checksTotal: 0 });
    expect(report.problems).toEqual(['no checks were run: no sub-experiment in the results has requirements']);
  });

  test('an empty or nan value fails its check with a message (reference: prints passed)', () => {
    const sub = checkSummary(
      summary('16,1,,1,1,nan,1,1,1,1,8,1\n'),
      requirements('interprocess_best_effort,16,6,9,10\n'),
    );
    const [median, p99, max] = sub.rows;
    expect(median).toMatchObject({ status: 'failed', message: 'no Median value for 16 bytes in the results' });
    expect(p99).toMatchObject({ status: 'passed' });
    expect(max).toMatchObject({ status: 'failed', message: 'no Max value for 16 bytes in the results' });
    expect(renderChecksCsv(sub).split('\n')[1]).toBe('Median,16,6.000,,,,failed');
  });

  test('an empty requirement cell fails that check', () => {
    const sub = checkSummary(
      summary('16,1,9,1,1,5,1,1,1,1,8,1\n'),
      requirements('interprocess_best_effort,16,,9,10\n'),
    );
    expect(sub.rows[0]).toMatchObject({ status: 'failed', message: 'no Median requirement for 16 bytes' });
  });

  test('a zero requirement gives a finite percentage, never inf', () => {
    expect(checkMagnitude('Median', 16, 0, 2.5)).toMatchObject({ status: 'failed', percentOver: 250 });
    expect(checkMagnitude('Median', 16, 0, 0)).toMatchObject({ status: 'passed' });
    expect(Number.isFinite(checkMagnitude('Median', 16, 0, 0).percentOver)).toBe(true);
  });
});
