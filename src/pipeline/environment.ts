/** The fingerprint of the machine perfgate runs on (the runner the benchmark ran on, in a workflow). */
import { arch, cpus, release, totalmem, type } from 'node:os';
import type { EnvironmentFingerprint } from '../engine/model/environment.js';

/** OS, kernel, CPU, cores and memory from the OS; the runner image from GitHub's ImageOS / ImageVersion. */
export function currentEnvironment(env: NodeJS.ProcessEnv = process.env): EnvironmentFingerprint {
  const processors = cpus();
  const image = env['ImageOS']?.trim();
  const imageVersion = env['ImageVersion']?.trim();
  return {
    os: type(),
    kernel: release(),
    arch: arch(),
    ...(processors.length > 0 && processors[0]!.model.trim() !== '' ? { cpu: processors[0]!.model.trim().replace(/\s+/g, ' ') } : {}),
    cores: processors.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    ...(image ? { runnerImage: image } : {}),
    ...(imageVersion ? { runnerImageVersion: imageVersion } : {}),
  };
}
