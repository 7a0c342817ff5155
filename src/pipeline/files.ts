import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../engine/errors.js';

const CHUNK_BYTES = 1 << 20;

/** Reads a file in 1 MiB chunks, so large raw files are never held whole in memory. */
export function forEachChunk(path: string, consume: (chunk: Uint8Array) => void): void {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    for (;;) {
      const n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
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
    const n = readSync(fd, buffer, 0, buffer.length, 0);
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
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${process.pid}.tmp-${basenameOf(path)}`);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function basenameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}
