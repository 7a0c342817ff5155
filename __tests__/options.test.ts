import { usageMessage } from './helpers/usageError.js';
import {
  choiceSetting,
  experimentNamePairs,
  floatParseSetting,
  formatSetting,
  historyWindowSetting,
  numberSetting,
  skipSecondsSetting,
} from '../src/engine/options.js';

// One rule per setting, two spellings of its name: the CLI's flag and the action's input.
const CLI = { format: '--format', mapping: '--mapping' };
const ACTION = { format: 'input "format"', mapping: 'input "mapping"' };

describe('skip-seconds', () => {
  test('0 means skip nothing and is kept as 0; unset stays unset', () => {
    expect(skipSecondsSetting('0', '--skip-seconds')).toBe(0);
    expect(skipSecondsSetting('3', 'input "skip-seconds"')).toBe(3);
    expect(skipSecondsSetting(undefined, '--skip-seconds')).toBeUndefined();
  });

  test('a negative, fractional or empty value names the setting as the user spelled it', () => {
    expect(usageMessage(() => skipSecondsSetting('-3', '--skip-seconds'))).toBe(
      '--skip-seconds must be a whole number of seconds, 0 or more; got "-3"',
    );
    expect(usageMessage(() => skipSecondsSetting('1.5', 'input "skip-seconds"'))).toBe(
      'input "skip-seconds" must be a whole number of seconds, 0 or more; got "1.5"',
    );
    expect(usageMessage(() => skipSecondsSetting(' ', '--skip-seconds'))).toBe(
      '--skip-seconds must be a whole number of seconds, 0 or more; got " "',
    );
  });
});

describe('format and mapping', () => {
  test('auto and unset detect per file; a known id is kept', () => {
    expect(formatSetting({ format: 'auto' }, CLI)).toEqual({});
    expect(formatSetting({}, ACTION)).toEqual({});
    expect(formatSetting({ format: 'iceperf' }, CLI)).toEqual({ format: 'iceperf' });
  });

  test('a mapping names the generic CSV format, with auto as well', () => {
    expect(formatSetting({ mapping: 'm.json' }, CLI)).toEqual({ format: 'generic-csv', mappingFile: 'm.json' });
    expect(formatSetting({ format: 'auto', mapping: 'm.json' }, ACTION)).toEqual({
      format: 'generic-csv',
      mappingFile: 'm.json',
    });
    expect(formatSetting({ format: 'generic-csv', mapping: 'm.json' }, CLI)).toEqual({
      format: 'generic-csv',
      mappingFile: 'm.json',
    });
  });

  test('a mapping with another format, generic-csv without one and an unknown id are usage errors in one wording', () => {
    expect(usageMessage(() => formatSetting({ format: 'iceperf', mapping: 'm.json' }, CLI))).toBe(
      '--mapping is read only with format generic-csv; --format is "iceperf"',
    );
    expect(usageMessage(() => formatSetting({ format: 'iceperf', mapping: 'm.json' }, ACTION))).toBe(
      'input "mapping" is read only with format generic-csv; input "format" is "iceperf"',
    );
    expect(usageMessage(() => formatSetting({ format: 'generic-csv' }, ACTION))).toBe(
      'input "format": generic-csv needs input "mapping" (a JSON file mapping columns to metrics)',
    );
    expect(
      usageMessage(() => formatSetting({ format: 'generic-csv' }, { format: '--from', mapping: '--mapping' })),
    ).toBe('--from: generic-csv needs --mapping (a JSON file mapping columns to metrics)');
    expect(usageMessage(() => formatSetting({ format: 'nope' }, CLI))).toMatch(
      /^--format: unknown format "nope"; known formats: auto, fastdds-summary, fastdds-raw, .*hyperfine/,
    );
  });
});

describe('the other shared settings', () => {
  test('float-parse: precise by default, one of the modes otherwise', () => {
    expect(floatParseSetting(undefined, '--float-parse')).toBe('precise');
    expect(floatParseSetting('legacy', 'input "float-parse"')).toBe('legacy');
    expect(usageMessage(() => floatParseSetting('exact', 'input "float-parse"'))).toBe(
      'input "float-parse" must be one of precise, legacy; got "exact"',
    );
  });

  test('history window: the default when unset, a whole number of runs from 1 to 100', () => {
    expect(historyWindowSetting(undefined, '--window', 30)).toBe(30);
    expect(historyWindowSetting('1', 'input "history-window"', 30)).toBe(1);
    expect(historyWindowSetting('100', 'input "history-window"', 30)).toBe(100);
    expect(usageMessage(() => historyWindowSetting('0', 'input "history-window"', 30))).toBe(
      'input "history-window" must be a whole number of runs from 1 to 100; got "0"',
    );
    expect(usageMessage(() => historyWindowSetting('2.5', '--window', 30))).toBe(
      '--window must be a whole number of runs from 1 to 100; got "2.5"',
    );
    // A recording run reads the whole window from the history branch: bounded.
    expect(usageMessage(() => historyWindowSetting('101', 'input "history-window"', 30))).toBe(
      'input "history-window" must be a whole number of runs from 1 to 100; got "101"',
    );
  });

  test('a choice and a number name what passes', () => {
    expect(choiceSetting(undefined, '--comment-charts', ['failing', 'always', 'never'], 'failing')).toBe('failing');
    expect(
      usageMessage(() => choiceSetting('sometimes', '--comment-charts', ['failing', 'always', 'never'], 'failing')),
    ).toBe('--comment-charts must be one of failing, always, never; got "sometimes"');
    expect(
      numberSetting('0', 'input "annotations"', 10, (v) => Number.isInteger(v) && v >= 0, 'a whole number, 0 or more'),
    ).toBe(0);
    expect(
      usageMessage(() => numberSetting('-1', 'input "annotations"', 10, (v) => v >= 0, 'a whole number, 0 or more')),
    ).toBe('input "annotations" must be a whole number, 0 or more; got "-1"');
  });
});

describe('experiment names', () => {
  test('one pair per line or comma, from one action input or several CLI flags alike', () => {
    expect(experimentNamePairs(['a=x\n b=y ,c=z\n'])).toEqual(['a=x', 'b=y', 'c=z']);
    expect(experimentNamePairs(['a=x,b=y', 'c=z'])).toEqual(['a=x', 'b=y', 'c=z']);
    expect(experimentNamePairs(['', ' , '])).toEqual([]);
  });
});
