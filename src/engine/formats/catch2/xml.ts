/**
 * Catch2 XML reporter output with benchmarks (`-r xml`; root `<Catch>` in v2, `<Catch2TestRun>`
 * in v3): per benchmark
 *
 *     <BenchmarkResults name="publish 64 bytes" samples="20" resamples="100000" iterations="2640" …>
 *       <mean value="29.2794" lowerBound="24.8887" upperBound="37.4298" ci="0.95"/>
 *       <standardDeviation value="13.2012" lowerBound="7.78112" upperBound="21.822" ci="0.95"/>
 *
 * in nanoseconds, inside its `<TestCase>` and `<Section>`s. As for the console output: the
 * experiment is the test case (with its sections, joined by ` / `), the parameter the benchmark's
 * name, `time` (µs) has the `mean`, `stdev` and `samples`. Only the tags perfgate needs are read,
 * by a linear scan; the rest of the document (assertions, expressions) is skipped.
 *
 * A benchmark Catch2 could not measure holds `<failed message="…"/>` instead of its statistics
 * (v2.13 writes it with no `samples` when the estimate already failed: "could not measure
 * benchmark, maybe it was optimized away"): it is a skipped benchmark with that message.
 */
import { InputError } from '../../errors.js';
import { isResolutionFloor, requirePossibleValue } from '../../model/validity.js';
import { parseNumber } from '../../numeric/parseNumber.js';
import type { Measurement, SkippedBenchmark } from '../../model/measurement.js';
import type { FormatAdapter } from '../adapter.js';
import { catch2FloorNotes, catch2Measurement, catch2Skipped, experimentOfScopes } from './common.js';

const ROOT = /<(Catch|Catch2TestRun)\s+name="/;
/** A start or end tag; `[^<>]*` keeps the scan linear on unclosed tags. */
const TAG = /<(\/?)(TestCase|Section|BenchmarkResults|mean|standardDeviation|failed)\b([^<>]*)>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const catch2XmlAdapter: FormatAdapter = {
  id: 'catch2-xml',
  title: 'Catch2 XML reporter output with benchmarks',

  recognises(head: string): boolean {
    return ROOT.test(head) && head.includes('<BenchmarkResults ');
  },

  parse({ file, text }) {
    const state: ScanState = { file, measurements: [], skipped: [], scopes: [], benchmark: undefined };
    let line = 1;
    let counted = 0;
    const lineAt = (index: number) => {
      for (let k = text.indexOf('\n', counted); k !== -1 && k < index; k = text.indexOf('\n', k + 1)) line++;
      counted = Math.max(counted, index);
      return line;
    };
    TAG.lastIndex = 0;
    for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
      const [, closing, tag, body] = m as unknown as [string, string, string, string];
      const bodyAt = m.index + 1 + closing.length + tag.length;
      // The place of a character of the tag's body, for an error (its column is found only then).
      const placeInBody = (offset: number) => {
        const index = bodyAt + offset;
        return { file, line: lineAt(index), column: index - text.lastIndexOf('\n', index - 1) };
      };
      readTag(state, closing !== '', tag, body, { file, line: lineAt(m.index) }, placeInBody);
    }
    const { benchmark, measurements, skipped } = state;
    if (benchmark)
      throw new InputError(
        `benchmark "${benchmark.name}" is not closed (</BenchmarkResults> missing: the output was cut short?)`,
        { file, line: benchmark.line },
      );
    if (measurements.length === 0 && skipped.length === 0)
      throw new InputError('no <BenchmarkResults> in this Catch2 XML output', { file, line: 1 });
    return {
      format: 'catch2-xml',
      file,
      measurements,
      notes: catch2FloorNotes(measurements),
      ...(skipped.length > 0 ? { skipped } : {}),
    };
  },
};

interface OpenBenchmark {
  name: string;
  /** Absent when Catch2 failed before its estimate; then a `<failed>` must follow. */
  samples?: number;
  line: number;
  mean?: number;
  stdev?: number;
  /** The message of its `<failed>`: Catch2 could not measure it. */
  failed?: string;
}

/** Where the scan is: the measurements so far, the open test case and sections, the open benchmark. */
interface ScanState {
  file: string;
  measurements: Measurement[];
  skipped: SkippedBenchmark[];
  /** Test case and section names, innermost last. */
  scopes: string[];
  benchmark: OpenBenchmark | undefined;
}

/** One start or end tag of the scan: a scope opens or closes, a benchmark opens or closes, or a statistic of it. */
function readTag(
  state: ScanState,
  closing: boolean,
  tag: string,
  body: string,
  place: { file: string; line: number },
  placeInBody: (offset: number) => { file: string; line: number; column: number },
): void {
  const selfClosing = body.endsWith('/');
  const { values: attributes, offsets } = closing ? { values: {}, offsets: {} } : attributesOf(body);
  const required = (name: string) => {
    const value = (attributes as Record<string, string>)[name];
    if (value === undefined) throw new InputError(`<${tag}> has no ${name}="…"`, place);
    return value;
  };
  // Decimal only, as Catch2 writes them: Number() would read "0x10" as 16, "0b1" as 1.
  const number = (name: string) => {
    const text = required(name);
    const value = parseNumber(text, 'precise');
    if (value === undefined || !Number.isFinite(value))
      throw new InputError(
        `expected a decimal number in <${tag} ${name}="…">, found "${text.slice(0, 40)}"`,
        placeInBody((offsets as Record<string, number>)[name]!),
      );
    return value;
  };
  const { benchmark } = state;
  if (tag === 'TestCase' || tag === 'Section') {
    if (closing) state.scopes.pop();
    else if (!selfClosing) state.scopes.push(required('name'));
  } else if (tag === 'BenchmarkResults') {
    if (!closing) {
      if (benchmark)
        throw new InputError(
          `<BenchmarkResults> inside the one of "${benchmark.name}" (line ${benchmark.line})`,
          place,
        );
      state.benchmark = {
        name: required('name'),
        ...(attributes.samples !== undefined ? { samples: number('samples') } : {}),
        line: place.line,
      };
    } else {
      if (!benchmark) throw new InputError('</BenchmarkResults> with no <BenchmarkResults> before it', place);
      if (benchmark.failed !== undefined)
        state.skipped.push(
          catch2Skipped(state.file, experimentOfScopes(state.scopes), benchmark.name, benchmark.failed, benchmark.line),
        );
      else state.measurements.push(closedBenchmark(state, benchmark, place));
      state.benchmark = undefined;
    }
  } else if (tag === 'failed') {
    if (benchmark && !closing) benchmark.failed = required('message');
  } else if (benchmark && !closing) {
    // <mean> and <standardDeviation> of the open benchmark, in ns
    const statistic = tag === 'mean' ? 'mean' : 'stdev';
    const value = number('value');
    // A mean of 0 is Catch2's resolution floor (catch2Measurement marks it); any other impossible value is an error.
    if (!(statistic === 'mean' && isResolutionFloor(value)))
      requirePossibleValue(
        { dimension: 'time', statistic },
        value,
        `the <${tag}> of benchmark "${benchmark.name}"`,
        place,
        'ns',
      );
    benchmark[statistic] = value;
  }
}

/** The measurement of a benchmark at its end tag, which must have had a `<mean>`; ns → µs. */
function closedBenchmark(
  state: ScanState,
  benchmark: OpenBenchmark,
  place: { file: string; line: number },
): Measurement {
  if (benchmark.samples === undefined)
    throw new InputError(`<BenchmarkResults> of "${benchmark.name}" has no samples="…" and no <failed message="…"/>`, {
      file: state.file,
      line: benchmark.line,
    });
  if (benchmark.mean === undefined)
    throw new InputError(`benchmark "${benchmark.name}" has no <mean value="…"/>`, place);
  const statistics = {
    mean: benchmark.mean / 1000,
    ...(benchmark.stdev !== undefined ? { stdev: benchmark.stdev / 1000 } : {}),
    samples: benchmark.samples,
  };
  return catch2Measurement(state.file, experimentOfScopes(state.scopes), benchmark.name, statistics, benchmark.line);
}

function attributesOf(body: string): { values: Record<string, string>; offsets: Record<string, number> } {
  // Split at the quotes rather than match name="value" with a regex: a long run of name
  // characters would make a regex restart at every one of them (quadratic work).
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  // Where each value starts in the body, for the column of an error.
  const offsets: Record<string, number> = Object.create(null) as Record<string, number>;
  const parts = body.split('"');
  let at = 0;
  for (let k = 1; k + 1 < parts.length; k += 2) {
    at += parts[k - 1]!.length + 1;
    const before = parts[k - 1]!.trimEnd();
    const start = at;
    at += parts[k]!.length + 1;
    if (!before.endsWith('=')) continue;
    const head = before.slice(0, -1).trimEnd();
    const name = head.slice(
      Math.max(head.lastIndexOf(' '), head.lastIndexOf('\t'), head.lastIndexOf('\n'), head.lastIndexOf('\r')) + 1,
    );
    if (name !== '') {
      values[name] = parts[k]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => ENTITIES[entity]!);
      offsets[name] = start;
    }
  }
  return { values, offsets };
}
