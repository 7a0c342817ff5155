import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../engine/errors.js';

const CHUNK_BYTES = 1 << 20;

/** Reads a file in 1 MiB chunks, so large raw files are never held whole in memory. */
export function forEachChunk(path: string, consume: (chunk: Uint8Array) => void): void {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
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

export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function openForReading(path: string): number {
  try {
    return openSync(path, 'r');
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function cannotRead(path: string, error: unknown): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : code === 'EACCES' ? 'permission denied' : String((error as Error).message);
  return new InputError(`cannot read the file: ${reason}`, { file: path });
}

/**
 * Writes a whole file or nothing: the content goes to a temporary file that is then renamed,
 * so an interrupted run never leaves a truncated report behind.
 */
export function writeFileAtomic(path: string, content: string): void {
  const folder = dirname(path);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw cannotWrite(folder, error, 'cannot create the output folder');
  }
  const temporary = join(folder, `.${process.pid}.tmp-${basenameOf(path)}`);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw cannotWrite(path, error, 'cannot write the file');
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
            : String((error as Error).message);
  return new InputError(`${what}: ${reason}`, { file: path });
}

function basenameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Fails early, before any work, when the output folder cannot be a folder. */
export function checkOutputFolder(folder: string): void {
  let stat;
  try {
    stat = statSync(folder);
  } catch {
    return; // created when the first file is written
  }
  if (!stat.isDirectory()) throw new InputError('cannot write reports here: a file is in the way where a folder is needed', { file: folder });
}

/** Writes report files into one folder and remembers what it wrote, in order. */
export class ReportWriter {
  readonly written: string[] = [];
  constructor(private readonly folder: string) {}
  write(name: string, content: string): string {
    const path = join(this.folder, name);
    writeFileAtomic(path, content);
    this.written.push(path);
    return path;
  }
}
