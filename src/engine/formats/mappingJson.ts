import { InputError } from '../errors.js';
import type { GenericCsvMapping } from './adapter.js';
import { isJsonObject, parseLooseJson, type JsonValue } from './looseJson.js';

export const MAPPING_EXAMPLE =
  '{"experiment":"bench","parameter":"size","metrics":[{"column":"p99_ms","metric":"latency","statistic":"p99","unit":"ms"}]}';

/**
 * A generic CSV column mapping written as JSON (a file or an action input):
 * `{"experiment": col, "parameter": col, "metrics": [{"column", "metric", "statistic", "unit", "direction"}]}`.
 */
export function parseMappingJson(file: string, text: string): GenericCsvMapping {
  const document = parseLooseJson(file, text);
  const root = document.value;
  const fail = (message: string): never => {
    throw new InputError(`${message}; expected a mapping such as ${MAPPING_EXAMPLE}`, { file, line: 1 });
  };
  if (!isJsonObject(root)) return fail('the mapping must be a JSON object');
  const mapping: GenericCsvMapping = { metrics: [] };
  const text_ = (value: JsonValue | undefined, what: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') return fail(`${what} must be a column name (a string)`);
    return value;
  };
  const experiment = text_(root.experiment, '"experiment"');
  if (experiment !== undefined) mapping.experiment = experiment;
  const parameter = text_(root.parameter, '"parameter"');
  if (parameter !== undefined) mapping.parameter = parameter;
  const metrics = root.metrics;
  if (!Array.isArray(metrics) || metrics.length === 0) return fail('"metrics" must be a non-empty list');
  for (const entry of metrics) {
    if (!isJsonObject(entry)) return fail('each entry of "metrics" must be an object with a "column"');
    const column = text_(entry.column, '"column"');
    if (column === undefined) return fail('each entry of "metrics" needs a "column"');
    const metric: GenericCsvMapping['metrics'][number] = { column };
    for (const key of ['metric', 'statistic', 'unit'] as const) {
      const value = entry[key];
      if (value === undefined) continue;
      if (typeof value !== 'string') return fail(`"${key}" must be a string`);
      metric[key] = value;
    }
    const direction = entry.direction;
    if (direction !== undefined) {
      if (direction !== 'lower-is-better' && direction !== 'higher-is-better')
        return fail('"direction" must be "lower-is-better" or "higher-is-better"');
      metric.direction = direction;
    }
    for (const key of Object.keys(entry)) {
      if (!['column', 'metric', 'statistic', 'unit', 'direction'].includes(key))
        return fail(`unknown key "${key}" in a metrics entry`);
    }
    mapping.metrics.push(metric);
  }
  return mapping;
}
