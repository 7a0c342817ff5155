/**
 * The action's files port (src/pipeline/rootedFiles.ts): a relative path is taken from the run's working directory,
 * never from this process's, and named as given wherever it is named.
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
});
