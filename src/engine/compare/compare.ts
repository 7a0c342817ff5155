/**
 * The comparison engine's front door: one file per verdict method (thresholdMethod.ts, historyMethod.ts
 * with noise.ts, pairedMethod.ts with pairedRows.ts), each one VerdictMethod (method.ts) listed and chosen in
 * methods.ts, over the rows and statuses of rows.ts, with the settings resolved once in settings.ts. Importers may
 * use this file or the method's own.
 */
export * from './rows.js';
export { thresholdStatus, compareExperiment, thresholdMethod } from './thresholdMethod.js';
export { historyMethod } from './historyMethod.js';
export { compareExperimentWithHistory } from './historyRows.js';
export { pairedMethod, sequentialNote } from './pairedMethod.js';
export { compareExperimentPaired } from './pairedRows.js';
export { compareExperimentsPaired } from './suiteShift.js';
export { applySuiteBudget, SUITE_RULE } from './suiteBudget.js';
export { methodOf, methodOfRows, methodOfSettings, VERDICT_METHODS } from './methods.js';
export type {
  ComparisonMethod,
  ExperimentPair,
  Judged,
  JudgeSettings,
  MethodInput,
  MethodReads,
  MethodSummary,
  PairedExperiment,
  VerdictMethod,
} from './method.js';
export type { VerdictOptions } from './defaults.js';
