/**
 * The comparison engine's front door: one file per verdict method (threshold.ts, history.ts with
 * noise.ts, paired.ts) over the rows and statuses of rows.ts, with the settings resolved once in
 * settings.ts. Importers may use this file or the method's own.
 */
export * from './rows.js';
export { thresholdStatus, compareExperiment } from './threshold.js';
export { compareExperimentWithHistory } from './history.js';
export { compareExperimentPaired, sequentialNote, type ExperimentPair } from './paired.js';
export type { VerdictOptions } from './settings.js';
