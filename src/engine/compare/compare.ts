/**
 * The comparison engine's front door: one file per verdict method (thresholdMethod.ts, historyMethod.ts
 * with noise.ts, pairedMethod.ts) over the rows and statuses of rows.ts, with the settings resolved once in
 * settings.ts. Importers may use this file or the method's own.
 */
export * from './rows.js';
export { thresholdStatus, compareExperiment } from './thresholdMethod.js';
export { compareExperimentWithHistory } from './historyMethod.js';
export { compareExperimentPaired, sequentialNote, type ExperimentPair } from './pairedMethod.js';
export type { VerdictOptions } from './settings.js';
