import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main.js';
import { cwdFiles } from './shared.js';

// Helpers for __tests__/bad-input.test.ts: drive the CLI in-process and check the one-line error.

export const RAW_HEADER = 'Sample,Payload [Bytes],Latency [us]';
export const SUMMARY_HEADER = 'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%';
export const REQUIREMENTS_HEADER = 'Experiment type,Bytes,Median,99%,Max';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** `perfgate …` in-process: exit code, stdout and stderr. */
export function perfgate(...argv: string[]): CliResult {
  let out = '';
  let err = '';
  const code = runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) }, cwdFiles);
  // Only chart drawing is asynchronous; these tests never ask for charts.
  if (typeof code !== 'number') throw new Error('perfgate() is for synchronous commands; use cli() from shared.ts');
  return { code, out, err };
}

const created: string[] = [];

/** A fresh folder for one test (removed by `removeFreshDirs`). */
export function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-badinput-'));
  created.push(dir);
  return dir;
}

export function removeFreshDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `lines` joined by `\n` with a final newline (or the exact text when given a string). */
export function writeLines(path: string, lines: readonly string[] | string): string {
  writeFileSync(path, typeof lines === 'string' ? lines : lines.join('\n') + '\n');
  return path;
}

/** The same file as a spreadsheet tool writes it: UTF-8 BOM and CRLF line ends. */
export function withBomCrlf(text: string): string {
  return '\ufeff' + text.replace(/\n/g, '\r\n');
}

export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export function readAll(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of listDir(dir)) files[name] = readFileSync(join(dir, name), 'utf8');
  return files;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where the error must point: a file, and inside it a line and a column. `column: 'optional'`
 * accepts `file:line:` and `file:line:N:` (for problems that concern a whole line, like an empty
 * file); `column: 'any'` demands some column number without fixing it.
 */
export interface Where {
  file: string;
  line?: number;
  column?: number | 'any' | 'optional';
}

/**
 * The contract for every user error: exit code 2, nothing but one line on stderr of the form
 * `perfgate: error: <file>:<line>:<column>: <message>` (or `perfgate: error: <message>` when
 * `where` is null), no stack trace, and a message matching every pattern given.
 */
export function expectUserError(result: CliResult, where: Where | null, ...message: RegExp[]): void {
  const context = `stderr began: ${JSON.stringify(result.err.split('\n').slice(0, 2).join('\n'))}`;
  expect({ code: result.code, context }).toEqual({ code: 2, context });
  expect(result.err).not.toMatch(/^ {4}at /m);
  expect(result.err).not.toContain('internal error');
  expect(result.err.endsWith('\n')).toBe(true);
  const lines = result.err.slice(0, -1).split('\n');
  expect(lines).toHaveLength(1);
  const line = lines[0]!;
  expect(line.startsWith('perfgate: error: ')).toBe(true);
  let rest = line.slice('perfgate: error: '.length);
  if (where) {
    let place = escapeRegExp(where.file);
    if (where.line !== undefined) {
      place += `:${where.line}`;
      if (typeof where.column === 'number') place += `:${where.column}`;
      else if (where.column === 'any') place += ':\\d+';
      else if (where.column === 'optional') place += '(?::\\d+)?';
    }
    const match = new RegExp(`^${place}: `).exec(rest);
    if (!match) {
      const wanted = [where.file, where.line, where.column].filter((x) => x !== undefined).join(':');
      throw new Error(`expected the error to point at ${wanted}: but it is: ${line}`);
    }
    rest = rest.slice(match[0].length);
  } else {
    // Not inside a file: no `path:line:column:` prefix.
    expect(rest).not.toMatch(/^[^ ]*:\d+(:\d+)?: /);
  }
  for (const pattern of message) {
    if (!pattern.test(rest)) throw new Error(`the message ${JSON.stringify(rest)} does not match ${pattern}`);
  }
}

/**
 * A self-check of a constructed fixture: the text at (line, column) of `lines` starts with
 * `cell`, so the expected column numbers in the tests are the ones really built.
 */
export function expectCellAt(lines: readonly string[], line: number, column: number, cell: string): void {
  expect(lines[line - 1]!.slice(column - 1).startsWith(cell)).toBe(true);
}
