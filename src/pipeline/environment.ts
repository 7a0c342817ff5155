/**
 * The fingerprint of the machine perfgate runs on (the runner the benchmark ran on, in a workflow), and the one a user
 * names.
 */
import { arch, cpus, release, totalmem, type } from 'node:os';
import { InputError, UsageError } from '../engine/errors.js';
import {
  cpuName,
  mergeEnvironments,
  parseEnvironmentObject,
  parseEnvironmentPairs,
  type EnvironmentFingerprint,
} from '../engine/model/environment.js';
import type { ResultSet } from '../engine/model/measurement.js';
import type { Files } from './rootedFiles.js';

/** OS, kernel, CPU, cores and memory from the OS; the runner image from `env`'s ImageOS / ImageVersion. */
export function currentEnvironment(env: Readonly<Record<string, string | undefined>>): EnvironmentFingerprint {
  const processors = cpus();
  const image = env['ImageOS']?.trim();
  const imageVersion = env['ImageVersion']?.trim();
  return {
    os: type(),
    kernel: release(),
    arch: arch(),
    ...(processors.length > 0 && processors[0]!.model.trim() !== '' ? { cpu: cpuName(processors[0]!.model) } : {}),
    cores: processors.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    ...(image ? { runnerImage: image } : {}),
    ...(imageVersion ? { runnerImageVersion: imageVersion } : {}),
  };
}

/** What the result files of one run say of their machine, merged (the first file that gives a field wins). */
export function environmentOfSets(sets: readonly Pick<ResultSet, 'environment'>[]): EnvironmentFingerprint | undefined {
  return mergeEnvironments(...sets.map((set) => set.environment));
}

/**
 * The machine a user names with `--environment` (repeatable; a later value wins field by field):
 * `local` (this machine, as the action fingerprints its runner), a JSON file of fields (such as the
 * `environment` of a history record), or `key=value` pairs separated by commas.
 */
export function environmentOption(
  files: Files,
  values: readonly string[],
  what = '--environment',
): EnvironmentFingerprint {
  const parsed = values.map((value): EnvironmentFingerprint => {
    const text = value.trim();
    if (text === 'local') return currentEnvironment(process.env); // the CLI's option: this process's machine
    if (/\.json$/i.test(text) && !text.includes('=')) {
      if (!files.pathExists(text)) throw new UsageError(`${what}: cannot find the file ${text}`);
      let json: unknown;
      try {
        json = JSON.parse(files.readText(text));
      } catch (error) {
        if (error instanceof InputError) throw error;
        throw new InputError(`${what}: not JSON: ${(error as Error).message}`, { file: text });
      }
      try {
        return parseEnvironmentObject(json, what);
      } catch (error) {
        if (error instanceof UsageError) throw new InputError(error.message, { file: text });
        throw error;
      }
    }
    return parseEnvironmentPairs(text, what);
  });
  return mergeEnvironments(...parsed.reverse())!;
}
