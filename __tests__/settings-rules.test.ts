/**
 * The one home of the rules between settings (src/engine/settings/rules.ts): each rule once, in both spellings, the
 * CLI's flags and the action's inputs, with the messages the shells have always given. And the action's input
 * reader, which keeps @actions/core's semantics while reading the run's environment instead of the process's.
 */
import { usageMessage } from './helpers/usageError.js';
import { parseThresholds, VERDICT_DEFAULTS } from '../src/engine/settings/verdict.js';
import {
  ACTION_SPELLING,
  CLI_SPELLING,
  comparisonRules,
  comparisonSettings,
  readSettings,
  type ComparisonGiven,
} from '../src/engine/settings/rules.js';
import { getBooleanInput, getInput } from '../src/action/inputs.js';

const PATHS: ComparisonGiven = { reference: 'paths', history: false, paired: false };

describe('the rules of a comparison', () => {
  test('a reference or a history, not both', () => {
    const both: ComparisonGiven = { ...PATHS, history: true };
    expect(usageMessage(() => comparisonRules(both, CLI_SPELLING))).toBe(
      'compare: give --reference or --history, not both',
    );
    expect(usageMessage(() => comparisonRules({ ...both, reference: 'found' }, ACTION_SPELLING))).toBe(
      'give input "baseline" or input "history", not both',
    );
  });

  test('paired needs A/B pairs: a reference given as paths, no history', () => {
    expect(usageMessage(() => comparisonRules({ history: true, paired: true }, CLI_SPELLING))).toBe(
      'compare: --paired compares A/B pairs; give --reference and --results, not --history',
    );
    const action =
      'input "paired": give input "baseline" as the folder of base-build runs and "results" as the folder of candidate runs (one sub-folder per run: r1, r2, …)';
    for (const given of [
      { history: true, paired: true },
      { reference: 'found', history: false, paired: true },
      { history: false, paired: true },
    ] as const)
      expect(usageMessage(() => comparisonRules(given, ACTION_SPELLING))).toBe(action);
    expect(() => comparisonRules({ ...PATHS, paired: true }, CLI_SPELLING)).not.toThrow();
  });

  test('max-pairs only with paired, whatever its value (a flag given empty is given)', () => {
    expect(usageMessage(() => comparisonRules({ ...PATHS, maxPairs: '' }, CLI_SPELLING))).toBe(
      'compare: --max-pairs is the cap of a sequential A/B run; it needs --paired',
    );
    expect(usageMessage(() => comparisonRules({ ...PATHS, maxPairs: 'x' }, ACTION_SPELLING))).toBe(
      'input "max-pairs" is the cap of a sequential A/B run; it needs input "paired: true"',
    );
  });

  test('the whole-suite budget turned off only for a history; on, it is no setting in the bag', () => {
    expect(usageMessage(() => comparisonRules({ ...PATHS, suiteBudget: false }, CLI_SPELLING))).toBe(
      'compare: --no-suite-budget turns off the whole-suite budget of a history gate; it needs --history',
    );
    expect(usageMessage(() => comparisonRules({ ...PATHS, suiteBudget: false }, ACTION_SPELLING))).toBe(
      'input "suite-budget: false" turns off the whole-suite budget of a history gate; it needs input "history"',
    );
    const history: ComparisonGiven = { history: true, paired: false };
    expect(comparisonSettings({ ...history, suiteBudget: false }, ACTION_SPELLING).suiteBudget).toBe(false);
    expect(comparisonSettings({ ...history, suiteBudget: true }, ACTION_SPELLING)).not.toHaveProperty('suiteBudget');
    expect(comparisonSettings({ ...PATHS, suiteBudget: true }, ACTION_SPELLING)).not.toHaveProperty('suiteBudget');
  });
});

describe('the bag of a comparison', () => {
  test('defaults: the default thresholds and gate, nothing else', () => {
    const bag = { thresholds: parseThresholds(undefined), gate: VERDICT_DEFAULTS.gate, missing: 'warn' };
    expect(comparisonSettings(PATHS, CLI_SPELLING)).toEqual(bag);
    expect(comparisonSettings({ history: true, paired: false }, ACTION_SPELLING)).toEqual(bag);
  });

  test('missing: fail or warn (default warn), named as the user spelled it', () => {
    expect(comparisonSettings({ ...PATHS, missing: 'fail' }, CLI_SPELLING).missing).toBe('fail');
    expect(comparisonSettings({ ...PATHS, missing: ' Warn ' }, CLI_SPELLING).missing).toBe('warn');
    expect(comparisonSettings({ ...PATHS, missing: '' }, ACTION_SPELLING).missing).toBe('warn');
    expect(usageMessage(() => comparisonSettings({ ...PATHS, missing: 'error' }, CLI_SPELLING))).toBe(
      '--missing must be fail or warn; got "error"',
    );
    expect(
      usageMessage(() => comparisonSettings({ history: true, paired: false, missing: 'no' }, ACTION_SPELLING)),
    ).toBe('input "missing" must be fail or warn; got "no"');
  });

  test('each setting parsed, named as the user spelled it', () => {
    const given = { ...PATHS, paired: true, maxPairs: '24', confidence: '0.95', threshold: '0.2' };
    expect(comparisonSettings(given, ACTION_SPELLING)).toMatchObject({
      paired: true,
      maxPairs: 24,
      confidence: 0.95,
      thresholds: { Median: 0.2 },
    });
    expect(usageMessage(() => comparisonSettings({ ...given, maxPairs: '12.5' }, CLI_SPELLING))).toBe(
      '--max-pairs must be a whole number of pairs from 2 to 1000, such as 24; got "12.5"',
    );
    expect(usageMessage(() => comparisonSettings({ ...given, confidence: '0.5' }, ACTION_SPELLING))).toBe(
      'input "confidence" must be a probability above 0.5 and below 1, such as 0.99; got "0.5"',
    );
    expect(usageMessage(() => comparisonSettings({ ...given, threshold: 'x' }, ACTION_SPELLING))).toMatch(
      /^input "threshold": "x" is not a threshold/,
    );
    expect(usageMessage(() => comparisonSettings({ ...given, gate: 'nope' }, CLI_SPELLING))).toMatch(/^--gate/);
  });
});

describe('how result files are read', () => {
  test('defaults: precise numbers, nothing else set', () => {
    expect(readSettings({}, CLI_SPELLING)).toEqual({ floatParse: 'precise' });
    expect(readSettings({ experimentNames: [''] }, ACTION_SPELLING)).toEqual({ floatParse: 'precise' });
  });

  test('repetitions: one parser, one message in both spellings', () => {
    expect(readSettings({ repetitions: 'independent' }, ACTION_SPELLING).repetitions).toBe('independent');
    expect(usageMessage(() => readSettings({ repetitions: 'twice' }, CLI_SPELLING))).toBe(
      '--repetitions must be one of error, pool, independent; got "twice"',
    );
    expect(usageMessage(() => readSettings({ repetitions: 'twice' }, ACTION_SPELLING))).toBe(
      'input "repetitions" must be one of error, pool, independent; got "twice"',
    );
  });

  test('experiment names, format with mapping, skip-seconds and float-parse', () => {
    expect(
      readSettings(
        { experimentNames: ['a=x\nb=y'], mapping: 'm.json', skipSeconds: '2', floatParse: 'legacy' },
        ACTION_SPELLING,
      ),
    ).toEqual({
      floatParse: 'legacy',
      experimentNames: new Map([
        ['a', 'x'],
        ['b', 'y'],
      ]),
      format: 'generic-csv',
      mappingFile: 'm.json',
      skipSeconds: 2,
    });
    expect(usageMessage(() => readSettings({ experimentNames: ['a'] }, CLI_SPELLING))).toBe(
      '--experiment-name: "a" should be <name in the files>=<name to use>, e.g. reliable_raw_data=udp_reliable',
    );
    expect(usageMessage(() => readSettings({ format: 'generic-csv' }, { ...CLI_SPELLING, format: '--from' }))).toBe(
      '--from: generic-csv needs --mapping (a JSON file mapping columns to metrics)',
    );
    expect(usageMessage(() => readSettings({ skipSeconds: '-1' }, ACTION_SPELLING))).toBe(
      'input "skip-seconds" must be a whole number of seconds, 0 or more; got "-1"',
    );
  });
});

describe("the action's inputs, read from the run's environment as @actions/core reads them", () => {
  const env = {
    INPUT_RESULTS: '  a.json  ',
    'INPUT_MAX-PAIRS': '12',
    INPUT_A_B: 'x',
    INPUT_ON: 'True',
    INPUT_BAD: 'yes',
  };

  test('INPUT_<NAME>: spaces as _, upper case, trimmed; absent is empty', () => {
    expect(getInput(env, 'results')).toBe('a.json');
    expect(getInput(env, 'max-pairs')).toBe('12');
    expect(getInput(env, 'a b')).toBe('x');
    expect(getInput(env, 'baseline')).toBe('');
  });

  test('a required input that is absent: the error @actions/core throws', () => {
    expect(() => getInput(env, 'baseline', { required: true })).toThrow(
      new Error('Input required and not supplied: baseline'),
    );
    expect(getInput(env, 'results', { required: true })).toBe('a.json');
  });

  test('booleans: the YAML 1.2 core schema spellings, else the TypeError @actions/core throws', () => {
    expect(getBooleanInput(env, 'on')).toBe(true);
    expect(getBooleanInput({ INPUT_OFF: 'FALSE' }, 'off')).toBe(false);
    expect(() => getBooleanInput(env, 'bad')).toThrow(
      new TypeError(
        'Input does not meet YAML 1.2 "Core Schema" specification: bad\n' +
          'Support boolean input list: `true | True | TRUE | false | False | FALSE`',
      ),
    );
  });
});
