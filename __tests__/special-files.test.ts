import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputError as thrownInputError } from './helpers/formats.js';
import { cli, repoRoot, cwdFiles } from './helpers/shared.js';
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
    expect(inputError(() => discoverResults(cwdFiles, [fifo], { formats: true }))).toBe(
      `${fifo}: not a result file or folder: it is a named pipe (FIFO)`,
    );
    writeFileSync(join(dir, 'hyperfine.json'), `{"results":${RESULT}}`);
    expect(discoverResults(cwdFiles, [dir], { formats: true }).files.map((f) => f.path)).toEqual([
      join(dir, 'hyperfine.json'),
    ]);
  });

  it('refuses a character device as a result', () => {
    expect(inputError(() => discoverResults(cwdFiles, ['/dev/zero'], { formats: true }))).toBe(
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
    expect(inputError(() => discoverResults(cwdFiles, [file], { formats: true }))).toBe(
      `${file}: cannot read the file: permission denied`,
    );
  });

  (asRoot ? it.skip : it)('a results folder without read permission is an input error (was exit 3)', () => {
    const folder = join(dir, 'results');
    mkdirSync(folder);
    chmodSync(folder, 0);
    expect(inputError(() => discoverResults(cwdFiles, [folder], { formats: true }))).toBe(
      `${folder}: cannot read the folder: permission denied`,
    );
  });
});

// Issue 38: `--output` and `--output-dir` replaced what was at the path with a regular file: a
// symbolic link, a FIFO, a device (as root, /dev/full). They write through it, or refuse (exit 2).
describe('--output and --output-dir never replace a symbolic link, a FIFO or a device', () => {
  const bmf = join(repoRoot, 'fixtures', 'formats', 'bmf', 'results.json');
  const exportTo = (output: string) => cli(['export', '--format', 'bmf', bmf, '--output', output]);

  it('a symbolic link is written through: the link stays, the file it names gets the bytes', async () => {
    const target = join(dir, 'real.json');
    writeFileSync(target, 'old');
    const link = join(dir, 'link.json');
    symlinkSync('real.json', link);
    const run = await exportTo(link);
    expect([run.code, run.err]).toEqual([0, '']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8'))['publish/64']).toBeDefined();
    // A link whose file does not exist yet: created where the link says.
    const dangling = join(dir, 'dangling.json');
    symlinkSync('later.json', dangling);
    expect((await exportTo(dangling)).code).toBe(0);
    expect(lstatSync(dangling).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'later.json'), 'utf8')).toContain('publish/64');
  });

  it('/dev/null takes the bytes and stays a device', async () => {
    const run = await exportTo('/dev/null');
    expect([run.code, run.err]).toEqual([0, '']);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('a FIFO nothing reads is refused with exit 2 at once; one with a reader gets the bytes; it stays a FIFO', async () => {
    const fifo = join(dir, 'out.json');
    execFileSync('mkfifo', [fifo]);
    const refused = await exportTo(fifo);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${fifo}: cannot write the file: it is a named pipe (FIFO) that nothing reads`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    // A reader: cat, started before the write (it opens the pipe and waits for a writer).
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (chunk: Buffer) => (read += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    // Wait until cat waits in open() for a writer (Linux: wchan wait_for_partner), or has the pipe open.
    const waiting = () => {
      try {
        if (readFileSync(`/proc/${reader.pid}/wchan`, 'utf8') === 'wait_for_partner') return true;
        return readdirSync(`/proc/${reader.pid}/fd`).some(
          (fd) => readlinkSync(`/proc/${reader.pid}/fd/${fd}`) === fifo,
        );
      } catch {
        return false;
      }
    };
    for (let k = 0; k < 500 && !waiting(); k++) await new Promise((resolve) => setTimeout(resolve, 10));
    const written = await exportTo(fifo);
    await closed;
    expect([written.code, written.err]).toEqual([0, '']);
    expect(JSON.parse(read)['publish/64']).toBeDefined();
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a symbolic link in the --output-dir is written through, not replaced', async () => {
    const out = join(dir, 'report');
    mkdirSync(out);
    const kept = join(dir, 'kept-report.md');
    writeFileSync(kept, 'old');
    symlinkSync(kept, join(out, 'report.md'));
    const example = join(repoRoot, 'fixtures', 'example');
    const run = await cli([
      'check',
      '--results',
      join(example, 'results'),
      '--requirements',
      join(example, 'requirements.csv'),
      '--output-dir',
      out,
    ]);
    expect(run.code).toBe(0);
    expect(lstatSync(join(out, 'report.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(kept, 'utf8')).not.toBe('old');
  });
});

// Issue 38: a file whose name is not UTF-8 was dropped from a folder or a glob without a word.
describe('file names that are not UTF-8', () => {
  it('are skipped with one notice per folder or pattern naming how many', () => {
    writeFileSync(join(dir, 'hyperfine.json'), `{"results":${RESULT}}`);
    // Latin-1 "é" (0xE9) alone is not UTF-8.
    for (const name of ['caf\xe9-1.json', 'caf\xe9-2.json'])
      writeFileSync(Buffer.concat([Buffer.from(dir + '/'), Buffer.from(name, 'latin1')]), `{"results":${RESULT}}`);
    const folder = discoverResults(cwdFiles, [dir], { formats: true });
    expect(folder.files.map((f) => f.path)).toEqual([join(dir, 'hyperfine.json')]);
    const notice = `: skipped 2 file(s) whose names are not valid UTF-8 (perfgate cannot open them by name); rename them to read them`;
    expect(folder.notices).toEqual([dir + notice]);
    const glob = discoverResults(cwdFiles, [join(dir, '*.json')], { formats: true });
    expect(glob.files.map((f) => f.path)).toEqual([join(dir, 'hyperfine.json')]);
    expect(glob.notices).toEqual([join(dir, '*.json') + notice]);
  });
});
