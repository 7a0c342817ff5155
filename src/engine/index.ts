// The pure engine: parse → model → summarise → check → report data and renderers.
// It never touches @actions/*, the process or the file system; the shells feed it bytes.
export * from './errors.js';
export * from './numeric/parseNumber.js';
export * from './numeric/formatFixed.js';
export * from './numeric/numpy.js';
export * from './model/summary.js';
export * from './model/requirement.js';
export * from './model/rawMeasurements.js';
export * from './model/experimentType.js';
export * from './formats/fastddsRaw.js';
export * from './formats/fastddsSummary.js';
export * from './formats/requirementsCsv.js';
export * from './summarize.js';
export * from './check/checkRow.js';
export * from './check/check.js';
export * from './report/model.js';
export * from './report/checksCsv.js';
export * from './report/markdown.js';
export * from './report/json.js';
export * from './report/text.js';
export * from './report/escape.js';
