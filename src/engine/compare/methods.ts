/**
 * The verdict methods, each one object from its own file (method.ts); which one a comparison's settings choose, and
 * how a report finds its own.
 */
import { historyMethod } from './historyMethod.js';
import type { ComparisonMethod, VerdictMethod } from './method.js';
import { pairedMethod } from './pairedMethod.js';
import type { ComparisonRow } from './rows.js';
import { thresholdMethod } from './thresholdMethod.js';

export const VERDICT_METHODS: readonly VerdictMethod[] = [thresholdMethod, historyMethod, pairedMethod];

/** The method of that name. */
export function methodOf(name: ComparisonMethod): VerdictMethod {
  const method = VERDICT_METHODS.find((m) => m.name === name);
  if (!method) throw new RangeError(`no verdict method "${name}"`);
  return method;
}

/** The method whose mark the rows bear; the threshold method, which leaves none, when no row bears one. */
export function methodOfRows(rows: readonly ComparisonRow[]): VerdictMethod {
  return VERDICT_METHODS.find((m) => m.marks !== undefined && rows.some(m.marks)) ?? thresholdMethod;
}

/**
 * The method the settings choose: A/B pairs when the comparison is paired, else a history when one is given, else one
 * reference run (engine/settings/rules.ts allows no other combination).
 */
export function methodOfSettings(settings: {
  readonly paired?: boolean | undefined;
  readonly history: boolean;
}): VerdictMethod {
  if (settings.paired) return pairedMethod;
  return settings.history ? historyMethod : thresholdMethod;
}
