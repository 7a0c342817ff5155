/** Helpers of the format adapter tests: find a measurement, catch an InputError and check it. */
import { InputError, type SourcePlace } from '../../src/engine/errors.js';
import type { Measurement, ResultSet } from '../../src/engine/model/measurement.js';

/** The measurement of an experiment, metric and parameter label; an error lists what there is. */
export function find(set: ResultSet, experiment: string, metric: string, label = ''): Measurement {
  const m = set.measurements.find(
    (x) => x.experiment === experiment && x.metric.name === metric && x.parameter.label === label,
  );
  if (!m)
    throw new Error(
      `no ${experiment} / ${label} / ${metric} in ${set.measurements.map((x) => `${x.experiment}|${x.parameter.label}|${x.metric.name}`).join(', ')}`,
    );
  return m;
}

/** The InputError a call throws (fails the test when it throws nothing or something else). */
export function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw new Error(`expected an InputError, got ${String(error)}`);
  }
  throw new Error('expected an InputError, nothing was thrown');
}

/** That a call throws one InputError at `place` whose message matches. */
export function expectInputError(run: () => unknown, place: SourcePlace, message: RegExp): void {
  const error = inputError(run);
  expect(error.place).toEqual(place);
  expect(error.message).toMatch(message);
}
