import { InputError } from '../src/engine/errors.js';
import { parserById, parseChecked } from './helpers/fuzz.js';

// Bugs the fuzz tests found (docs/fuzzing.md), each pinned by its smallest input.

const MB = 1 << 20;

function timedParse(id: string, text: string, budgetMs: number) {
  const parser = parserById(id);
  return parseChecked(id, 'f.txt', text, () => parser.parse('f.txt', text), budgetMs);
}

describe('fuzz regressions', () => {
  it('CSV tables: CR CR LF line ends give real line numbers (csv-parse took CR as the record delimiter)', () => {
    const text = 'Experiment type,Bytes,Median,99%,Max\r\r\nx,16,1,2,3\r\r\nx,32,1,2\r\r\n';
    const o = timedParse('requirements-csv', text, 1000);
    expect((o.error as InputError).place).toEqual({ file: 'f.txt', line: 5, column: 1 });
    // mixed CRLF / LF reads as three rows, not two rows glued by a newline
    const mixed = 'Experiment type,Bytes,Median,99%,Max\r\nx,16,1,2,3\nx,32,1,2,3\r\n';
    expect(timedParse('requirements-csv', mixed, 1000).ok).toBe(true);
  });

  it('hdrhistogram: a footer with a long run of spaces is read in linear time', () => {
    const text = '       Value     Percentile TotalCount 1/(1-Percentile)\n\n       1.000 0.5 1 2.00\n#[Mean    = ' + ' '.repeat(MB) + '1, StdDeviation = 2]\n#[M' + ' '.repeat(MB) + 'ax = 1, Total count = 2]\n';
    timedParse('hdrhistogram', text, 1000);
  });

  it('kuksa-console: a "key: value" line with a long run of spaces is read in linear time', () => {
    timedParse('kuksa-console', 'Global Summary:\n  Fastest: 1' + ' '.repeat(MB) + 'x ms\n', 1000);
  });

  it('kuksa-console and fep: a million blank lines are read in linear time', () => {
    timedParse('kuksa-console', '\n'.repeat(MB), 1000);
    timedParse('fep', '\n'.repeat(MB), 1000);
  });

  it('netio3: a header cell full of brackets is read in linear time, and units in brackets still work', () => {
    timedParse('netio3', 'backend,buffer_size_B,num_buffers,repetition' + '['.repeat(MB) + ')x],msg_rate_Hz\n', 1000);
  });

  it('CSV headers: a huge header cell or a huge header is rejected in linear time', () => {
    timedParse('requirements-csv', 'a'.repeat(MB), 1000);
    timedParse('hyperfine-csv', '"a",'.repeat(MB / 4), 1000);
  });
});
