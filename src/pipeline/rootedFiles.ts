/**
 * The files of one run, rooted at its working directory: a relative path is read, listed and written there, never
 * against the process's own working directory, and is named as given (in an error, in a list of written files), so
 * a run's text does not depend on where its files were resolved. The action's files port (ActionPorts.files), the
 * CLI's (run.ts roots it at the process's working directory), and the first parameter of every pipeline step.
 */
import {
  closeSync,
  existsSync,
  globSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { InputError } from '../engine/errors.js';
import {
  checkOutputFolder,
  forEachChunk,
  makeFolder,
  readFirstLine,
  readStart,
  readText,
  ReportWriter,
  writeFileAtomic,
  writeFileAtomicInPieces,
} from './files.js';

export interface Files {
  /** The working directory every relative path is taken from (absolute). */
  readonly root: string;
  /** A path as the file system is given it: absolute, `path` itself when it is. */
  at(path: string): string;
  readText(path: string): string;
  readBytes(path: string): Buffer;
  /** A JSON file of at most `maxBytes`, parsed; undefined when absent, larger, unreadable or not JSON. */
  readSmallJson(path: string, maxBytes: number): unknown;
  /** At most the first `maxBytes` bytes of a file, as UTF-8 text; undefined when absent. */
  readHead(path: string, maxBytes: number): string | undefined;
  /** At most the first `maxBytes` bytes of a regular file, as text; anything else is refused (format detection). */
  readStart(path: string, maxBytes: number): string;
  /** The first line of a regular file (at most 64 KiB). */
  readFirstLine(path: string): string;
  /** A regular file read in chunks (1 MiB unless said), never held whole. */
  forEachChunk(path: string, consume: (chunk: Uint8Array) => void, chunkBytes?: number): void;
  /** Whether some chunk of a file passes `test`, read in chunks until one does. */
  someChunk(path: string, test: (chunk: Buffer) => boolean): boolean;
  pathExists(path: string): boolean;
  /** What is at a path; throws the system's error (ENOENT, …) naming the path as given. */
  stat(path: string): Stats;
  /** What is at a path; undefined when it cannot be looked at. A name as bytes is taken inside the root when relative. */
  statOf(path: string | Buffer): Stats | undefined;
  /** The names in a folder; none when it does not exist. */
  namesIn(folder: string): string[];
  /** The names in a folder; throws the system's error when it cannot be listed. */
  listNames(folder: string): string[];
  /** The names in a folder as bytes (a name need not be UTF-8). */
  rawNamesIn(folder: string): Buffer[];
  /** The entries of a folder with their kinds. */
  entriesIn(folder: string): Dirent[];
  /** The paths a glob pattern matches, as the pattern is given (relative when it is). */
  glob(pattern: string): string[];
  /** Every file below a folder, sorted, each as `folder` joined with its path inside it. */
  filesUnder(folder: string): string[];
  makeFolder(folder: string): void;
  writeFileAtomic(path: string, content: string | Uint8Array): void;
  /** `writeFileAtomic` of a content given in pieces, each written as it comes. */
  writeInPieces(path: string, pieces: Iterable<string | Uint8Array>): void;
  /** Writes bytes, making the missing folders above them. */
  writeBytes(path: string, bytes: Uint8Array | string): void;
  removePath(path: string): void;
  /** Fails early when the output folder cannot be a folder. */
  checkOutputFolder(folder: string): void;
  /** A writer of report files into `folder`, which lists them as `folder` joined with their names. */
  reportWriter(folder: string): ReportWriter;
}

/** The real files, relative paths taken from `root` (an absolute path). */
export function rootedFiles(root: string): Files {
  if (!isAbsolute(root)) throw new Error(`the working directory must be an absolute path: ${root}`);
  const at = (path: string) => (isAbsolute(path) ? path : join(root, path));
  /** Runs `use` on the path the file system is given; an error names the path (or a folder above it) as given. */
  const named = <T>(path: string, use: (resolved: string) => T): T => {
    const resolved = at(path);
    try {
      return use(resolved);
    } catch (error) {
      if (resolved === path) throw error;
      const given = asGiven(path, at);
      if (error instanceof InputError && error.place !== undefined) {
        const shown = given.get(error.place.file);
        if (shown !== undefined) throw new InputError(error.message, { ...error.place, file: shown });
      }
      // The system's error (ENOENT, EACCES, …) names the path it was given.
      if (typeof error === 'object' && error !== null && 'path' in error && error.path === resolved) {
        const message = Reflect.get(error, 'message');
        if (typeof message === 'string') Reflect.set(error, 'message', message.replaceAll(resolved, path));
        Reflect.set(error, 'path', path);
      }
      throw error;
    }
  };
  const rawAt = (path: Buffer) =>
    path[0] === sep.charCodeAt(0) ? path : Buffer.concat([Buffer.from(root + sep), path]);
  return {
    root,
    at,
    readText: (path) => named(path, readText),
    readBytes: (path) => named(path, readBytes),
    readSmallJson: (path, maxBytes) => named(path, (p) => readSmallJson(p, maxBytes)),
    readHead: (path, maxBytes) => named(path, (p) => readHead(p, maxBytes)),
    readStart: (path, maxBytes) => named(path, (p) => readStart(p, maxBytes)),
    readFirstLine: (path) => named(path, readFirstLine),
    forEachChunk: (path, consume, chunkBytes) => named(path, (p) => forEachChunk(p, consume, chunkBytes)),
    someChunk: (path, test) => named(path, (p) => someChunk(p, test)),
    pathExists: (path) => named(path, pathExists),
    stat: (path) => named(path, (p) => statSync(p)),
    statOf: (path) => statOrUndefined(typeof path === 'string' ? at(path) : rawAt(path)),
    namesIn: (folder) => named(folder, namesIn),
    listNames: (folder) => named(folder, (p) => readdirSync(p)),
    rawNamesIn: (folder) => named(folder, (p) => readdirSync(p, { encoding: 'buffer' })),
    entriesIn: (folder) => named(folder, (p) => readdirSync(p, { withFileTypes: true })),
    glob: (pattern) => globSync(pattern, { cwd: root }),
    filesUnder: (folder) => named(folder, (p) => filesUnder(p).map((file) => join(folder, relative(p, file)))),
    makeFolder: (folder) => named(folder, makeFolder),
    writeFileAtomic: (path, content) => named(path, (p) => writeFileAtomic(p, content)),
    writeInPieces: (path, pieces) => named(path, (p) => writeFileAtomicInPieces(p, pieces)),
    writeBytes: (path, bytes) => named(path, (p) => writeBytes(p, bytes)),
    removePath: (path) => named(path, removePath),
    checkOutputFolder: (folder) => named(folder, checkOutputFolder),
    reportWriter: (folder) =>
      new ReportWriter(folder, (path, pieces) => named(path, (p) => writeFileAtomicInPieces(p, pieces))),
  };
}

/** A relative path and each folder above it, by the path the file system was given for it. */
function asGiven(path: string, at: (path: string) => string): Map<string, string> {
  const given = new Map<string, string>();
  for (let p = path; p !== '.' && p !== '' && !given.has(at(p)); p = dirname(p)) given.set(at(p), p);
  return given;
}

/** What is at a path; undefined when it cannot be looked at. */
function statOrUndefined(path: string | Buffer): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Whether some 64 KiB chunk of a file passes `test`; stops at the first that does. */
function someChunk(path: string, test: (chunk: Buffer) => boolean): boolean {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return false;
      if (test(buffer.subarray(0, n))) return true;
    }
  } finally {
    closeSync(fd);
  }
}

/** Whether a path exists (a file or a folder). */
function pathExists(path: string): boolean {
  return existsSync(path);
}

/** A JSON file of at most `maxBytes`, parsed; undefined when absent, larger, unreadable or not JSON. */
function readSmallJson(path: string, maxBytes: number): unknown {
  try {
    if (!existsSync(path) || statSync(path).size > maxBytes) return undefined;
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** At most the first `maxBytes` bytes of a file, as UTF-8 text; undefined when absent. */
function readHead(path: string, maxBytes: number): string | undefined {
  if (!existsSync(path)) return undefined;
  const buffer = Buffer.alloc(maxBytes);
  const fd = openSync(path, 'r');
  let length: number;
  try {
    length = readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  return buffer.subarray(0, length).toString('utf8');
}

/** A file's bytes (a chart image, a record to commit). */
function readBytes(path: string): Buffer {
  return readFileSync(path);
}

/** Every file below a folder, sorted (the report folder an artifact uploads). */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The names in a folder; none when it does not exist. */
function namesIn(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Writes bytes, making the missing folders above them (an artifact's files, a downloaded record). */
function writeBytes(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}

/** Removes a file or folder; nothing when it is not there. */
function removePath(path: string): void {
  rmSync(path, { recursive: true, force: true });
}
