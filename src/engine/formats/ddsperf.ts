/**
 * Cyclone DDS `ddsperf` stdout (spec §6.3): every line starts with `[pid] seconds `; once a second
 * it prints, per peer and payload size,
 *
 * - ping:    `[pid] t  <host:pid> size S mean Xus min Xus 50% Xus 90% Xus 99% Xus max Xus cnt N`
 *            (round trip / 2), and with `sublat` after the prefix the one-way latency seen by `sub`;
 * - sub:     `[pid] t  size S total N lost N delta N lost N rate X kS/s Y Mb/s (X kS/s Y Mb/s)`
 *            (the parenthesised 10-s average appeared in 0.7.0);
 *
 * plus resource, network and publisher-histogram lines that are not measurements and are skipped.
 * The per-second lines of one payload size are combined into one measurement per metric.
 */
import { InputError, UsageError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import { median } from '../stats/median.js';
import type { Measurement, Metric, ResultSet, StatisticName } from '../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from './adapter.js';
import { ANSI_ESCAPE } from './shared.js';
import { Cursor, readLatency, readSub, type LatencySecond, type SubSecond } from './ddsperfLines.js';

const PREFIX = /^\[(\d+)\] (\d+\.\d+) +/;
const PARTICIPANT = /^\[\d+\] participant \S+: (?:new(?: \(self\))?|gone)$/;
/** After the prefix: a latency line (optionally ` sublat`) or a subscriber line. */
const LATENCY_START = /^(?:(sublat) )?(\S+) size\b/;
const SUB_START = /^size\b/;

const LATENCY: Metric = {
  name: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'us',
  direction: 'lower-is-better',
};
const THROUGHPUT: Metric = {
  name: 'throughput',
  dimension: 'bitrate',
  unit: 'Mb/s',
  displayUnit: 'Mb/s',
  direction: 'higher-is-better',
};
const RATE: Metric = {
  name: 'message rate',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'kS/s',
  direction: 'higher-is-better',
};
const LOST: Metric = {
  name: 'lost samples',
  dimension: 'count',
  unit: '',
  displayUnit: '',
  direction: 'lower-is-better',
};

type Kind = 'ping' | 'sublat' | 'sub';

interface Series<T> {
  kind: Kind;
  size: number;
  seconds: T[];
}

/**
 * How the per-second latency lines are combined (each line covers one second, reset after it):
 * - `mean`: the mean over all round trips, i.e. the per-second means weighted by their `cnt`;
 * - `min` / `max`: the smallest min and the largest max;
 * - `median` / `p90` / `p99`: the median of the per-second values — exact percentiles of the whole
 *   run cannot be recovered, and the median of windows is robust against one disturbed second;
 * - `samples`: the summed `cnt`.
 */
function combineLatency(seconds: LatencySecond[]): Partial<Record<StatisticName, number>> {
  const cnt = seconds.reduce((s, x) => s + x.cnt, 0);
  const weighted = seconds.reduce((s, x) => s + x.mean * x.cnt, 0);
  return {
    mean: cnt > 0 ? weighted / cnt : median(seconds.map((x) => x.mean)),
    min: Math.min(...seconds.map((x) => x.min)),
    median: median(seconds.map((x) => x.p50)),
    p90: median(seconds.map((x) => x.p90)),
    p99: median(seconds.map((x) => x.p99)),
    max: Math.max(...seconds.map((x) => x.max)),
    samples: cnt,
  };
}

/**
 * Subscriber seconds: `median` of the per-second rates (robust to a slow first or last second),
 * `mean`, `min` and `max` of them, and `samples` = samples received in those seconds.
 */
function combineRate(values: number[], received: number): Partial<Record<StatisticName, number>> {
  return {
    median: median(values),
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    samples: received,
  };
}

export const ddsperfAdapter: FormatAdapter = {
  id: 'ddsperf',
  title: 'Cyclone DDS ddsperf output',

  recognises(head: string): boolean {
    // `[pid] participant host:pid: new` is printed at discovery by every ddsperf mode; a
    // measurement line is enough too (output with the discovery lines cut off).
    for (const raw of stripBom(head).split('\n')) {
      const line = raw.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
      if (PARTICIPANT.test(line)) return true;
      const prefix = PREFIX.exec(line);
      if (!prefix) continue;
      const rest = line.slice(prefix[0].length);
      if (/^(?:sublat )?\S+ size \d+ mean -?\d+\.\d+us /.test(rest) || /^size \d+ total \d+ lost \d+ delta /.test(rest))
        return true;
    }
    return false;
  },

  companion(head: string): string | undefined {
    for (const raw of stripBom(head).split('\n')) {
      const line = raw.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
      const prefix = PREFIX.exec(line);
      if (!prefix) continue;
      const rest = line.slice(prefix[0].length);
      if (/^(?:sublat )?\S+ size \d+ mean -?\d+\.\d+us /.test(rest) || /^size \d+ total \d+ lost \d+ delta /.test(rest))
        return undefined;
    }
    return 'ddsperf pong or pub side output (no ping latency or subscriber throughput lines)';
  },

  parse(input: AdapterInput, options: ParseOptions): ResultSet {
    const { file } = input;
    const skip = options.skipSeconds ?? 0;
    if (!Number.isInteger(skip) || skip < 0) {
      throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
    }
    const lines = stripBom(input.text).split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    const read = readSeries(file, lines);
    if (read.latencySeries.size === 0 && read.subSeries.size === 0) {
      if (read.ddsperfLines === 0)
        throw new InputError('no ddsperf lines ("[pid] seconds …") in the file', { file, line: 1 });
      throw new InputError(
        'ddsperf output without ping latency or subscriber throughput lines (is this the pong or pub side? give the ping or sub output)',
        {
          file,
          line: read.lastLine,
        },
      );
    }
    const { latencyGroups, subGroups, dropped } = groupSeries(file, skip, read);
    const measurements = [...latencyMeasurements(file, latencyGroups), ...subMeasurements(file, subGroups)];

    const notes: string[] = [];
    if (skip > 0)
      notes.push(`skipped the first ${skip} per-second line(s) of each series as warm-up (${dropped} line(s) in all)`);
    if (latencyGroups.size > 0) {
      notes.push(
        "latency over the seconds: mean weighted by each second's count, min of the minima, max of the maxima, median/p90/p99 the median of the per-second values",
      );
    }
    if (subGroups.size > 0)
      notes.push(
        'throughput and rate over the seconds: median (and mean, min, max) of the per-second values; the 10-second averages are not used',
      );
    for (const [key, set] of read.peers) {
      if (set.size > 1) notes.push(`${key}: lines from ${set.size} process/peer pairs were combined`);
    }
    return { format: 'ddsperf', file, measurements, notes };
  },
};

interface SeriesRead {
  /** A series is what one process printed for one kind, peer and size: warm-up is per process. */
  latencySeries: Map<string, Series<LatencySecond>>;
  subSeries: Map<string, Series<SubSecond>>;
  ddsperfLines: number;
  /** The last non-empty line, where a missing-measurements error points. */
  lastLine: number;
  /** Per `kind size`: the `pid>peer` pairs that printed it. */
  peers: Map<string, Set<string>>;
}

/** The per-second latency and subscriber lines of the output, by process, kind, peer and size. */
function readSeries(file: string, lines: readonly string[]): SeriesRead {
  const read: SeriesRead = {
    latencySeries: new Map(),
    subSeries: new Map(),
    ddsperfLines: 0,
    lastLine: 1,
    peers: new Map(),
  };
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
    if (line !== '') read.lastLine = lineNumber;
    const prefix = PREFIX.exec(line);
    if (!prefix) {
      if (PARTICIPANT.test(line) || /^\[\d+\] /.test(line)) read.ddsperfLines++;
      return;
    }
    read.ddsperfLines++;
    const pid = prefix[1]!;
    const rest = line.slice(prefix[0].length);
    const lat = LATENCY_START.exec(rest);
    if (lat && !SUB_START.test(rest)) {
      const kind: Kind = lat[1] === 'sublat' ? 'sublat' : 'ping';
      const peer = lat[2]!;
      const c = new Cursor(line, prefix[0].length + lat[0].length, file, lineNumber);
      const size = Number(c.take(/ (\d+)/y, 'a payload size after "size"'));
      const second = readLatency(c, lineNumber);
      const key = `${pid} ${kind} ${peer} ${size}`;
      let series = read.latencySeries.get(key);
      if (!series) read.latencySeries.set(key, (series = { kind, size, seconds: [] }));
      series.seconds.push(second);
      const peerKey = `${kind} ${size}`;
      if (!read.peers.has(peerKey)) read.peers.set(peerKey, new Set());
      read.peers.get(peerKey)!.add(`${pid}>${peer}`);
      return;
    }
    if (SUB_START.test(rest)) {
      const c = new Cursor(line, prefix[0].length + 4, file, lineNumber);
      const size = Number(c.take(/ (\d+)/y, 'a payload size after "size"'));
      const second = readSub(c, lineNumber);
      const key = `${pid} ${size}`;
      let series = read.subSeries.get(key);
      if (!series) read.subSeries.set(key, (series = { kind: 'sub', size, seconds: [] }));
      series.seconds.push(second);
    }
    // Resource, network, `discarded …` and publisher histogram lines: not measurements.
  });
  return read;
}

/** The seconds after warm-up, with several processes or peers of one kind and size as one group. */
function groupSeries(file: string, skip: number, read: SeriesRead) {
  let dropped = 0;
  const keep = <T extends { line: number }>(series: Series<T>): T[] => {
    if (series.seconds.length <= skip) {
      throw new InputError(
        `skip-seconds ${skip} drops all ${series.seconds.length} per-second ${series.kind} lines of size ${series.size}`,
        {
          file,
          line: series.seconds[0]!.line,
        },
      );
    }
    dropped += skip;
    return series.seconds.slice(skip);
  };
  const latencyGroups = new Map<string, Series<LatencySecond>>();
  for (const series of read.latencySeries.values()) {
    const key = `${series.kind} ${series.size}`;
    let group = latencyGroups.get(key);
    if (!group) latencyGroups.set(key, (group = { kind: series.kind, size: series.size, seconds: [] }));
    group.seconds.push(...keep(series));
  }
  const subGroups = new Map<number, SubSecond[]>();
  for (const series of read.subSeries.values()) {
    const group = subGroups.get(series.size) ?? [];
    group.push(...keep(series));
    subGroups.set(series.size, group);
  }
  return { latencyGroups, subGroups, dropped };
}

const parameterOfSize = (size: number) => ({ label: String(size), payloadBytes: size });
const firstLine = (seconds: { line: number }[]) => Math.min(...seconds.map((s) => s.line));

function latencyMeasurements(file: string, groups: Map<string, Series<LatencySecond>>): Measurement[] {
  return [...groups.values()].map((group) => ({
    // `ping` latency is round trip / 2; `sublat` is the one-way latency the subscriber saw.
    experiment: group.kind === 'ping' ? 'ping' : 'sub',
    parameter: parameterOfSize(group.size),
    metric: LATENCY,
    statistics: combineLatency(group.seconds),
    place: { file, line: firstLine(group.seconds) },
  }));
}

/** Throughput, message rate and lost samples per payload size. */
function subMeasurements(file: string, groups: Map<number, SubSecond[]>): Measurement[] {
  return [...groups].flatMap(([size, seconds]) => {
    const place = { file, line: firstLine(seconds) };
    const received = seconds.reduce((s, x) => s + x.delta, 0);
    const parameter = (): Measurement['parameter'] => parameterOfSize(size);
    return [
      {
        experiment: 'sub',
        parameter: parameter(),
        metric: THROUGHPUT,
        statistics: combineRate(
          seconds.map((s) => s.mbps),
          received,
        ),
        place,
      },
      {
        experiment: 'sub',
        parameter: parameter(),
        metric: RATE,
        statistics: combineRate(
          seconds.map((s) => s.kSps * 1000),
          received,
        ),
        place,
      },
      {
        experiment: 'sub',
        parameter: parameter(),
        metric: LOST,
        statistics: { value: seconds.reduce((s, x) => s + x.lost, 0) },
        place,
      },
    ];
  });
}
