/**
 * The machine a run was measured on. Latency depends on it more than on most code changes, so a
 * history recorded on one kind of runner says nothing about a run on another (asv and Conbench
 * keep results per machine for the same reason). Every field is optional: a field either side
 * lacks is not compared.
 */
export interface EnvironmentFingerprint {
  /** `Linux`, `Darwin`, `Windows_NT`. */
  os?: string;
  /** The kernel release: shown, not compared (runner images update it weekly). */
  kernel?: string;
  /** `x64`, `arm64`. */
  arch?: string;
  /** The CPU model as the OS names it. */
  cpu?: string;
  cores?: number;
  /** Total memory, whole GiB. */
  memoryGiB?: number;
  /** The runner image (`ubuntu24`: GitHub's ImageOS). */
  runnerImage?: string;
  /** The runner image's version: shown, not compared (it changes weekly). */
  runnerImageVersion?: string;
}

/** The fields two runs must share to be compared, with how reports name them. */
const COMPARED: readonly [keyof EnvironmentFingerprint, string][] = [
  ['os', 'OS'],
  ['arch', 'architecture'],
  ['cpu', 'CPU'],
  ['cores', 'cores'],
  ['memoryGiB', 'memory (GiB)'],
  ['runnerImage', 'runner image'],
];

/** What differs between two fingerprints, one phrase per field (`CPU: A vs B`); empty when comparable. */
export function environmentDifferences(a: EnvironmentFingerprint | undefined, b: EnvironmentFingerprint | undefined): string[] {
  if (!a || !b) return [];
  const out: string[] = [];
  for (const [key, label] of COMPARED) {
    const x = a[key];
    const y = b[key];
    if (x !== undefined && y !== undefined && x !== y) out.push(`${label}: ${String(x)} vs ${String(y)}`);
  }
  return out;
}

const ALL_FIELDS: readonly (keyof EnvironmentFingerprint)[] = ['os', 'kernel', 'arch', 'cpu', 'cores', 'memoryGiB', 'runnerImage', 'runnerImageVersion'];

/** A fingerprint from untrusted JSON (a history record): known fields of the right type, the rest dropped. */
export function environmentOfJson(value: unknown): EnvironmentFingerprint | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string | number> = {};
  for (const key of ALL_FIELDS) {
    const v = (value as Record<string, unknown>)[key];
    const numeric = key === 'cores' || key === 'memoryGiB';
    if (numeric ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string' && v.length <= 200) out[key] = v as string | number;
  }
  return Object.keys(out).length > 0 ? (out as EnvironmentFingerprint) : undefined;
}

/** The fields in a fixed order, for records (same inputs, same bytes). */
export function orderedEnvironment(env: EnvironmentFingerprint): EnvironmentFingerprint {
  const out: Record<string, string | number> = {};
  for (const key of ALL_FIELDS) if (env[key] !== undefined) out[key] = env[key]!;
  return out as EnvironmentFingerprint;
}
