import { InputError } from '../../errors.js';
import { stripBom } from '../../csv/header.js';
import type { Measurement, Metric, Parameter, ResultSet, StatisticName } from '../../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from '../adapter.js';
import { ANSI_ESCAPE } from '../shared.js';
import { latencyMetric } from './common.js';

/**
 * Eclipse Kuksa `databroker-perf` console output (spec §2.2, §2.3): the `Global Summary:` block,
 * and with `--detailed-output` one `Group: <name> | Cycle time(ms): <n>` block per group, each
 * followed by `Latency histogram:` and `Latency distribution:`. Latencies are printed in ms with
 * three decimals and stored in µs; the throughput is signal updates per second.
 *
 * The global block becomes the experiment `global`; each group the experiment named after it.
 */

const GLOBAL = /^\s*Global Summary:\s*$/;
const GROUP = /^\s*Group: (.*) \| Cycle time\(ms\): (\d+)\s*$/;
const KEY =
  /^ {2}(API|Total elapsed seconds|Skipped test seconds|Total signals|Sent|Skipped|Received|Throughput|Signal\/Second|95% in under|Fastest|Slowest|Average|Elapsed time|Rate limit): *(?! )(.*\S|)\s*$/;
const HISTOGRAM_TITLE = /^\s*Latency histogram:\s*$/;
const DISTRIBUTION_TITLE = /^\s*Latency distribution:\s*$/;
const HISTOGRAM_LINE = /^\s+(\d+\.\d+) ms \[(\d+)\s*\] \|/;
const DISTRIBUTION_LINE = /^\s+(\d+)% in under (\d+\.\d+) ms\s*$/;
const MS = /^(\d+\.\d+) ms$/;
/** The quantiles databroker-perf prints, in order. */
const QUANTILES = [10, 25, 50, 75, 90, 95, 99];
const QUANTILE_STATISTIC: Record<number, StatisticName> = { 50: 'median', 90: 'p90', 95: 'p95', 99: 'p99' };

const LATENCY = latencyMetric('ms');
const THROUGHPUT: Metric = {
  name: 'throughput',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'signal/s',
  direction: 'higher-is-better',
};

export const kuksaConsoleAdapter: FormatAdapter = {
  id: 'kuksa-console',
  title: 'Eclipse Kuksa databroker-perf console output',
  recognises(head: string): boolean {
    const text = head.replace(ANSI_ESCAPE, '');
    const block =
      /^[^\S\r\n\u2028\u2029]*Global Summary:\s*$/m.test(text) ||
      /^[^\S\r\n\u2028\u2029]*Group: .* \| Cycle time\(ms\): \d+\s*$/m.test(text);
    return block && /^ {2}(Fastest|Average|95% in under): /m.test(text) && / ms\s*$/m.test(text);
  },
  parse(input: AdapterInput, options: ParseOptions): ResultSet {
    return parseKuksaConsole(input.file, input.text, options);
  },
};

interface Block {
  kind: 'global' | 'group';
  name: string;
  line: number;
  /** Which run of the file (1-based): each `Global Summary:` starts one. */
  run: number;
  cycleTimeMs?: number;
  keys: Map<string, { value: string; line: number; column: number }>;
  histogram: { valueUs: number; count: number; line: number }[];
  histogramLine?: number;
  distributionLine?: number;
  quantiles: Map<number, { valueUs: number; line: number }>;
  section: 'summary' | 'histogram' | 'distribution';
  lastLine: number;
}

/** `0.294` ms → 294 µs, without binary noise (the tool prints whole µs / 1000). */
function msToUs(text: string): number {
  return Math.round(Number(text) * 1e6) / 1e3;
}

export function parseKuksaConsole(file: string, text: string, options: ParseOptions = {}): ResultSet {
  const notes: string[] = [
    'databroker-perf: latencies are printed in ms with 3 decimals (whole µs) and stored in µs; throughput is received signal updates per second.',
  ];
  const { blocks, runs } = readBlocks(file, stripBom(text).split(/\r?\n/));
  if (blocks.length === 0) {
    throw new InputError('no "Global Summary:" or "Group: … | Cycle time(ms): …" block found', { file, line: 1 });
  }
  if (options.skipSeconds !== undefined && options.skipSeconds > 0) {
    notes.push(
      'skipSeconds is ignored: databroker-perf prints no per-second data (run the tool with --skip-seconds to drop warm-up).',
    );
  }
  notes.push(
    'databroker-perf: the 10%, 25% and 75% quantiles of the latency distribution have no statistic name in the model and are not kept.',
  );
  const measurements: Measurement[] = [];
  const seen = new Set<string>();
  for (const b of blocks) {
    for (const m of toMeasurements(file, b, runSignals(file, blocks, b.run))) {
      // A run repeating an earlier run's configuration (same total signals) is told apart by its number.
      if (seen.has(keyOf(m)))
        m.parameter = {
          label: `${m.parameter.label}, run ${b.run}`,
          settings: { ...m.parameter.settings, run: b.run },
        };
      seen.add(keyOf(m));
      measurements.push(m);
    }
  }
  if (runs > 1) {
    notes.push(
      `databroker-perf: ${runs} runs in one file (each "Global Summary:" starts one); a run repeating an earlier configuration (API, groups, total signals) is told apart as "run N".`,
    );
  }
  return { format: kuksaConsoleAdapter.id, file, measurements, notes };
}

/** The Global Summary and Group blocks of the output, each finished (checked), and how many runs they form. */
function readBlocks(file: string, lines: readonly string[]): { blocks: Block[]; runs: number } {
  const blocks: Block[] = [];
  let block: Block | undefined;
  let run = 1;
  const start = (b: Omit<Block, 'keys' | 'histogram' | 'quantiles' | 'section' | 'lastLine' | 'run'>): void => {
    if (block) finish(file, block);
    block = { ...b, run, keys: new Map(), histogram: [], quantiles: new Map(), section: 'summary', lastLine: b.line };
    blocks.push(block);
  };

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.replace(ANSI_ESCAPE, '');
    if (line.trim() === '') continue;
    if (GLOBAL.test(line)) {
      // kuksa-perf's CI tees every configuration's run into one file: a new Global Summary starts the next run.
      if (blocks.some((b) => b.kind === 'global' && b.run === run)) run++;
      start({ kind: 'global', name: 'global', line: lineNo });
      continue;
    }
    const group = GROUP.exec(line);
    if (group) {
      const name = group[1]!.trim();
      if (blocks.some((b) => b.kind === 'group' && b.name === name && b.run === run)) {
        throw new InputError(`group "${name}" appears twice`, { file, line: lineNo, column: line.indexOf(name) + 1 });
      }
      start({ kind: 'group', name, line: lineNo, cycleTimeMs: Number(group[2]) });
      continue;
    }
    if (!block) continue;
    if (HISTOGRAM_TITLE.test(line)) {
      block.section = 'histogram';
      block.histogramLine = lineNo;
      block.lastLine = lineNo;
      continue;
    }
    if (DISTRIBUTION_TITLE.test(line)) {
      block.section = 'distribution';
      block.distributionLine = lineNo;
      block.lastLine = lineNo;
      continue;
    }
    if (!/^\s/.test(line)) {
      // Unindented text after a block (a shell prompt, a progress bar): the block has ended.
      finish(file, block);
      block = undefined;
      continue;
    }
    block.lastLine = lineNo;
    readBlockLine(file, block, line, lineNo);
  }
  if (block) finish(file, block);
  return { blocks, runs: run };
}

/** An indented line of a block: a summary key, a histogram bar or a distribution quantile, by its section. */
function readBlockLine(file: string, block: Block, line: string, lineNo: number): void {
  if (block.section === 'summary') {
    const key = KEY.exec(line);
    if (key) {
      block.keys.set(key[1]!, {
        value: key[2]!,
        line: lineNo,
        column: line.indexOf(key[2]!, key[1]!.length + 2) + 1,
      });
    }
    // Other indented summary lines (future keys) are left alone.
    return;
  }
  if (block.section === 'histogram') {
    const m = HISTOGRAM_LINE.exec(line);
    if (!m) {
      throw new InputError(`expected a histogram line "<value> ms [<count>] |…", found "${line.trim().slice(0, 40)}"`, {
        file,
        line: lineNo,
        column: line.length - line.trimStart().length + 1,
      });
    }
    block.histogram.push({ valueUs: msToUs(m[1]!), count: Number(m[2]), line: lineNo });
    return;
  }
  const m = DISTRIBUTION_LINE.exec(line);
  if (!m) {
    throw new InputError(
      `expected a distribution line "<q>% in under <value> ms", found "${line.trim().slice(0, 40)}"`,
      {
        file,
        line: lineNo,
        column: line.length - line.trimStart().length + 1,
      },
    );
  }
  block.quantiles.set(Number(m[1]), { valueUs: msToUs(m[2]!), line: lineNo });
}

function requireKey(
  file: string,
  b: Block,
  key: string,
  alias?: string,
): { value: string; line: number; column: number } {
  const found = b.keys.get(key) ?? (alias ? b.keys.get(alias) : undefined);
  if (!found) {
    throw new InputError(`the ${describe(b)} ends without a "${key}:" line (truncated output?)`, {
      file,
      line: b.lastLine,
    });
  }
  return found;
}

function describe(b: Block): string {
  return b.kind === 'global' ? 'Global Summary block' : `block of group "${b.name}"`;
}

/** Checks that a block is complete: the summary lines through `Average:` and the 7 quantiles. */
function finish(file: string, b: Block): void {
  for (const key of ['API', 'Received', '95% in under', 'Fastest', 'Slowest', 'Average']) requireKey(file, b, key);
  requireKey(file, b, 'Throughput', 'Signal/Second');
  if (b.histogramLine === undefined && b.distributionLine === undefined) return;
  if (b.histogramLine !== undefined && b.histogram.length === 0) {
    throw new InputError('the latency histogram has no lines (truncated output?)', { file, line: b.histogramLine });
  }
  if (b.distributionLine === undefined) {
    throw new InputError(`the ${describe(b)} ends before "Latency distribution:" (truncated output?)`, {
      file,
      line: b.lastLine,
    });
  }
  for (const q of QUANTILES) {
    if (!b.quantiles.has(q)) {
      throw new InputError(`the latency distribution has no ${q}% line (truncated output?)`, {
        file,
        line: b.lastLine,
      });
    }
  }
}

function msValue(file: string, entry: { value: string; line: number; column: number }, key: string): number {
  const m = MS.exec(entry.value.trim());
  if (!m) {
    throw new InputError(`expected "${key}: <value> ms" with a number like 0.225, found "${entry.value}"`, {
      file,
      line: entry.line,
      column: entry.column,
    });
  }
  return msToUs(m[1]!);
}

function leadingCount(
  file: string,
  entry: { value: string; line: number; column: number },
  key: string,
  unit: RegExp,
): number {
  const m = /^(\d+)\s+(.*)$/.exec(entry.value.trim());
  if (!m || !unit.test(m[2]!)) {
    throw new InputError(`expected "${key}: <whole number> …", found "${entry.value}"`, {
      file,
      line: entry.line,
      column: entry.column,
    });
  }
  return Number(m[1]);
}

function keyOf(m: Measurement): string {
  return `${m.experiment}\u0000${m.parameter.label}\u0000${m.metric.name}`;
}

/**
 * The total signals of a run (its Global Summary's): it tells one configuration from another, so
 * every parameter carries it, and the same configuration gets the same key in a file of its own
 * and in a file of several runs.
 */
function runSignals(file: string, blocks: readonly Block[], run: number): number | undefined {
  const global = blocks.find((b) => b.kind === 'global' && b.run === run);
  const entry = global?.keys.get('Total signals');
  return entry ? leadingCount(file, entry, 'Total signals', /^signals$/) : undefined;
}

function toMeasurements(file: string, b: Block, totalSignals: number | undefined): Measurement[] {
  const api = b.keys.get('API')!.value;
  const received = leadingCount(file, b.keys.get('Received')!, 'Received', /^(signal )?updates$/);
  const throughputEntry = b.keys.get('Throughput') ?? b.keys.get('Signal/Second')!;
  const throughput = leadingCount(
    file,
    throughputEntry,
    b.keys.has('Throughput') ? 'Throughput' : 'Signal/Second',
    /^signal\/(second|s)$/,
  );
  const statistics: Partial<Record<StatisticName, number>> = {
    samples: received,
    min: msValue(file, b.keys.get('Fastest')!, 'Fastest'),
    max: msValue(file, b.keys.get('Slowest')!, 'Slowest'),
    mean: msValue(file, b.keys.get('Average')!, 'Average'),
    p95: msValue(file, b.keys.get('95% in under')!, '95% in under'),
  };
  for (const [q, entry] of b.quantiles) {
    const name = QUANTILE_STATISTIC[q];
    if (name) statistics[name] = entry.valueUs;
  }
  const settings: Record<string, string | number> = { api };
  let label = api;
  const signals = b.keys.get('Total signals');
  if (signals) settings.signals = leadingCount(file, signals, 'Total signals', /^signals$/);
  if (b.kind === 'group') {
    settings.cycleTimeMs = b.cycleTimeMs!;
    label += `, cycle ${b.cycleTimeMs} ms`;
    const sent = b.keys.get('Sent');
    const perIteration = sent ? /\* (\d+) signals/.exec(sent.value) : null;
    if (perIteration) settings.signals = Number(perIteration[1]);
  }
  if (totalSignals !== undefined) {
    // The run's configuration: a group's own signals count is in its settings.
    label += b.kind === 'global' ? `, ${totalSignals} signals` : `, ${totalSignals} signals in all`;
    if (b.kind === 'group') settings.totalSignals = totalSignals;
  }
  const parameter: Parameter = { label, settings };
  return [
    { experiment: b.name, parameter, metric: LATENCY, statistics, place: { file, line: b.line } },
    {
      experiment: b.name,
      parameter,
      metric: THROUGHPUT,
      statistics: { value: throughput },
      place: { file, line: throughputEntry.line },
    },
  ];
}
