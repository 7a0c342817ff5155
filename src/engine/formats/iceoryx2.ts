/**
 * iceoryx2 `benchmark-*` stdout (spec §1.5): one `println!` per service variant, e.g.
 * `iceoryx2::service::ipc::Service ::: Iterations: 100000, Time: 0.0188 s, Latency: 94 ns, Sample Size: 8192`.
 * Latency is the mean one-way latency in whole ns (total / (2 · iterations)); it is stored in µs.
 */
import { InputError, UsageError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import type { Measurement, Metric, Parameter, ResultSet } from '../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from './adapter.js';
import { ANSI_ESCAPE } from './shared.js';

/**
 * The whole line. `Time: {} s` since v0.5 (v0.3 printed no ` s`); `Sample Size` since v0.4
 * (publish-subscribe only); `MaxEventId` is the event benchmark; `[REQUESTS]` / `[RESPONSE_STREAM]`
 * the request-response one.
 */
const LINE =
  /^(?:\[(REQUESTS|RESPONSE_STREAM)\] )?(.+?) ::: (?:MaxEventId: (\d+), )?Iterations: (\d+), Time: (\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?: s)?, Latency: (\d+) ns(?:, Sample Size: (\d+))?$/;
/** Anything with the ` ::: ` separator and one of the fields is meant to be a benchmark line. */
const LOOKS_LIKE = /^(?:\[[A-Z_]+\] )?\S.* ::: (?:MaxEventId|Iterations): /;
const USAGE_HINT = "Please use either '--bench-all' or select a specific benchmark.";
/** Service types (`core::any::type_name`) shortened to the variant: `ipc`, `local_threadsafe`, … */
const SERVICE = /^iceoryx2::service::(\w+)::Service$/;

const LATENCY: Metric = {
  name: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'ns',
  direction: 'lower-is-better',
};

function clean(line: string): string {
  return line.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
}

/** The first column where `line` stops matching the benchmark line's fixed parts (1-based). */
function firstBadColumn(line: string): number {
  const sep = line.indexOf(' ::: ');
  let pos = sep + 5;
  const steps = [
    /MaxEventId: \d+, /y,
    /Iterations: \d+, /y,
    /Time: \d+(?:\.\d+)?(?:e[-+]?\d+)?(?: s)?, /y,
    /Latency: \d+ ns/y,
    /, Sample Size: \d+/y,
  ];
  for (const [index, step] of steps.entries()) {
    step.lastIndex = pos;
    if (step.test(line)) pos = step.lastIndex;
    else if (index !== 0 && index !== 4) return pos + 1; // MaxEventId and Sample Size are optional
  }
  return pos + 1;
}

export const iceoryx2Adapter: FormatAdapter = {
  id: 'iceoryx2',
  title: 'iceoryx2 benchmark output',

  recognises(head: string): boolean {
    for (const raw of stripBom(head).split('\n')) {
      const line = clean(raw);
      if (LINE.test(line)) return true;
      if (line.startsWith(USAGE_HINT)) return true;
    }
    return false;
  },

  parse(input: AdapterInput, options: ParseOptions): ResultSet {
    const { file } = input;
    const lines = stripBom(input.text).split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    const measurements: Measurement[] = [];
    const notes: string[] = [];
    if (options.skipSeconds !== undefined && options.skipSeconds !== 0) {
      if (!Number.isInteger(options.skipSeconds) || options.skipSeconds < 0) {
        throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
      }
      notes.push('skip-seconds does not apply to iceoryx2 benchmark output (one line per variant); ignored');
    }
    const seen = new Map<string, number>();
    let usageHint: number | undefined;

    lines.forEach((raw, index) => {
      const lineNumber = index + 1;
      const line = clean(raw);
      if (line.startsWith(USAGE_HINT)) usageHint ??= lineNumber;
      const m = LINE.exec(line);
      if (!m) {
        if (LOOKS_LIKE.test(line)) {
          throw new InputError(
            'expected "<type> ::: [MaxEventId: N, ]Iterations: N, Time: T s, Latency: N ns[, Sample Size: N]"',
            {
              file,
              line: lineNumber,
              column: firstBadColumn(line),
            },
          );
        }
        return; // cargo output, logs: not ours
      }
      const { experiment, parameter, iterations, latencyNs } = variantOfLine(m);
      const key = `${experiment}\u0000${parameter.label}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        throw new InputError(`${experiment} (${parameter.label}) appears twice (first on line ${earlier})`, {
          file,
          line: lineNumber,
        });
      }
      seen.set(key, lineNumber);
      measurements.push({
        experiment,
        parameter,
        metric: LATENCY,
        // ns → µs; `samples` is the number of round trips the mean is taken over.
        statistics: { mean: Number(latencyNs) / 1000, samples: Number(iterations) },
        place: { file, line: lineNumber },
      });
    });

    if (measurements.length === 0) {
      if (usageHint !== undefined) {
        throw new InputError(
          'the benchmark ran nothing: it printed its usage hint; pass --bench-all (or --bench-ipc / --bench-local)',
          {
            file,
            line: usageHint,
          },
        );
      }
      throw new InputError('no iceoryx2 benchmark lines ("… ::: Iterations: …, Latency: … ns") in the file', {
        file,
        line: 1,
      });
    }
    notes.push('iceoryx2 prints the mean one-way latency (total / (2 · iterations)) in whole ns');
    return { format: 'iceoryx2', file, measurements, notes };
  },
};

/**
 * The experiment (benchmark and variant) and parameter of a result line; which benchmark printed
 * it follows from its fields (spec §1.5).
 */
function variantOfLine(m: RegExpExecArray): {
  experiment: string;
  parameter: Parameter;
  iterations: string | undefined;
  latencyNs: string | undefined;
} {
  const [stream, typeName, maxEventId, iterations, latencyNs, sampleSize] = [m[1], m[2]!, m[3], m[4], m[6], m[7]];
  const service = SERVICE.exec(typeName);
  const variant = service ? service[1]! : typeName;
  let benchmark: string;
  if (stream !== undefined)
    benchmark = stream === 'REQUESTS' ? 'request-response requests' : 'request-response response-stream';
  else if (maxEventId !== undefined) benchmark = 'event';
  else if (sampleSize !== undefined || service) benchmark = 'publish-subscribe';
  else benchmark = 'queue';
  const experiment = `${benchmark} ${variant}`;

  const parameter: Parameter = { label: 'default', settings: { iterations: Number(iterations) } };
  if (sampleSize !== undefined) {
    parameter.label = sampleSize;
    parameter.payloadBytes = Number(sampleSize);
  } else if (maxEventId !== undefined) {
    parameter.label = `max event id ${maxEventId}`;
    parameter.settings!.maxEventId = Number(maxEventId);
  }
  return { experiment, parameter, iterations, latencyNs };
}
