/**
 * What the gungraun (formerly iai-callgrind) readers share: the benchmark a summary is, and the metrics its tools'
 * figures are.
 *
 * - A benchmark is identified by its `module_path` (`<bench file>::<group>::<function>`) and its optional `id` (the
 *   `#[bench::id]`): the module path is the experiment, the id its parameter (empty without one). The text output's
 *   header line says the same: `<module_path> <id>:<args>`.
 * - gungraun runs each benchmark once under each tool (Callgrind first, then Cachegrind, DHAT, … or perf) and prints,
 *   for each figure, its new value and the old one (`new|old`, the previous run or the baseline). perfgate reads the
 *   new value: the old one is what perfgate's own reference or history is for.
 * - `Ir` (Callgrind's and Cachegrind's "Instructions") is the primary metric and an exact count, gated at the count
 *   threshold; every other figure is secondary (reported, gated on request): the cache figures move with code layout.
 *   Rates (miss and hit rates, in %) are derived from the counts and not read.
 * - What counted them (Metric.instrument) is `gungraun <Tool>`: gungraun's summary says no Valgrind version. Its
 *   estimated cycles name gungraun's formula, `L1hits + 5·LLhits + 35·RamHits`, so that cycles another tool estimated
 *   otherwise (CodSpeed's) are never compared with them.
 */
import type { Measurement, Metric } from '../../model/measurement.js';
import { eventMetric } from '../valgrind/common.js';

/** The figures of the text output, by their printed names, as the summary JSON names them. */
const TEXT_NAMES: Readonly<Record<string, string>> = {
  Instructions: 'Ir',
  'L1 Hits': 'L1hits',
  'LL Hits': 'LLhits',
  'L2 Hits': 'LLhits',
  'RAM Hits': 'RamHits',
  'Total read+write': 'TotalRW',
  'Estimated Cycles': 'EstimatedCycles',
};

/** A figure's name as the summary JSON writes it, for a name the text output printed. */
export function summaryName(printed: string): string {
  return Object.hasOwn(TEXT_NAMES, printed) ? TEXT_NAMES[printed]! : printed;
}

/** gungraun's estimate of cycles, as its documentation gives it. */
export const ESTIMATED_CYCLES_FORMULA = 'L1hits + 5·LLhits + 35·RamHits';

/** The tools whose `Ir` is the instructions executed. */
const INSTRUCTION_TOOLS = new Set(['callgrind', 'cachegrind']);

/**
 * The metric of a figure `name` that `tool` (`Callgrind`, `DHAT`, …, as gungraun names it) counted. The first tool of
 * a benchmark that counts instructions (`primary`) names its figures plainly; any other tool's figures are named
 * `<tool> <figure>` and are secondary, so that a benchmark run under Callgrind and Cachegrind has one `Ir`.
 */
export function gungraunMetric(tool: string, name: string, primary: boolean): Metric {
  const instrument = `gungraun ${tool}`;
  const metric =
    name === 'EstimatedCycles'
      ? eventMetric(name, `${instrument}; estimated cycles = ${ESTIMATED_CYCLES_FORMULA}`)
      : eventMetric(name, instrument);
  if (primary) return metric;
  const { kind: _kind, ...rest } = metric;
  return { ...rest, name: `${tool} ${name}`, role: 'secondary' };
}

/** Whether a tool counts instructions (its `Ir` can be a benchmark's primary metric). */
export function countsInstructions(tool: string): boolean {
  return INSTRUCTION_TOOLS.has(tool.toLowerCase());
}

/** One figure of a benchmark as a reader found it: its tool, name, new value and place. */
export interface Figure {
  tool: string;
  name: string;
  value: number;
  line: number;
}

/**
 * The measurements of one benchmark's figures: the first tool that counts instructions is primary (its figures
 * plainly named), the others secondary. A figure named twice in one tool keeps its first value.
 */
export function figureMeasurements(
  file: string,
  benchmark: { experiment: string; label: string },
  figures: readonly Figure[],
): Measurement[] {
  const primaryTool = figures.find((f) => countsInstructions(f.tool))?.tool;
  const seen = new Set<string>();
  const measurements: Measurement[] = [];
  for (const f of figures) {
    const metric = gungraunMetric(f.tool, f.name, f.tool === primaryTool);
    if (seen.has(metric.name)) continue;
    seen.add(metric.name);
    measurements.push({
      experiment: benchmark.experiment,
      parameter: { label: benchmark.label },
      metric,
      statistics: { value: f.value },
      place: { file, line: f.line },
    });
  }
  return measurements;
}

/** The experiment and parameter of a benchmark: its module path, and its id (empty without one). */
export function benchmarkOf(modulePath: string, id: string | undefined): { experiment: string; label: string } {
  return { experiment: modulePath, label: id ?? '' };
}
