import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expectCellAt,
  expectUserError,
  freshDir,
  listDir,
  perfgate,
  RAW_HEADER,
  readAll,
  removeFreshDirs,
  REQUIREMENTS_HEADER,
  SUMMARY_HEADER,
  withBomCrlf,
  writeLines,
} from './helpers/badinput-cli.js';

// Bad input: every user error is one line `perfgate: error: <file>:<line>:<column>: <message>`
// (or without the place when the problem is not inside a file), exit code 2, no stack trace;
// BOM and CRLF files are accepted and give the same bytes as the plain file; an error never
// loses output already written.

afterAll(removeFreshDirs);

const q = (text: string) => new RegExp(`"${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`);
const mentions = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

// ---------------------------------------------------------------------------------------------
// Good inputs the bad ones are variations of.

const GOOD_RAW = [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,16,9.875', '4,32,12.5', '5,32,13.0625', '6,32,12.125'];

const GOOD_SUMMARY = [
  SUMMARY_HEADER,
  '16,10000,122.599,7.029,8.272,7.486,2.367,0.534,109.092,10.607,14.735,58.631',
  '32,10000,133.707,6.973,11.173,7.486,11.375,0.492,50.229,18.027,55.018,133.331',
];

/** interprocess_best_effort from the summary above, intraprocess_best_effort from the raw file. */
const GOOD_REQUIREMENTS = [
  REQUIREMENTS_HEADER,
  'interprocess_best_effort,16,7.860,15.030,130.000',
  'interprocess_best_effort,32,7.860,56.118,140.000',
  'intraprocess_best_effort,16,100.000,100.000,100.000',
  'intraprocess_best_effort,32,100.000,100.000,100.000',
];

const RAW_NAME = 'measurements_intraprocess_best_effort.csv';
const SUMMARY_NAME = 'measurements_interprocess_best_effort_summary.csv';

interface Setup {
  dir: string;
  raw: string;
  summary: string;
  requirements: string;
  out: string;
}

/** A folder with good raw, summary and requirements files; `override` replaces some of them. */
function setup(
  override: {
    raw?: readonly string[] | string;
    summary?: readonly string[] | string;
    requirements?: readonly string[] | string;
  } = {},
): Setup {
  const dir = freshDir();
  return {
    dir,
    raw: writeLines(join(dir, RAW_NAME), override.raw ?? GOOD_RAW),
    summary: writeLines(join(dir, SUMMARY_NAME), override.summary ?? GOOD_SUMMARY),
    requirements: writeLines(join(dir, 'requirements.csv'), override.requirements ?? GOOD_REQUIREMENTS),
    out: join(dir, 'report'),
  };
}

function check(s: Setup, ...results: string[]) {
  return perfgate(
    'check',
    '--results',
    ...(results.length ? results : [s.summary, s.raw]),
    '--requirements',
    s.requirements,
    '--output-dir',
    s.out,
  );
}

/** One bad file: its lines, where the error must point and what the message must say. */
interface Case {
  name: string;
  lines: readonly string[] | string;
  line?: number;
  column?: number | 'any' | 'optional';
  /** The text that starts at (line, column): a self-check of the constructed numbers. */
  cell?: string;
  message: RegExp[];
}

function selfCheck(c: Case): void {
  if (c.cell !== undefined && typeof c.lines !== 'string' && typeof c.column === 'number')
    expectCellAt(c.lines, c.line!, c.column, c.cell);
}

// ---------------------------------------------------------------------------------------------

describe('baseline exit codes', () => {
  test('0 when every check passes', () => {
    const result = check(setup());
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
  });

  test('1 when a check fails (not 2: a failed gate is not an input error)', () => {
    const s = setup({
      requirements: GOOD_REQUIREMENTS.map((l, i) => (i === 2 ? 'interprocess_best_effort,32,7.860,56.118,130.000' : l)),
    });
    const result = check(s);
    expect(result.err).toBe('');
    expect(result.code).toBe(1);
    expect(listDir(s.out)).toEqual(expect.arrayContaining(['report.md', 'report.json']));
  });

  test('summarize exits 0 and writes the summary', () => {
    const s = setup();
    const out = join(s.dir, 'summaries');
    const result = perfgate('summarize', s.raw, '-o', out);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(listDir(out)).toEqual(['measurements_intraprocess_best_effort_summary.csv']);
  });
});

// ---------------------------------------------------------------------------------------------

const RAW_CASES: Case[] = [
  {
    name: 'missing column',
    lines: ['Sample,Payload [Bytes]', '1,16', '2,16'],
    line: 1,
    column: 1,
    message: [/missing/i, q('Latency [us]'), mentions(RAW_HEADER)],
  },
  {
    name: 'misspelled column "Latency [ms]"',
    lines: ['Sample,Payload [Bytes],Latency [ms]', '1,16,10.5'],
    line: 1,
    column: 24,
    cell: 'Latency [ms]',
    message: [q('Latency [ms]'), q('Latency [us]')],
  },
  {
    name: 'misspelled column "Payload [Byte]"',
    lines: ['Sample,Payload [Byte],Latency [us]', '1,16,10.5'],
    line: 1,
    column: 8,
    cell: 'Payload [Byte]',
    message: [q('Payload [Byte]'), q('Payload [Bytes]')],
  },
  {
    name: 'non-numeric latency cell',
    lines: [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,16,abc', '4,32,12.5'],
    line: 4,
    column: 6,
    cell: 'abc',
    message: [/expected a latency/i, q('abc')],
  },
  {
    name: 'empty latency cell',
    lines: [RAW_HEADER, '1,16,10.5', '2,16,', '3,16,9.875'],
    line: 3,
    column: 6,
    message: [/expected a latency/i],
  },
  {
    name: 'non-integer payload',
    lines: [RAW_HEADER, '1,16,10.5', '2,16.5,11.25'],
    line: 3,
    column: 3,
    cell: '16.5',
    message: [/whole number/, q('16.5')],
  },
  {
    name: 'negative payload',
    lines: [RAW_HEADER, '1,16,10.5', '2,-16,11.25'],
    line: 3,
    column: 3,
    cell: '-16',
    message: [/whole number/, q('-16')],
  },
  { name: 'empty file', lines: '', line: 1, column: 'optional', message: [/empty/, mentions(RAW_HEADER)] },
  {
    name: 'file of blank lines',
    lines: '\n\n\n',
    line: 1,
    column: 'optional',
    message: [/empty/, mentions(RAW_HEADER)],
  },
  { name: 'header-only file', lines: [RAW_HEADER], line: 2, column: 'optional', message: [/no measurements/] },
  {
    name: 'wrong delimiter ";"',
    lines: ['Sample;Payload [Bytes];Latency [us]', '1;16;10.5'],
    line: 1,
    column: 7,
    cell: ';',
    message: [/";"/, /delimiter/, mentions(RAW_HEADER)],
  },
  {
    name: 'wrong delimiter tab',
    lines: ['Sample\tPayload [Bytes]\tLatency [us]', '1\t16\t10.5'],
    line: 1,
    column: 7,
    cell: '\t',
    message: [/tab/, /delimiter/, mentions(RAW_HEADER)],
  },
  {
    name: 'row with too few fields',
    lines: [RAW_HEADER, '1,16,10.5', '2,16', '3,16,9.875'],
    line: 3,
    column: 'any',
    message: [/expected 3 fields/, /found 2/],
  },
  {
    name: 'row with too many fields',
    lines: [RAW_HEADER, '1,16,10.5', '2,16,11.25,7', '3,16,9.875'],
    line: 3,
    column: 'any',
    message: [/expected 3 fields/, /found 4/],
  },
  {
    name: 'unclosed quote in the latency field',
    lines: [RAW_HEADER, '1,16,10.5', '2,16,"11.25', '3,16,9.875'],
    line: 3,
    column: 6,
    cell: '"11.25',
    message: [/quoted field is not closed/],
  },
  {
    // pandas (the reference) fails on this file: "EOF inside string starting at row 2".
    name: 'unclosed quote in the Sample field',
    lines: [RAW_HEADER, '1,16,10.5', '"2,16,11.25', '3,16,9.875'],
    line: 3,
    column: 1,
    cell: '"',
    message: [/quote/i],
  },
];

describe('raw measurement files: perfgate summarize', () => {
  test.each(RAW_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    selfCheck(c);
    const s = setup({ raw: c.lines });
    const out = join(s.dir, 'summaries');
    const result = perfgate('summarize', s.raw, '--output-dir', out);
    expectUserError(result, { file: s.raw, line: c.line, column: c.column }, ...c.message);
    expect(result.out).toBe('');
    expect(listDir(out)).toEqual([]);
  });

  test('the same error points at the same line and column in a BOM + CRLF file', () => {
    const lines = [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,16,abc'];
    const s = setup({ raw: withBomCrlf(lines.join('\n') + '\n') });
    expectUserError(
      perfgate('summarize', s.raw, '-o', join(s.dir, 'o')),
      { file: s.raw, line: 4, column: 6 },
      /expected a latency/,
      q('abc'),
    );
    const header = setup({ raw: withBomCrlf('Sample,Payload [Bytes],Latency [ms]\n1,16,10.5\n') });
    expectUserError(
      perfgate('summarize', header.raw, '-o', join(header.dir, 'o')),
      { file: header.raw, line: 1, column: 24 },
      q('Latency [ms]'),
    );
  });

  test('a bad line split across two 1 MiB read chunks is reported at its own line and column', () => {
    const lines = [RAW_HEADER];
    let bytes = RAW_HEADER.length + 1;
    const boundary = 1 << 20;
    while (bytes < boundary - 100) {
      const row = `${lines.length},16,${(10 + (lines.length % 97) / 8).toFixed(3)}`;
      lines.push(row);
      bytes += row.length + 1;
    }
    // Pad one row (surrounding spaces are allowed in a field) so the bad line starts 4 bytes
    // before the chunk boundary and its bad cell lies in the next chunk.
    const pad = boundary - 4 - bytes - (`${lines.length},16,10.5`.length + 1);
    lines.push(`${lines.length},16,10.5${' '.repeat(pad)}`);
    const bad = `${lines.length},16,1x5`;
    lines.push(bad, `${lines.length + 1},16,10.5`);
    const s = setup({ raw: lines });
    expect(readFileSync(s.raw, 'utf8').indexOf(bad)).toBe(boundary - 4);
    const line = lines.indexOf(bad) + 1;
    const column = bad.indexOf('1x5') + 1;
    expectUserError(perfgate('summarize', s.raw, '-o', join(s.dir, 'o')), { file: s.raw, line, column }, q('1x5'));
  });
});

describe('raw measurement files: perfgate check', () => {
  test('non-numeric latency cell: same place as summarize; no report written', () => {
    const s = setup({ raw: [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,16,abc'] });
    expectUserError(check(s), { file: s.raw, line: 4, column: 6 }, /expected a latency/, q('abc'));
    expect(existsSync(s.out)).toBe(false);
  });

  test('non-integer payload', () => {
    const s = setup({ raw: [RAW_HEADER, '1,16,10.5', '2,16.5,11.25'] });
    expectUserError(check(s), { file: s.raw, line: 3, column: 3 }, /whole number/, q('16.5'));
    expect(existsSync(s.out)).toBe(false);
  });

  test('header-only raw file', () => {
    const s = setup({ raw: [RAW_HEADER] });
    expectUserError(check(s), { file: s.raw, line: 2, column: 'optional' }, /no measurements/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('misspelled column "Latency [ms]": points at the column, as summarize does', () => {
    const s = setup({ raw: ['Sample,Payload [Bytes],Latency [ms]', '1,16,10.5'] });
    expectUserError(check(s), { file: s.raw, line: 1, column: 24 }, q('Latency [ms]'), q('Latency [us]'));
    expect(existsSync(s.out)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

const S2 = '32,10000,133.707,6.973,11.173,7.486,11.375,0.492,50.229,18.027,55.018,133.331';

const SUMMARY_CASES: Case[] = [
  {
    name: 'missing column "Median"',
    lines: [
      'Bytes,Samples,Max,Min,Mean,Stdev,Mean jitter,Max jitter,90%,99%,99.99%',
      '16,10000,122.599,7.029,8.272,2.367,0.534,109.092,10.607,14.735,58.631',
    ],
    line: 1,
    column: 1,
    message: [/missing/i, q('Median'), mentions(SUMMARY_HEADER)],
  },
  {
    // "90%" is a real column of the format, not a misspelling of the missing "99%".
    name: 'missing column "99%" (not reported as a misspelled "90%")',
    lines: [
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99.99%',
      '16,10000,122.599,7.029,8.272,7.486,2.367,0.534,109.092,10.607,58.631',
    ],
    line: 1,
    column: 1,
    message: [/missing/i, q('99%')],
  },
  {
    name: 'misspelled column "Medain"',
    lines: ['Bytes,Samples,Max,Min,Mean,Medain,Stdev,Mean jitter,Max jitter,90%,99%,99.99%', GOOD_SUMMARY[1]!],
    line: 1,
    column: 28,
    cell: 'Medain',
    message: [q('Medain'), q('Median')],
  },
  {
    name: 'non-numeric cell',
    lines: [
      SUMMARY_HEADER,
      GOOD_SUMMARY[1]!,
      '32,10000,133.707,6.973,11.173,abc,11.375,0.492,50.229,18.027,55.018,133.331',
    ],
    line: 3,
    column: 31,
    cell: 'abc',
    message: [/expected a number/, q('Median'), q('abc')],
  },
  {
    name: 'non-integer payload',
    lines: [
      SUMMARY_HEADER,
      GOOD_SUMMARY[1]!,
      '32.5,10000,133.707,6.973,11.173,7.486,11.375,0.492,50.229,18.027,55.018,133.331',
    ],
    line: 3,
    column: 1,
    cell: '32.5',
    message: [/whole number/, q('Bytes'), q('32.5')],
  },
  { name: 'empty file', lines: '', line: 1, column: 'optional', message: [mentions(SUMMARY_HEADER)] },
  {
    name: 'header-only file',
    lines: [SUMMARY_HEADER],
    line: 2,
    column: 'optional',
    message: [/no (rows|payloads|data)/],
  },
  {
    name: 'wrong delimiter ";"',
    lines: [SUMMARY_HEADER.replace(/,/g, ';'), GOOD_SUMMARY[1]!.replace(/,/g, ';')],
    line: 1,
    column: 6,
    cell: ';',
    message: [/";"/, mentions(SUMMARY_HEADER)],
  },
  {
    name: 'wrong delimiter tab',
    lines: [SUMMARY_HEADER.replace(/,/g, '\t'), GOOD_SUMMARY[1]!.replace(/,/g, '\t')],
    line: 1,
    column: 6,
    cell: '\t',
    message: [/tab/, mentions(SUMMARY_HEADER)],
  },
  {
    name: 'row with too few fields',
    lines: [SUMMARY_HEADER, GOOD_SUMMARY[1]!, '32,10000,133.707,6.973,11.173,7.486,11.375,0.492,50.229,18.027,55.018'],
    line: 3,
    column: 'any',
    message: [/expected 12 fields/, /found 11/],
  },
  {
    name: 'row with too many fields',
    lines: [SUMMARY_HEADER, GOOD_SUMMARY[1]!, S2 + ',1.000'],
    line: 3,
    column: 'any',
    message: [/expected 12 fields/, /found 13/],
  },
  {
    name: 'unclosed quote',
    lines: [SUMMARY_HEADER, '16,10000,122.599,7.029,8.272,"7.486,2.367,0.534,109.092,10.607,14.735,58.631', S2],
    line: 2,
    column: 30,
    cell: '"7.486',
    message: [/quote/i],
  },
  {
    name: 'duplicated payload',
    lines: [
      SUMMARY_HEADER,
      GOOD_SUMMARY[1]!,
      S2,
      '16,10000,122.599,7.029,8.272,7.486,2.367,0.534,109.092,10.607,14.735,58.631',
    ],
    line: 4,
    column: 1,
    cell: '16,',
    message: [/16/, /twice|duplicate/i, /line 2\b/],
  },
];

describe('summary files: perfgate check', () => {
  test.each(SUMMARY_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    selfCheck(c);
    const s = setup({ summary: c.lines });
    const result = check(s);
    expectUserError(result, { file: s.summary, line: c.line, column: c.column }, ...c.message);
    expect(result.out).toBe('');
    expect(existsSync(s.out)).toBe(false);
  });

  test('a folder with a bad summary: the error names the file inside the folder', () => {
    const s = setup({
      summary: [
        SUMMARY_HEADER,
        GOOD_SUMMARY[1]!,
        '32,10000,133.707,6.973,11.173,abc,11.375,0.492,50.229,18.027,55.018,133.331',
      ],
    });
    expectUserError(check(s, s.dir), { file: s.summary, line: 3, column: 31 }, /expected a number/, q('abc'));
    expect(existsSync(s.out)).toBe(false);
  });

  test('the same sub-experiment given twice', () => {
    const s = setup();
    const other = join(s.dir, 'sub');
    mkdirSync(other);
    const second = writeLines(join(other, SUMMARY_NAME), GOOD_SUMMARY);
    expectUserError(check(s, s.summary, second), { file: second }, /interprocess_best_effort/, mentions(s.summary));
  });
});

// ---------------------------------------------------------------------------------------------

const REQUIREMENTS_CASES: Case[] = [
  {
    name: 'missing column "99%"',
    lines: ['Experiment type,Bytes,Median,Max', 'interprocess_best_effort,16,7.860,130.000'],
    line: 1,
    column: 1,
    message: [/missing/i, q('99%'), mentions(REQUIREMENTS_HEADER)],
  },
  {
    name: 'misspelled column "Medain"',
    lines: ['Experiment type,Bytes,Medain,99%,Max', 'interprocess_best_effort,16,7.860,15.030,130.000'],
    line: 1,
    column: 23,
    cell: 'Medain',
    message: [q('Medain'), q('Median')],
  },
  {
    name: 'misspelled column "Experiment typ"',
    lines: ['Experiment typ,Bytes,Median,99%,Max', 'interprocess_best_effort,16,7.860,15.030,130.000'],
    line: 1,
    column: 1,
    cell: 'Experiment typ',
    message: [q('Experiment typ'), q('Experiment type')],
  },
  {
    name: 'non-numeric cell',
    lines: [REQUIREMENTS_HEADER, GOOD_REQUIREMENTS[1]!, 'interprocess_best_effort,32,7.860,abc,140.000'],
    line: 3,
    column: 35,
    cell: 'abc',
    message: [/expected a number/, q('99%'), q('abc')],
  },
  {
    name: 'non-integer payload',
    lines: [REQUIREMENTS_HEADER, GOOD_REQUIREMENTS[1]!, 'interprocess_best_effort,32.5,7.860,56.118,140.000'],
    line: 3,
    column: 26,
    cell: '32.5',
    message: [/whole number/, q('Bytes'), q('32.5')],
  },
  {
    name: 'empty "Experiment type" cell',
    lines: [REQUIREMENTS_HEADER, GOOD_REQUIREMENTS[1]!, ',32,7.860,56.118,140.000'],
    line: 3,
    column: 1,
    message: [q('Experiment type'), /empty/],
  },
  { name: 'empty file', lines: '', line: 1, column: 'optional', message: [/empty/, mentions(REQUIREMENTS_HEADER)] },
  { name: 'header-only file', lines: [REQUIREMENTS_HEADER], line: 2, column: 'optional', message: [/no rows/] },
  {
    name: 'wrong delimiter ";"',
    lines: GOOD_REQUIREMENTS.map((l) => l.replace(/,/g, ';')),
    line: 1,
    column: 16,
    cell: ';',
    message: [/";"/, /delimiter/, mentions(REQUIREMENTS_HEADER)],
  },
  {
    name: 'wrong delimiter tab',
    lines: GOOD_REQUIREMENTS.map((l) => l.replace(/,/g, '\t')),
    line: 1,
    column: 16,
    cell: '\t',
    message: [/tab/, /delimiter/, mentions(REQUIREMENTS_HEADER)],
  },
  {
    name: 'row with too few fields',
    lines: [
      REQUIREMENTS_HEADER,
      GOOD_REQUIREMENTS[1]!,
      'interprocess_best_effort,32,7.860,56.118',
      GOOD_REQUIREMENTS[3]!,
    ],
    line: 3,
    column: 'any',
    message: [/expected 5 fields/, /found 4/],
  },
  {
    name: 'row with too many fields',
    lines: [
      REQUIREMENTS_HEADER,
      GOOD_REQUIREMENTS[1]!,
      'interprocess_best_effort,32,7.860,56.118,140.000,1',
      GOOD_REQUIREMENTS[3]!,
    ],
    line: 3,
    column: 'any',
    message: [/expected 5 fields/, /found 6/],
  },
  {
    name: 'unclosed quote',
    lines: [
      REQUIREMENTS_HEADER,
      GOOD_REQUIREMENTS[1]!,
      'interprocess_best_effort,"32,7.860,56.118,140.000',
      GOOD_REQUIREMENTS[3]!,
      GOOD_REQUIREMENTS[4]!,
    ],
    line: 3,
    column: 26,
    cell: '"32',
    message: [/quote/i],
  },
  {
    name: 'duplicated payload row (names the first line)',
    lines: [
      REQUIREMENTS_HEADER,
      GOOD_REQUIREMENTS[1]!,
      GOOD_REQUIREMENTS[2]!,
      GOOD_REQUIREMENTS[3]!,
      'interprocess_best_effort,16,8.000,16.000,131.000',
    ],
    line: 5,
    column: 1,
    cell: 'interprocess_best_effort,16,',
    message: [/duplicate/i, /interprocess_best_effort/, /16 bytes/, /line 2\b/],
  },
];

describe('requirements files: perfgate check', () => {
  test.each(REQUIREMENTS_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    selfCheck(c);
    const s = setup({ requirements: c.lines });
    const result = check(s);
    expectUserError(result, { file: s.requirements, line: c.line, column: c.column }, ...c.message);
    expect(result.out).toBe('');
    expect(existsSync(s.out)).toBe(false);
  });

  test('a bad requirements file writes no report files and leaves an earlier report as it was; the comment says it errored', () => {
    const s = setup();
    expect(check(s).code).toBe(0);
    const before = readAll(s.out);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['report.md', 'report.json', 'checks_interprocess_best_effort.csv', 'comment.md']),
    );
    writeLines(s.requirements, [
      REQUIREMENTS_HEADER,
      GOOD_REQUIREMENTS[1]!,
      'interprocess_best_effort,32,7.860,abc,140.000',
    ]);
    expectUserError(check(s), { file: s.requirements, line: 3, column: 35 }, /expected a number/);
    const after = readAll(s.out);
    // The earlier report stays; only the comment a CI job would post now says what this run decided.
    expect({ ...after, 'comment.md': before['comment.md'] }).toEqual(before);
    expect(after['comment.md']).toMatch(/^### ⚠️ perfgate errored: nothing was gated\n/);
    expect(after['comment.md']).toContain('expected a number in column');
  });

  test('the same error points at the same line and column in a BOM + CRLF file', () => {
    const lines = [REQUIREMENTS_HEADER, GOOD_REQUIREMENTS[1]!, 'interprocess_best_effort,32,7.860,abc,140.000'];
    const s = setup({ requirements: withBomCrlf(lines.join('\n') + '\n') });
    expectUserError(check(s), { file: s.requirements, line: 3, column: 35 }, /expected a number/, q('abc'));
    const header = setup({
      requirements: withBomCrlf(
        'Experiment type,Bytes,Medain,99%,Max\ninterprocess_best_effort,16,7.860,15.030,130.000\n',
      ),
    });
    expectUserError(check(header), { file: header.requirements, line: 1, column: 23 }, q('Medain'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('files, folders and patterns', () => {
  test('no files match a glob', () => {
    const s = setup();
    const pattern = join(s.dir, 'nothing-here', 'measurements_*_summary.csv');
    expectUserError(check(s, pattern), { file: pattern }, /no files match/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('a glob that matches only non-result files', () => {
    const s = setup();
    writeLines(join(s.dir, 'notes.txt'), ['hello']);
    const pattern = join(s.dir, '*.txt');
    // In a pattern's matches, files that are no results are skipped; none left is an error at the pattern.
    expectUserError(
      check(s, pattern),
      { file: pattern },
      /no result files perfgate recognises .* among the 1 file\(s\) this pattern matches/,
      mentions(join(s.dir, 'notes.txt')),
    );
  });

  test('a non-result file named on its own', () => {
    const s = setup();
    writeLines(join(s.dir, 'notes.txt'), ['hello']);
    expectUserError(
      check(s, join(s.dir, 'notes.txt')),
      { file: join(s.dir, 'notes.txt'), line: 1, column: 'optional' },
      mentions(SUMMARY_HEADER),
      mentions(RAW_HEADER),
    );
  });

  test('a folder with no result files', () => {
    const s = setup();
    const empty = join(s.dir, 'empty');
    mkdirSync(empty);
    writeLines(join(empty, 'README.md'), ['# nothing']);
    expectUserError(check(s, empty), { file: empty }, /folder/, /summary|raw/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('a results file that does not exist', () => {
    const s = setup();
    const missing = join(s.dir, 'measurements_nothing_summary.csv');
    expectUserError(check(s, missing), { file: missing }, /no such file/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('a requirements file that does not exist', () => {
    const s = setup();
    const result = perfgate(
      'check',
      '--results',
      s.summary,
      '--requirements',
      join(s.dir, 'nope.csv'),
      '--output-dir',
      s.out,
    );
    expectUserError(result, { file: join(s.dir, 'nope.csv') }, /no such file/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('a requirements "file" that is a folder', () => {
    const s = setup();
    const result = perfgate('check', '--results', s.summary, '--requirements', s.dir, '--output-dir', s.out);
    expectUserError(result, { file: s.dir }, /folder/);
  });

  test('summarize: a raw file that does not exist', () => {
    const s = setup();
    const missing = join(s.dir, 'measurements_nothing.csv');
    expectUserError(perfgate('summarize', missing, '-o', join(s.dir, 'o')), { file: missing }, /no such file/);
  });

  test('summarize: a folder instead of a raw file', () => {
    const s = setup();
    expectUserError(perfgate('summarize', s.dir, '-o', join(s.dir, 'o')), { file: s.dir }, /folder/);
  });

  test('summarize: a raw file with any name (the reference takes any -c path)', () => {
    const s = setup();
    const raw = writeLines(join(s.dir, 'good.csv'), GOOD_RAW);
    const result = perfgate('summarize', raw, '-o', join(s.dir, 'o'));
    expect({ code: result.code, err: result.err }).toEqual({ code: 0, err: '' });
    expect(listDir(join(s.dir, 'o'))).toEqual(['good_summary.csv']);
  });

  test('check: --output-dir is an existing file', () => {
    const s = setup();
    const file = writeLines(join(s.dir, 'not-a-folder'), ['x']);
    const result = perfgate('check', '--results', s.summary, '--requirements', s.requirements, '--output-dir', file);
    expectUserError(result, { file }, /folder|directory/);
  });

  test('summarize: --output-dir is an existing file', () => {
    const s = setup();
    const file = writeLines(join(s.dir, 'not-a-folder'), ['x']);
    expectUserError(perfgate('summarize', s.raw, '--output-dir', file), { file }, /folder|directory/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('usage errors', () => {
  test('unknown command', () => {
    const result = perfgate('frobnicate');
    expectUserError(result, null, q('frobnicate'), /summarize/, /check/);
    expect(result.out).toBe('');
  });

  test.each([
    ['check', ['check', '--bogus', '--results', 'x', '--requirements', 'y']],
    ['summarize', ['summarize', '--bogus', 'x.csv']],
  ])('unknown flag (%s)', (_name, argv) => {
    expectUserError(perfgate(...argv), null, /--bogus/);
  });

  test.each([
    ['check', ['check', '--results', 'x', '--requirements', 'y', '--float-parse', 'fast']],
    ['summarize', ['summarize', 'x.csv', '--float-parse', 'fast']],
  ])('invalid --float-parse value (%s)', (_name, argv) => {
    expectUserError(perfgate(...argv), null, /--float-parse/, /precise/, /legacy/, q('fast'));
  });

  test('invalid --float-parse is reported before any file is read', () => {
    const s = setup({ requirements: '' });
    const result = perfgate(
      'check',
      '--results',
      s.summary,
      '--requirements',
      s.requirements,
      '--float-parse',
      'fast',
      '-o',
      s.out,
    );
    expectUserError(result, null, /--float-parse/);
  });

  test('missing --requirements', () => {
    const s = setup();
    const result = perfgate('check', '--results', s.summary, '--output-dir', s.out);
    expectUserError(result, null, /--requirements/, /required/);
    expect(existsSync(s.out)).toBe(false);
  });

  test('--requirements with no value', () => {
    expectUserError(perfgate('check', '--results', 'x', '--requirements'), null, /--requirements/, /missing|value/);
  });

  test('missing --results', () => {
    expectUserError(perfgate('check', '--requirements', 'y'), null, /--results/, /required/);
  });

  test('summarize with no files', () => {
    expectUserError(perfgate('summarize'), null, /raw measurement CSV/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('BOM and CRLF are accepted and change nothing', () => {
  type Variant = (text: string) => string;
  const variants: [string, Variant][] = [
    ['BOM', (t) => '\ufeff' + t],
    ['CRLF', (t) => t.replace(/\n/g, '\r\n')],
    ['BOM + CRLF', withBomCrlf],
  ];
  const plain = (lines: readonly string[]) => lines.join('\n') + '\n';

  test.each(variants)('summarize: a %s raw file gives the same summary bytes', (_name, variant) => {
    const s = setup();
    const a = join(s.dir, 'a');
    const b = join(s.dir, 'b');
    const first = perfgate('summarize', s.raw, '-o', a);
    expect(first).toMatchObject({ code: 0, err: '' });
    writeFileSync(s.raw, variant(plain(GOOD_RAW)));
    const second = perfgate('summarize', s.raw, '-o', b);
    expect(second).toMatchObject({ code: 0, err: '' });
    expect(second.out.replaceAll(b, a)).toBe(first.out);
    const summaries = readAll(a);
    expect(Object.keys(summaries)).toEqual(['measurements_intraprocess_best_effort_summary.csv']);
    expect(readAll(b)).toEqual(summaries);
    // The summary itself is plain: LF line ends, no BOM.
    const text = Object.values(summaries)[0]!;
    expect(text.startsWith(SUMMARY_HEADER + '\n')).toBe(true);
    expect(text).not.toContain('\r');
  });

  test.each(variants)(
    'check: %s raw, summary and requirements files give the same exit code, output and report files',
    (_name, variant) => {
      // One failing check (32 bytes Max 133.707 > 130) so that the reports have both kinds of rows.
      const requirements = GOOD_REQUIREMENTS.map((l, i) =>
        i === 2 ? 'interprocess_best_effort,32,7.860,56.118,130.000' : l,
      );
      const s = setup({ requirements });
      const a = join(s.dir, 'a');
      const b = join(s.dir, 'b');
      const first = perfgate(
        'check',
        '--results',
        s.summary,
        s.raw,
        '--requirements',
        s.requirements,
        '--output-dir',
        a,
      );
      expect({ code: first.code, err: first.err }).toEqual({ code: 1, err: '' });
      writeFileSync(s.raw, variant(plain(GOOD_RAW)));
      writeFileSync(s.summary, variant(plain(GOOD_SUMMARY)));
      writeFileSync(s.requirements, variant(plain(requirements)));
      const second = perfgate(
        'check',
        '--results',
        s.summary,
        s.raw,
        '--requirements',
        s.requirements,
        '--output-dir',
        b,
      );
      expect({ code: second.code, err: second.err }).toEqual({ code: 1, err: '' });
      expect(second.out.replaceAll(b, a)).toBe(first.out);
      const reports = readAll(a);
      expect(Object.keys(reports)).toEqual(
        expect.arrayContaining([
          'checks_interprocess_best_effort.csv',
          'checks_intraprocess_best_effort.csv',
          'measurements_intraprocess_best_effort_summary.csv',
          'report.json',
          'report.md',
        ]),
      );
      expect(readAll(b)).toEqual(reports);
    },
  );

  test('a folder of BOM + CRLF files is recognised (headers with a BOM are result headers)', () => {
    const s = setup();
    const first = check(s, s.dir);
    writeFileSync(s.raw, withBomCrlf(plain(GOOD_RAW)));
    writeFileSync(s.summary, withBomCrlf(plain(GOOD_SUMMARY)));
    const b = join(s.dir, 'report-b');
    const second = perfgate('check', '--results', s.dir, '--requirements', s.requirements, '--output-dir', b);
    expect({ code: second.code, err: second.err }).toEqual({ code: first.code, err: first.err });
    expect(readAll(b)).toEqual(readAll(s.out));
  });
});

// ---------------------------------------------------------------------------------------------

describe('nothing already written is lost', () => {
  const BAD_RAW = [RAW_HEADER, '1,16,10.5', '2,16,11.25', '3,16,abc'];

  test('summarize good.csv bad.csv -o D: D/good_summary.csv survives the error on bad.csv, no temporary files', () => {
    const dir = freshDir();
    const good = writeLines(join(dir, 'good.csv'), GOOD_RAW);
    const bad = writeLines(join(dir, 'bad.csv'), BAD_RAW);
    const reference = join(dir, 'reference');
    // What good.csv alone gives (under a name that every version of perfgate accepts).
    const alone = writeLines(join(dir, 'measurements_good_alone.csv'), GOOD_RAW);
    expect(perfgate('summarize', alone, '-o', reference).code).toBe(0);
    const expected = readFileSync(join(reference, 'measurements_good_alone_summary.csv'), 'utf8');

    const out = join(dir, 'D');
    expectUserError(
      perfgate('summarize', good, bad, '-o', out),
      { file: bad, line: 4, column: 6 },
      /expected a latency/,
      q('abc'),
    );
    expect(listDir(out)).toEqual(['good_summary.csv']);
    expect(readFileSync(join(out, 'good_summary.csv'), 'utf8')).toBe(expected);
  });

  test('the same with reference file names: the earlier summary stays, an older summary of the bad file is not touched', () => {
    const dir = freshDir();
    const good = writeLines(join(dir, 'measurements_interprocess_reliable.csv'), GOOD_RAW);
    const bad = writeLines(join(dir, 'measurements_interprocess_best_effort.csv'), BAD_RAW);
    const reference = join(dir, 'reference');
    expect(perfgate('summarize', good, '-o', reference).code).toBe(0);
    const expected = readFileSync(join(reference, 'measurements_interprocess_reliable_summary.csv'), 'utf8');

    const out = join(dir, 'D');
    mkdirSync(out);
    writeFileSync(join(out, 'measurements_interprocess_best_effort_summary.csv'), 'older summary\n');
    expectUserError(
      perfgate('summarize', good, bad, '-o', out),
      { file: bad, line: 4, column: 6 },
      /expected a latency/,
    );
    expect(listDir(out)).toEqual([
      'measurements_interprocess_best_effort_summary.csv',
      'measurements_interprocess_reliable_summary.csv',
    ]);
    expect(readFileSync(join(out, 'measurements_interprocess_reliable_summary.csv'), 'utf8')).toBe(expected);
    expect(readFileSync(join(out, 'measurements_interprocess_best_effort_summary.csv'), 'utf8')).toBe(
      'older summary\n',
    );
  });

  test('summarize next to the raw files: the first summary survives an error in a later file', () => {
    const dir = freshDir();
    const good = writeLines(join(dir, 'measurements_interprocess_reliable.csv'), GOOD_RAW);
    const bad = writeLines(join(dir, 'measurements_interprocess_best_effort.csv'), [RAW_HEADER]);
    expectUserError(perfgate('summarize', good, bad), { file: bad, line: 2, column: 'optional' }, /no measurements/);
    expect(listDir(dir)).toEqual([
      'measurements_interprocess_best_effort.csv',
      'measurements_interprocess_reliable.csv',
      'measurements_interprocess_reliable_summary.csv',
    ]);
  });

  test('check with a bad raw file writes nothing, not even the summaries of the good raw files', () => {
    const dir = freshDir();
    const good = writeLines(join(dir, 'measurements_intraprocess_best_effort.csv'), GOOD_RAW);
    const bad = writeLines(join(dir, 'measurements_intraprocess_reliable.csv'), BAD_RAW);
    const requirements = writeLines(join(dir, 'requirements.csv'), GOOD_REQUIREMENTS);
    const out = join(dir, 'report');
    expectUserError(
      perfgate('check', '-r', good, bad, '-q', requirements, '-o', out),
      { file: bad, line: 4, column: 6 },
      /expected a latency/,
    );
    expect(existsSync(out)).toBe(false);
  });
});
