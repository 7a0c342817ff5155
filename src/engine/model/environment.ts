import { UsageError } from '../errors.js';

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
  /**
   * The language runtime the benchmark ran in, with its major version (`OpenJDK 64-Bit Server VM 17`,
   * `CPython 3.11`), where the results file names it: a JDK or Python upgrade moves every timing.
   */
  runtime?: string;
  /** The runtime's full version (`17.0.15+6`, `3.11.7`): shown, not compared (patch releases). */
  runtimeVersion?: string;
}

/** The fields two runs must share to be compared, with how reports name them. */
const COMPARED: readonly [keyof EnvironmentFingerprint, string][] = [
  ['os', 'OS'],
  ['arch', 'architecture'],
  ['cpu', 'CPU'],
  ['cores', 'cores'],
  ['memoryGiB', 'memory (GiB)'],
  ['runnerImage', 'runner image'],
  ['runtime', 'runtime'],
];

/** What differs between two fingerprints, one phrase per field (`CPU: A vs B`); empty when comparable. */
export function environmentDifferences(
  a: EnvironmentFingerprint | undefined,
  b: EnvironmentFingerprint | undefined,
): string[] {
  if (!a || !b) return [];
  const out: string[] = [];
  for (const [key, label] of COMPARED) {
    const x = a[key];
    const y = b[key];
    if (x !== undefined && y !== undefined && x !== y) out.push(`${label}: ${String(x)} vs ${String(y)}`);
  }
  return out;
}

/** Every field, in the order records write them (fields added later go last: older records keep their bytes). */
export const ENVIRONMENT_FIELDS: readonly (keyof EnvironmentFingerprint)[] = [
  'os',
  'kernel',
  'arch',
  'cpu',
  'cores',
  'memoryGiB',
  'runnerImage',
  'runnerImageVersion',
  'runtime',
  'runtimeVersion',
];
const ALL_FIELDS = ENVIRONMENT_FIELDS;
const NUMERIC_FIELDS: ReadonlySet<keyof EnvironmentFingerprint> = new Set(['cores', 'memoryGiB']);

/** A fingerprint from untrusted JSON (a history record): known fields of the right type, the rest dropped. */
export function environmentOfJson(value: unknown): EnvironmentFingerprint | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string | number> = {};
  for (const key of ALL_FIELDS) {
    const v = (value as Record<string, unknown>)[key];
    const numeric = NUMERIC_FIELDS.has(key);
    if (numeric ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string' && v.length <= 200)
      out[key] = v as string | number;
  }
  return Object.keys(out).length > 0 ? (out as EnvironmentFingerprint) : undefined;
}

/** The fields in a fixed order, for records (same inputs, same bytes). */
export function orderedEnvironment(env: EnvironmentFingerprint): EnvironmentFingerprint {
  const out: Record<string, string | number> = {};
  for (const key of ALL_FIELDS) if (env[key] !== undefined) out[key] = env[key]!;
  return out as EnvironmentFingerprint;
}

/**
 * The fingerprints of several sources of one run, field by field: the first that gives a field
 * wins (the files of one run come from one machine; an earlier file is not overruled by a later).
 */
export function mergeEnvironments(
  ...sources: readonly (EnvironmentFingerprint | undefined)[]
): EnvironmentFingerprint | undefined {
  const out: Record<string, string | number> = {};
  for (const source of sources) {
    if (!source) continue;
    for (const key of ALL_FIELDS) if (out[key] === undefined && source[key] !== undefined) out[key] = source[key]!;
  }
  return Object.keys(out).length > 0 ? orderedEnvironment(out as EnvironmentFingerprint) : undefined;
}

/** An OS name as Node's `os.type()` spells it (what the action records): Python's `Windows` is `Windows_NT`. */
export function nodeOsName(name: string): string {
  const trimmed = name.trim();
  const known: Record<string, string> = {
    windows: 'Windows_NT',
    linux: 'Linux',
    darwin: 'Darwin',
    macos: 'Darwin',
    freebsd: 'FreeBSD',
  };
  return known[trimmed.toLowerCase()] ?? trimmed;
}

/** An architecture as Node's `os.arch()` spells it: `x86_64`/`AMD64` are `x64`, `aarch64` is `arm64`. */
export function nodeArchName(name: string): string {
  const trimmed = name.trim();
  const known: Record<string, string> = {
    x86_64: 'x64',
    amd64: 'x64',
    x64: 'x64',
    aarch64: 'arm64',
    arm64: 'arm64',
    i386: 'ia32',
    i686: 'ia32',
    x86: 'ia32',
  };
  return known[trimmed.toLowerCase()] ?? trimmed;
}

/** A CPU model with its runs of spaces made one, as the action's fingerprint writes it. */
export function cpuName(model: string): string {
  return model.trim().replace(/\s+/g, ' ');
}

/**
 * A fingerprint the user wrote: `key=value` pairs separated by commas (`os=Linux,cores=4,cpu=AMD
 * EPYC 7763`). Keys are the record's field names; `cores` and `memoryGiB` are whole numbers.
 * `what` names the option in errors.
 */
export function parseEnvironmentPairs(text: string, what: string): EnvironmentFingerprint {
  const out: Record<string, string | number> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const cut = pair.indexOf('=');
    const key = (cut > 0 ? pair.slice(0, cut) : pair).trim();
    const value = cut > 0 ? pair.slice(cut + 1).trim() : '';
    if (!(ALL_FIELDS as readonly string[]).includes(key)) {
      throw new UsageError(
        `${what}: unknown field "${key}"; the fields are ${ALL_FIELDS.join(', ')} (e.g. os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4)`,
      );
    }
    if (cut <= 0 || value === '') throw new UsageError(`${what}: "${pair.trim()}" has no value; write ${key}=<value>`);
    out[key] = environmentValue(key as keyof EnvironmentFingerprint, value, what);
  }
  if (Object.keys(out).length === 0)
    throw new UsageError(`${what}: no field given; write e.g. os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4`);
  return orderedEnvironment(out as EnvironmentFingerprint);
}

/** A fingerprint from a JSON object the user gave (a file): every key must be a field, of its type. */
export function parseEnvironmentObject(value: unknown, what: string): EnvironmentFingerprint {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${what}: expected a JSON object of fields such as {"os": "Linux", "cores": 4}`);
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(ALL_FIELDS as readonly string[]).includes(key))
      throw new UsageError(`${what}: unknown field "${key}"; the fields are ${ALL_FIELDS.join(', ')}`);
    if (typeof v !== 'string' && typeof v !== 'number')
      throw new UsageError(`${what}: "${key}" must be a string or a number`);
    out[key] = environmentValue(key as keyof EnvironmentFingerprint, String(v), what);
  }
  if (Object.keys(out).length === 0) throw new UsageError(`${what}: no field given`);
  return orderedEnvironment(out as EnvironmentFingerprint);
}

function environmentValue(key: keyof EnvironmentFingerprint, text: string, what: string): string | number {
  const value = text.trim();
  if (NUMERIC_FIELDS.has(key)) {
    if (!/^\d+$/.test(value)) throw new UsageError(`${what}: ${key} must be a whole number; got "${value}"`);
    return Number(value);
  }
  if (value === '' || value.length > 200) throw new UsageError(`${what}: ${key} must be a text of 1 to 200 characters`);
  if (key === 'os') return nodeOsName(value);
  if (key === 'arch') return nodeArchName(value);
  if (key === 'cpu') return cpuName(value);
  return value;
}
