import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
  readFileSync,
  type Stats,
} from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { InputError } from '../engine/errors.js';

const CHUNK_BYTES = 1 << 20;

/** Reads a file in chunks (1 MiB unless said), so large raw files are never held whole in memory. */
export function forEachChunk(
  path: string,
  consume: (chunk: Uint8Array) => void,
  chunkBytes: number = CHUNK_BYTES,
): void {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(chunkBytes);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, chunkBytes, null);
      } catch (error) {
        throw cannotRead(path, error);
      }
      if (n === 0) break;
      consume(buffer.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}

/** The first line of a file (at most 64 KiB), to recognise its format. */
export function readFirstLine(path: string): string {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(65536);
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, 0);
    } catch (error) {
      throw cannotRead(path, error);
    }
    const text = new TextDecoder().decode(buffer.subarray(0, n));
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

/** The first `maxBytes` bytes of a regular file as text (format detection); a special file is refused. */
export function readStart(path: string, maxBytes: number): string {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(maxBytes);
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, 0);
    } catch (error) {
      throw cannotRead(path, error);
    }
    return new TextDecoder().decode(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

export function readText(path: string): string {
  const fd = openForReading(path);
  try {
    return readFileSync(fd, 'utf8');
  } catch (error) {
    throw cannotRead(path, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a regular file for reading. Anything else is refused before it is opened: opening a FIFO
 * waits for a writer for ever, and a device can be read without end. O_NONBLOCK (no effect on a
 * regular file) keeps the open itself from waiting if the path changed after the check.
 */
export function openForReading(path: string): number {
  refuseSpecialFile(path, statForReading(path));
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotRead(path, error);
  }
  try {
    refuseSpecialFile(path, fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

function statForReading(path: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function refuseSpecialFile(path: string, stat: Stats): void {
  if (stat.isFile()) return;
  if (stat.isDirectory()) throw new InputError('cannot read the file: is a folder, not a file', { file: path });
  throw new InputError(`cannot read the file: it is ${specialFileKind(stat)}, not a regular file`, { file: path });
}

/** What a path that is neither a regular file nor a folder is, for an error message. */
export function specialFileKind(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'a special file';
}

/** An error from reading a file or listing a folder, as an InputError naming the path. */
export function cannotRead(path: string, error: unknown, what = 'the file'): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a folder, not a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'ENOTDIR'
            ? 'a file is in the way where a folder is needed'
            : String((error as Error).message);
  return new InputError(`cannot read ${what}: ${reason}`, { file: path });
}

/**
 * Writes a whole file or nothing: the content goes to a temporary file that is then renamed,
 * so an interrupted run never leaves a truncated report behind. What is at the path is never
 * replaced by a regular file unless it is one: a symbolic link is written through (the file it
 * names, itself written whole), a character device (`/dev/null`, a terminal) or a named pipe with
 * a reader gets the bytes, and a pipe without a reader, a block device or a socket is refused.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  writeFileAtomicInPieces(path, [content]);
}

/**
 * `writeFileAtomic` of a content given in pieces (a report's renderer yields them), each written as it comes, about
 * a MiB at a time, so that the whole text is never held. An error while the pieces are made or written removes the
 * temporary file: a report is renamed into place only once it is complete. A character device or a pipe has then
 * received the pieces before the error.
 */
export function writeFileAtomicInPieces(path: string, pieces: Iterable<string | Uint8Array>): void {
  const target = writeTarget(path);
  if (target.special) {
    writeThrough(target.path, target.special, pieces);
    return;
  }
  const folder = dirname(target.path);
  makeFolder(folder);
  const temporary = join(folder, `.${process.pid}.tmp-${basenameOf(target.path)}`);
  try {
    writePieces(temporary, pieces, path);
    try {
      renameSync(temporary, target.path);
    } catch (error) {
      throw cannotWrite(path, error, 'cannot write the file');
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The bytes gathered before a write. Each piece is encoded into this buffer as it comes, so that it dies young: text
 * held across collections of V8's young generation (kept at 1 MB, pipeline/memory.ts) would be promoted and stay in
 * the old generation until its next full collection, hundreds of MB later for a large report.
 */
const WRITE_BYTES = 1 << 20;

/**
 * Opens `path` for writing (created or emptied, as writeFileSync does) and writes the pieces in order. A failure of
 * the file system is an InputError naming `shown`; an error of the pieces' maker goes on as it is.
 */
function writePieces(path: string, pieces: Iterable<string | Uint8Array>, shown: string): void {
  const failed = (error: unknown) => cannotWrite(shown, error, 'cannot write the file');
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (error) {
    throw failed(error);
  }
  let closed = false;
  try {
    const write = (bytes: Uint8Array) => {
      try {
        writeAll(fd, bytes);
      } catch (error) {
        throw failed(error);
      }
    };
    const buffer = Buffer.allocUnsafe(WRITE_BYTES);
    let used = 0;
    const flush = () => {
      if (used > 0) write(buffer.subarray(0, used));
      used = 0;
    };
    for (const piece of pieces) {
      // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4).
      const most = typeof piece === 'string' ? piece.length * 3 : piece.length;
      if (used + most > WRITE_BYTES) flush();
      if (most > WRITE_BYTES) write(typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
      else if (typeof piece === 'string') used += buffer.write(piece, used, 'utf8');
      else {
        buffer.set(piece, used);
        used += piece.length;
      }
    }
    flush();
    closed = true;
    try {
      closeSync(fd);
    } catch (error) {
      throw failed(error);
    }
  } finally {
    if (!closed) closeSync(fd);
  }
}

/** Every byte, however many writes it takes (a pipe may take part of a large write). */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * Where a write to `path` lands: the path itself, or the file its symbolic link names (followed to
 * the end); `special` when that is neither a regular file nor missing.
 */
function writeTarget(path: string): { path: string; special?: Stats } {
  let link: Stats;
  try {
    link = lstatSync(path);
  } catch {
    return { path }; // nothing there yet (or a folder above is missing: makeFolder says so)
  }
  if (!link.isSymbolicLink()) {
    if (link.isFile()) return { path };
    if (link.isDirectory())
      throw cannotWrite(path, Object.assign(new Error(), { code: 'EISDIR' }), 'cannot write the file');
    return { path, special: link };
  }
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    // A dangling link: its target is created through it, where the link says.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotWrite(path, error, 'cannot write the file');
    return { path: danglingTarget(path) };
  }
  // A regular file is replaced whole where it really is; anything else is written through the link as
  // it is (`/dev/stdout` names a pipe or a terminal through /proc, where no real path exists).
  if (stat.isFile()) return { path: realpathSync(path) };
  if (stat.isDirectory())
    throw cannotWrite(path, Object.assign(new Error(), { code: 'EISDIR' }), 'cannot write the file');
  return { path, special: stat };
}

/** The path a dangling symbolic link names, relative to the link's folder. */
function danglingTarget(path: string): string {
  const target = readlinkSync(path);
  return isAbsolute(target) ? target : join(dirname(path), target);
}

/**
 * Writes into a character device or a named pipe as it is (never renamed over). A pipe is opened
 * without waiting first: no reader is an error (ENXIO), not a hang. That first descriptor stays open
 * until the write is done: closed at once, it would be the reader's only writer, and the reader would
 * read the end of the file and go, leaving the write to wait for a reader for ever.
 */
function writeThrough(path: string, stat: Stats, pieces: Iterable<string | Uint8Array>): void {
  const refuse = (why: string) =>
    new InputError(`cannot write the file: it is ${why}; give a file path`, { file: path });
  if (!stat.isCharacterDevice() && !stat.isFIFO()) throw refuse(`${specialFileKind(stat)}, not a regular file`);
  let probe: number | undefined;
  if (stat.isFIFO()) {
    try {
      probe = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw refuse('a named pipe (FIFO) that nothing reads');
      throw cannotWrite(path, error, 'cannot write the file');
    }
  }
  try {
    writePieces(path, pieces, path);
  } finally {
    if (probe !== undefined) closeSync(probe);
  }
}

function cannotWrite(path: string, error: unknown, what: string): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EEXIST' || code === 'ENOTDIR'
      ? 'a file is in the way where a folder is needed'
      : code === 'EISDIR'
        ? 'a folder is in the way'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'ENOSPC'
            ? 'no space left on the device'
            : code === 'ENOENT'
              ? 'the file system refuses to create it here'
              : String((error as Error).message);
  return new InputError(`${what}: ${reason}`, { file: path });
}

function basenameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/**
 * Creates a folder and its missing parents, one level at a time. Not mkdirSync's `recursive`:
 * where a file system refuses new folders with ENOENT although the parent exists (under /proc),
 * Node's recursive mkdir retries the parent and the child for ever.
 */
export function makeFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; ;) {
    let stat: Stats | undefined;
    try {
      stat = statSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // ENOTDIR: a file above; the walk up reaches it and names it.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw cannotWrite(at, error, 'cannot create the output folder');
    }
    if (stat) {
      if (!stat.isDirectory())
        throw cannotWrite(at, Object.assign(new Error(), { code: 'ENOTDIR' }), 'cannot create the output folder');
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && statSync(level).isDirectory()) continue;
      throw cannotWrite(level, error, 'cannot create the output folder');
    }
  }
}

/** Fails early, before any work, when the output folder cannot be a folder. */
export function checkOutputFolder(folder: string): void {
  let stat;
  try {
    stat = statSync(folder);
  } catch {
    return; // created when the first file is written
  }
  if (!stat.isDirectory())
    throw new InputError('cannot write reports here: a file is in the way where a folder is needed', { file: folder });
}

/** Writes report files into one folder and remembers what it wrote, in order. */
export class ReportWriter {
  readonly written: string[] = [];
  /** `writeInPieces`: how a file is written whole, its path as listed (a run's files port, rootedFiles.ts). */
  constructor(
    private readonly folder: string,
    private readonly writeWhole: (path: string, pieces: Iterable<string>) => void,
  ) {}
  write(name: string, content: string): string {
    return this.writeInPieces(name, [content]);
  }
  /** A report its renderer gives in pieces, written as they come. */
  writeInPieces(name: string, pieces: Iterable<string>): string {
    const path = join(this.folder, name);
    this.writeWhole(path, pieces);
    this.written.push(path);
    return path;
  }
}
