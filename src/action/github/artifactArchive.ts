/**
 * Writing a downloaded artifact to disk: unzipped, or as the file itself when it was uploaded
 * unzipped. Nothing is written outside the destination.
 */
import type { Files } from '../../pipeline/rootedFiles.js';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { unzipSync } from 'fflate';

/** The archive is refused: an unsafe entry name, too large unzipped, or not a readable zip. */
export class UnsafeArchive extends Error {}

/**
 * Unzips into `destination`. Entry names that would land outside it (absolute, `..`) reject the
 * archive before anything is written. An artifact uploaded unzipped (`archive: false`) arrives
 * as the file itself and is written under the artifact's name. Written through the run's `files`.
 */
export function extract(
  files: Files,
  bytes: Uint8Array,
  destination: string,
  artifactName: string,
  maxBytes: number,
): string[] {
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);
  if (!isZip) {
    const name = safeRelative(artifactName);
    files.writeBytes(join(destination, name), bytes);
    return [name];
  }
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        if (total > maxBytes) throw new UnsafeArchive(`it unzips to more than ${maxBytes} bytes`);
        return true;
      },
    });
  } catch (error) {
    if (error instanceof UnsafeArchive) throw error;
    throw new UnsafeArchive(`not a readable zip archive (${(error as Error).message})`);
  }
  const names = Object.keys(entries);
  const planned = names
    .filter((name) => !name.endsWith('/'))
    .map((name) => ({ name: safeRelative(name), data: entries[name]! }));
  files.makeFolder(destination);
  for (const { name, data } of planned) files.writeBytes(join(destination, name), data);
  return planned.map((p) => p.name.split(sep).join('/'));
}

export function safeRelative(name: string): string {
  const unified = name.replace(/\\/g, '/');
  if (unified === '' || unified.includes('\0') || isAbsolute(unified) || /^[a-zA-Z]:/.test(unified))
    throw new UnsafeArchive(`unsafe entry name "${name}"`);
  const normal = normalize(unified);
  if (normal === '..' || normal.startsWith('..' + sep) || normal.split(sep).includes('..') || isAbsolute(normal))
    throw new UnsafeArchive(`unsafe entry name "${name}"`);
  return normal;
}
