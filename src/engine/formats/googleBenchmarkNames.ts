/**
 * What a Google Benchmark run's name says (formats/googleBenchmark.ts): its experiment and parameter, and whether its
 * real time or its CPU time decides (docs/statistics.md, "Which time decides").
 */
import { PAYLOAD_PARAMETER_NAMES, type Metric, type Parameter, type TimeClock } from '../model/measurement.js';

const ARGUMENT_SEGMENT = /^(-?\d+(\.\d+)?|[A-Za-z_][\w]*:[^/]*|real_time|process_time|manual_time)$/;

type WallReason = Exclude<TimeClock['decides'], 'steadier' | 'waits' | undefined>;

/** `Prefix/BM_memcpy/64/threads:2` → experiment `Prefix/BM_memcpy`, parameter `64/threads:2`. */
export function splitName(runName: string): { experiment: string; parameter: Parameter } {
  const segments = runName.split('/');
  let cut = segments.length;
  while (cut > 1 && ARGUMENT_SEGMENT.test(segments[cut - 1]!)) cut--;
  const args = segments.slice(cut);
  const parameter: Parameter = { label: args.join('/') };
  const settings: Record<string, number | string> = {};
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon < 0) continue;
    const key = arg.slice(0, colon);
    const text = arg.slice(colon + 1);
    const numeric = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
    settings[key] = numeric ?? text;
    if (numeric !== undefined && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      parameter.payloadBytes = numeric;
  }
  if (Object.keys(settings).length > 0) parameter.settings = settings;
  return { experiment: segments.slice(0, cut).join('/'), parameter };
}

/**
 * Why the run's real time decides rather than its CPU time (the module's comment): it ran on more than one thread,
 * asked for real time, or timed itself; undefined when its CPU time decides.
 */
export function wallDecides(parameter: Parameter, threads: number): WallReason | undefined {
  const segments = parameter.label.split('/');
  if (segments.includes('manual_time')) return 'manual-time';
  if (segments.includes('real_time')) return 'real-time';
  const named = parameter.settings?.threads;
  if (threads > 1 || (typeof named === 'number' && named > 1)) return 'threads';
  return undefined;
}

/**
 * A time metric with its clock and role: the deciding time primary, the other secondary. A run that reports only one
 * of the two times has it primary and no clock (nothing to choose from); rates are left as they are.
 */
export function withClock(metric: Metric, wall: WallReason | undefined, both: boolean): Metric {
  const of = metric.name === 'real time' ? 'wall' : metric.name === 'cpu time' ? 'cpu' : undefined;
  if (of === undefined || !both) return metric;
  const decides = of === 'wall' ? wall : wall === undefined ? 'steadier' : undefined;
  return decides === undefined
    ? { ...metric, role: 'secondary', clock: { of } }
    : { ...metric, clock: { of, decides } };
}
