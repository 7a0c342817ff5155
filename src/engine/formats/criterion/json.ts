/**
 * Criterion.rs result files: `target/criterion/<id>/new/estimates.json`, with `sample.json` and
 * `benchmark.json` from the same folder read along when they are there.
 *
 * - `estimates.json` holds, per statistic, a `point_estimate` (ns) with its confidence interval:
 *   `mean`, `median` and `std_dev` are read as the statistics of the metric `time` (µs), and
 *   `slope` where the sampling gave one (linear sampling; `null` with flat sampling): it is what
 *   `cargo bench` prints as the time, so it is the primary statistic (the one gated). With no
 *   slope, the median is. `median_abs_dev` is not read.
 * - `sample.json` (`iters`, `times`: the iteration count and total ns of each sample) gives the
 *   raw samples, times[i] / iters[i] per iteration, and their count.
 * - The names come from `benchmark.json` (Criterion's `BenchmarkId`): the experiment is
 *   `group_id`, or `group_id/function_id` when the benchmark names a function in its group; the
 *   parameter is `value_str` (`BenchmarkId::from_parameter(64)` in group `publish` is experiment
 *   `publish`, parameter `64`; `BenchmarkId::new("encode", 64)` in group `codec` is `codec/encode`,
 *   `64`). A value holding a `/` stays whole. Without benchmark.json, the id is the folders
 *   between `criterion/` and `new/` of the path, split like the console's id at its last `/`.
 * - The saved baseline (`base/estimates.json`: after a plain `cargo bench` a copy of `new/`, which
 *   the next run compares with; with `--baseline`, an older run) is not the run's result:
 *   discovery skips it in a folder or a glob, and reads it only when it is named on its own.
 *   `change/estimates.json` (relative changes, no `std_dev`) is not recognised.
 */
import type { Measurement, Metric, Parameter, StatisticName } from '../../model/measurement.js';
import type { FormatAdapter } from '../adapter.js';
import { splitId } from './common.js';
import { isJsonObject, parseLooseJson } from '../looseJson.js';
import { JsonFields } from '../jsonFields.js';
import { readJsonReport } from '../shared.js';

const RECOGNISED = /^\uFEFF?\s*\{\s*"mean"\s*:\s*\{\s*"confidence_interval"\s*:/;
const STATISTICS: [string, StatisticName][] = [
  ['mean', 'mean'],
  ['median', 'median'],
  ['std_dev', 'stdev'],
];
const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' };

export const criterionJsonAdapter: FormatAdapter = {
  id: 'criterion-json',
  title: 'Criterion.rs estimates.json (with sample.json)',
  siblings: ['sample.json', 'benchmark.json'],

  recognises(head: string): boolean {
    return RECOGNISED.test(head) && /"std_dev"\s*:/.test(head) && /"point_estimate"\s*:/.test(head);
  },

  companion(_head: string, file: string): string | undefined {
    const folders = file.split(/[\\/]/);
    return folders[folders.length - 2] === 'base'
      ? "Criterion's saved baseline (base/), not the results of the run (new/); name the file on its own to read it"
      : undefined;
  },

  parse({ file, text, siblings }) {
    const { fields, root } = readJsonReport(
      file,
      text,
      isJsonObject,
      'expected a Criterion estimates.json: an object with "mean", "median" and "std_dev"',
    );
    const statistics: Partial<Record<StatisticName, number>> = {};
    for (const [key, name] of STATISTICS) {
      const estimate = root[key];
      if (!isJsonObject(estimate))
        throw fields.error(`expected an estimate object for "${key}"`, root, estimate === undefined ? undefined : key);
      statistics[name] =
        fields.measured(
          estimate,
          'point_estimate',
          { dimension: 'time', statistic: name },
          { required: true, what: `the "${key}" estimate` },
        )! / 1000;
    }
    const notes: string[] = [];
    const slope = root.slope ?? null;
    if (slope !== null) {
      if (!isJsonObject(slope)) throw fields.error('expected an estimate object or null for "slope"', root, 'slope');
      statistics.slope =
        fields.measured(
          slope,
          'point_estimate',
          { dimension: 'time', statistic: 'slope' },
          { required: true, what: 'the "slope" estimate' },
        )! / 1000;
    }
    const measurement: Measurement = {
      ...benchmarkNames(file, siblings?.['benchmark.json'], notes),
      metric: TIME,
      statistics,
      place: { file, line: 1 },
    };
    const sampleText = siblings?.['sample.json'];
    if (sampleText !== undefined) {
      const samples = readSamples(file.replace(/estimates\.json$/, 'sample.json'), sampleText);
      measurement.samples = samples;
      statistics.samples = samples.length;
    }
    return { format: 'criterion-json', file, measurements: [measurement], notes };
  },
};

/**
 * Experiment and parameter from benchmark.json's `group_id`, `function_id` and `value_str` (else
 * its `full_id`, split at the last `/`); without benchmark.json, from the path.
 */
function benchmarkNames(
  file: string,
  benchmarkJson: string | undefined,
  notes: string[],
): { experiment: string; parameter: Parameter } {
  if (benchmarkJson !== undefined) {
    const path = file.replace(/estimates\.json$/, 'benchmark.json');
    const doc = parseLooseJson(path, benchmarkJson);
    if (isJsonObject(doc.value)) {
      const fields = new JsonFields(path, doc);
      const group = fields.string(doc.value, 'group_id');
      if (group !== undefined && group !== '') {
        const fn = doc.value.function_id === null ? undefined : fields.string(doc.value, 'function_id');
        const value = doc.value.value_str === null ? undefined : fields.string(doc.value, 'value_str');
        return {
          experiment: fn !== undefined && fn !== '' ? `${group}/${fn}` : group,
          parameter: { label: value ?? '' },
        };
      }
      const id = fields.string(doc.value, 'full_id');
      if (id !== undefined && id !== '') return splitId(id);
    }
  }
  return splitId(idOfPath(file, notes));
}

/** The folders between `criterion/` and `new/` of the path, else the folder's name. */
function idOfPath(file: string, notes: string[]): string {
  const folders = file.split(/[\\/]/).slice(0, -1);
  const root = folders.lastIndexOf('criterion');
  const end = folders[folders.length - 1] === 'new' ? folders.length - 1 : folders.length;
  if (root >= 0 && root + 1 < end) return folders.slice(root + 1, end).join('/');
  const id = end > 0 && folders[end - 1] !== '.' && folders[end - 1] !== '' ? folders[end - 1]! : 'criterion';
  notes.push(`no benchmark.json and no target/criterion/<id>/new/ path: the benchmark id "${id}" is the folder's name`);
  return id;
}

/** Per-iteration times (µs) of sample.json's samples. */
function readSamples(file: string, text: string): Float64Array {
  const { fields, root } = readJsonReport(
    file,
    text,
    isJsonObject,
    'expected a Criterion sample.json: an object with "iters" and "times"',
  );
  const iters = fields.numbers(root, 'iters');
  const times = fields.numbers(root, 'times');
  if (!iters || !times) throw fields.error('a Criterion sample.json needs "iters" and "times" arrays', root);
  if (iters.length !== times.length)
    throw fields.error(`"iters" has ${iters.length} values and "times" ${times.length}; they pair up`, root, 'times');
  const out = new Float64Array(iters.length);
  iters.forEach((n, i) => {
    if (!(n > 0)) throw fields.error(`expected a positive iteration count, found ${n}`, iters, i);
    out[i] = times[i]! / n / 1000;
  });
  return out;
}
