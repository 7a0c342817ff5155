/**
 * What the Criterion.rs adapters (console output and estimates.json) share, written once: how a
 * benchmark id names the experiment and the parameter, so both read one benchmark alike.
 */
import type { Parameter } from '../../model/measurement.js';

/** `group/function/value` → experiment `group/function`, parameter `value`. */
export function splitId(id: string): { experiment: string; parameter: Parameter } {
  const slash = id.lastIndexOf('/');
  if (slash <= 0 || slash === id.length - 1) return { experiment: id, parameter: { label: '' } };
  return { experiment: id.slice(0, slash), parameter: { label: id.slice(slash + 1) } };
}
