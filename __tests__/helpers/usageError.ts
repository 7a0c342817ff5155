import { UsageError } from '../../src/engine/errors.js';

/** The message of the UsageError `run` throws; fails the test when it throws none or another error. */
export function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}
