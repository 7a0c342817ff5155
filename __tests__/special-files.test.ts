import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputError as thrownInputError } from './helpers/formats.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { cannotRead, makeFolder, readFirstLine, readText, writeFileAtomic } from '../src/pipeline/files.js';

// Issue 26, items 7b and 8: a result path without read permission, a FIFO given as an input, and
// an output folder where the file system refuses folders are input errors, never a crash or a hang.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'perfgate-special-'));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

/** `file:line:column: message` of the InputError a call throws. */
const inputError = (run: () => unknown): string => thrownInputError(run).describe();

const asRoot = process.getuid?.() === 0;
const RESULT = '[{"command":"a","mean":1,"stddev":0,"median":1,"user":0,"system":0,"min":1,"max":1,"times":[1]}]';

describe('named pipes and other special files', () => {
  it('refuses a FIFO given as a requirements, mapping or summarize input, without opening it', () => {
    const fifo = join(dir, 'requirements.csv');
    execFileSync('mkfifo', [fifo]);
    // Opening a FIFO with no writer waits for ever: these return at once.
    expect(inputError(() => readText(fifo))).toBe(
      `${fifo}: cannot read the file: it is a named pipe (FIFO), not a regular file`,
    );
    expect(inputError(() => readFirstLine(fifo))).toBe(
      `${fifo}: cannot read the file: it is a named pipe (FIFO), not a regular file`,
    );
  });

  it('refuses a FIFO named as a result, and skips one inside a results folder', () => {
    const fifo = join(dir, 'results.json');
    execFileSync('mkfifo', [fifo]);
    expect(inputError(() => discoverResults([fifo], { formats: true }))).toBe(
      `${fifo}: not a result file or folder: it is a named pipe (FIFO)`,
    );
    writeFileSync(join(dir, 'hyperfine.json'), `{"results":${RESULT}}`);
    expect(discoverResults([dir], { formats: true }).files.map((f) => f.path)).toEqual([join(dir, 'hyperfine.json')]);
  });

  it('refuses a character device as a result', () => {
    expect(inputError(() => discoverResults(['/dev/zero'], { formats: true }))).toBe(
      '/dev/zero: not a result file or folder: it is a device',
    );
    expect(inputError(() => readText('/dev/zero'))).toBe(
      '/dev/zero: cannot read the file: it is a device, not a regular file',
    );
  });
});

describe('output folders the file system refuses', () => {
  it('an output folder under /proc is an error at once (recursive mkdir spun for ever)', () => {
    expect(inputError(() => makeFolder('/proc/perfgate-out/reports'))).toBe(
      '/proc/perfgate-out: cannot create the output folder: the file system refuses to create it here',
    );
    expect(inputError(() => writeFileAtomic('/proc/perfgate-out/report.md', 'x'))).toBe(
      '/proc/perfgate-out: cannot create the output folder: the file system refuses to create it here',
    );
  });

  it('creates missing parents one level at a time, and names a file in the way', () => {
    makeFolder(join(dir, 'a', 'b', 'c'));
    writeFileAtomic(join(dir, 'a', 'b', 'c', 'report.md'), 'ok');
    expect(readText(join(dir, 'a', 'b', 'c', 'report.md'))).toBe('ok');
    writeFileSync(join(dir, 'file'), '');
    expect(inputError(() => makeFolder(join(dir, 'file', 'out')))).toBe(
      `${join(dir, 'file')}: cannot create the output folder: a file is in the way where a folder is needed`,
    );
  });
});

describe('paths without read permission', () => {
  it('maps EACCES and EPERM to "permission denied", naming the path', () => {
    const denied = (code: string) => Object.assign(new Error(`${code}: operation not permitted`), { code });
    expect(cannotRead('results/a.json', denied('EACCES')).describe()).toBe(
      'results/a.json: cannot read the file: permission denied',
    );
    expect(cannotRead('results/a.json', denied('EPERM')).describe()).toBe(
      'results/a.json: cannot read the file: permission denied',
    );
    expect(cannotRead('results', denied('EACCES'), 'the folder').describe()).toBe(
      'results: cannot read the folder: permission denied',
    );
  });

  // root reads whatever the mode says: these need an ordinary user.
  (asRoot ? it.skip : it)('a result file without read permission is an input error (was exit 3)', () => {
    const file = join(dir, 'hyperfine.json');
    writeFileSync(file, `{"results":${RESULT}}`);
    chmodSync(file, 0);
    expect(inputError(() => discoverResults([file], { formats: true }))).toBe(
      `${file}: cannot read the file: permission denied`,
    );
  });

  (asRoot ? it.skip : it)('a results folder without read permission is an input error (was exit 3)', () => {
    const folder = join(dir, 'results');
    mkdirSync(folder);
    chmodSync(folder, 0);
    expect(inputError(() => discoverResults([folder], { formats: true }))).toBe(
      `${folder}: cannot read the folder: permission denied`,
    );
  });
});
