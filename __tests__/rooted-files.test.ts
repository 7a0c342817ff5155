/**
 * A run's files port (src/pipeline/rootedFiles.ts), the action's and the CLI's: a relative path is taken from the
 * run's working directory, never from this process's, and named as given wherever it is named.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeError, InputError } from '../src/engine/errors.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

describe('files rooted at a working directory', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'perfgate-rooted-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads, lists and writes a relative path in the root, not in the process working directory', () => {
    mkdirSync(join(root, 'bench'));
    writeFileSync(join(root, 'bench', 'a.txt'), 'alpha');
    const files = rootedFiles(root);
    expect(process.cwd()).not.toBe(root);
    expect(files.readText('bench/a.txt')).toBe('alpha');
    expect(files.pathExists('bench/a.txt')).toBe(true);
    expect(files.namesIn('bench')).toEqual(['a.txt']);
    files.writeBytes('out/deep/b.bin', 'beta');
    expect(readFileSync(join(root, 'out', 'deep', 'b.bin'), 'utf8')).toBe('beta');
    expect(files.filesUnder('out')).toEqual([join('out', 'deep', 'b.bin')]);
    files.removePath('out');
    expect(files.pathExists('out')).toBe(false);
  });

  it('names a relative path as given in a report writer and in an error', () => {
    const files = rootedFiles(root);
    const writer = files.reportWriter('perfgate-report');
    expect(writer.write('report.md', '# r\n')).toBe(join('perfgate-report', 'report.md'));
    expect(writer.written).toEqual([join('perfgate-report', 'report.md')]);
    expect(readFileSync(join(root, 'perfgate-report', 'report.md'), 'utf8')).toBe('# r\n');
    let thrown: unknown;
    try {
      files.readText('missing.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(describeError(thrown)).toBe('missing.json: cannot read the file: no such file');
    expect(() => files.readBytes('missing.png')).toThrow("ENOENT: no such file or directory, open 'missing.png'");
  });

  it('takes an absolute path as it is, and only an absolute root', () => {
    writeFileSync(join(root, 'c.txt'), 'gamma');
    expect(rootedFiles('/').readText(join(root, 'c.txt'))).toBe('gamma');
    expect(rootedFiles(root).at('x/y')).toBe(join(root, 'x', 'y'));
    expect(() => rootedFiles('relative/root')).toThrow('the working directory must be an absolute path');
  });

  it('reads a result file as the pipeline does: its start, its first line, in chunks, until a chunk says enough', () => {
    mkdirSync(join(root, 'runs', 'r1'), { recursive: true });
    writeFileSync(join(root, 'runs', 'r1', 'out.csv'), 'Sample,Latency\n1,2.5\n');
    const files = rootedFiles(root);
    expect(files.readStart('runs/r1/out.csv', 6)).toBe('Sample');
    expect(files.readFirstLine('runs/r1/out.csv')).toBe('Sample,Latency');
    const chunks: string[] = [];
    files.forEachChunk('runs/r1/out.csv', (chunk) => chunks.push(Buffer.from(chunk).toString('utf8')), 4);
    expect(chunks.join('')).toBe('Sample,Latency\n1,2.5\n');
    expect(chunks[0]).toBe('Samp');
    let asked = 0;
    expect(files.someChunk('runs/r1/out.csv', (chunk) => (asked++, chunk.includes('2.5')))).toBe(true);
    expect(asked).toBe(1);
    expect(files.someChunk('runs/r1/out.csv', (chunk) => chunk.includes('9.9'))).toBe(false);
    // A folder is refused by name, as given.
    expect(thrownBy(() => files.readStart('runs', 6))).toBe('runs: cannot read the file: is a folder, not a file');
  });

  it('lists a folder, its kinds and its byte names, globs and looks at paths inside the root', () => {
    mkdirSync(join(root, 'res', 'sub'), { recursive: true });
    writeFileSync(join(root, 'res', 'a.json'), '{}');
    writeFileSync(join(root, 'res', 'b.json'), '{}');
    const files = rootedFiles(root);
    expect(files.listNames('res').sort()).toEqual(['a.json', 'b.json', 'sub']);
    expect(
      files
        .rawNamesIn('res')
        .map((name) => name.toString('utf8'))
        .sort(),
    ).toEqual(['a.json', 'b.json', 'sub']);
    expect(
      files
        .entriesIn('res')
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    ).toEqual(['sub']);
    // Matches named as the pattern is given: relative.
    expect(files.glob('res/*.json').sort()).toEqual([join('res', 'a.json'), join('res', 'b.json')]);
    expect(files.stat('res/a.json').isFile()).toBe(true);
    expect(files.statOf('res/sub')?.isDirectory()).toBe(true);
    expect(files.statOf(Buffer.from('res/a.json'))?.size).toBe(2);
    expect(files.statOf('res/none')).toBeUndefined();
    // The system's error names the path as given.
    expect(() => files.listNames('none')).toThrow("ENOENT: no such file or directory, scandir 'none'");
    expect(() => files.stat('res/none')).toThrow("ENOENT: no such file or directory, stat 'res/none'");
  });

  it('writes whole, in pieces, and names a folder above a relative path as given when it is in the way', () => {
    const files = rootedFiles(root);
    files.writeInPieces('out/report.md', ['# ', 'title', '\n']);
    expect(readFileSync(join(root, 'out', 'report.md'), 'utf8')).toBe('# title\n');
    writeFileSync(join(root, 'blocker'), 'a file');
    expect(thrownBy(() => files.makeFolder('blocker/charts'))).toBe(
      'blocker: cannot create the output folder: a file is in the way where a folder is needed',
    );
    expect(thrownBy(() => files.reportWriter('blocker/deep').write('report.md', '#\n'))).toBe(
      'blocker: cannot create the output folder: a file is in the way where a folder is needed',
    );
  });
});

/** The one-line error a call throws, as the shells print it. */
function thrownBy(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return describeError(error);
  }
  throw new Error('no error was thrown');
}
