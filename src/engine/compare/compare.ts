/**
 * The comparison engine's front door: one file per verdict method (thresholdMethod.ts, historyMethod.ts
 * with noise.ts, pairedMethod.ts), each one VerdictMethod (method.ts) listed in methods.ts, over the rows and
 * statuses of rows.ts, with the settings resolved once in settings.ts. Importers may use this file or the method's own.
 */
export * from './rows.js';
export { thresholdStatus, compareExperiment, thresholdMethod } from './thresholdMethod.js';
export { compareExperimentWithHistory, historyMethod } from './historyMethod.js';
export { compareExperimentPaired, pairedMethod, sequentialNote, type ExperimentPair } from './pairedMethod.js';
export { compareExperimentsPaired } from './suiteShift.js';
export { applySuiteBudget, SUITE_RULE } from './suiteBudget.js';
export { methodOf, methodOfRows, VERDICT_METHODS } from './methods.js';
export type { ComparisonMethod, MethodSummary, VerdictMethod } from './method.js';
export type { VerdictOptions } from './defaults.js';
