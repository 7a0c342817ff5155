/**
 * iceoryx `iceperf-bench-leader` (and v1.0's `iceperf-laurel`) stdout: one markdown table of mean
 * one-way latency per payload size for each technology (spec §1). Three table generations exist:
 *
 * - v1.0 … v2.90: `| Payload Size [kB] | Average Latency [µs] |`, integer KiB per row;
 * - unreleased master 2023: `| Payload Size      | Average Latency [µs] |`, integer bytes per row;
 * - v2.95+: `| Payload Size | Average Latency [µs] |`, rows `|      16 [B]  |  0.72 |`.
 *
 * Values are printed with `setprecision(2)` without `fixed` (`%.2g`: `0.72`, `1`, `1.6e+02`).
 */
import { InputError, UsageError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import type { Measurement, Metric, ResultSet } from '../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from './adapter.js';
import { ANSI_ESCAPE } from './shared.js';

/** Exact technology banners of `IcePerfLeader::run()` (the follower prints the same). */
const TECHNOLOGY = /^\*{6}\s*(MESSAGE QUEUE|UNIX DOMAIN SOCKET|ICEORYX|ICEORYX C API|ICEORYX WAITSET)\s*\*{8}$/;
const RESULT_BANNER = /^#### Measurement Result ####$/;
const ROUND_TRIPS = /^(\d+) round trips for each payload\.$/;
/** Group 1 is `kB` for the old generation; µ as U+00B5 (what iceoryx prints), U+03BC or `u`. */
const TABLE_HEADER = /^\|\s*Payload Size(?:\s*\[(kB)\])?\s*\|\s*Average Latency \[(?:\u00b5|\u03bc|u)s\]\s*\|$/;
const SEPARATOR = /^\|-+:?\|-+:?\|$/;
const ROW = /^\|\s*(\d+)(?: \[([A-Za-z]+)\])?\s*\|\s*(\S+)\s*\|$/;
/** `%.2g` output: `0.72`, `1`, `1.6e+02`; nothing else is a latency. */
const NUMBER = /^\d+(?:\.\d*)?(?:e[-+]\d+)?$/;
/** `humanReadableMemorySize` divides by 1024: kB is KiB, MB is MiB. */
const SIZE_FACTOR: Record<string, number> = { B: 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

const LATENCY: Metric = {
  name: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'µs',
  direction: 'lower-is-better',
};

interface Line {
  text: string;
  /** 1-based. */
  number: number;
}

/** Lines without BOM, CR, ANSI colours (iceoryx's log lines) or trailing blanks; indentation is
 * dropped too so that output pasted into a markdown code block still reads. */
function cleanLines(text: string): Line[] {
  const raw = stripBom(text).split('\n');
  // A final newline does not start another (empty) line.
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((t, i) => ({ text: t.replace(ANSI_ESCAPE, '').trim(), number: i + 1 }));
}

/** 1-based column of `needle` in the raw line; `last` for the latency, the row's last cell. */
function columnOf(raw: string, needle: string, last = false): number | undefined {
  const index = last ? raw.lastIndexOf(needle) : raw.indexOf(needle);
  return index >= 0 ? index + 1 : undefined;
}

export const iceperfAdapter: FormatAdapter = {
  id: 'iceperf',
  title: 'iceoryx iceperf leader output',

  recognises(head: string): boolean {
    // Only unindented lines: a README quoting the output in a code block is not a result file.
    let technology = false;
    let table = false;
    for (const rawLine of stripBom(head).split('\n')) {
      const line = rawLine.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
      if (TECHNOLOGY.test(line)) technology = true;
      else if (RESULT_BANNER.test(line) || TABLE_HEADER.test(line)) table = true;
      if (technology && table) return true;
    }
    // A technology banner alone (follower output, or a run cut short) is iceperf too, so that the
    // user hears why there is nothing to read instead of "unknown format".
    return technology;
  },

  companion(head: string): string | undefined {
    for (const rawLine of stripBom(head).split('\n')) {
      const line = rawLine.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
      if (RESULT_BANNER.test(line) || TABLE_HEADER.test(line)) return undefined;
    }
    return 'iceperf follower output (no result table)';
  },

  parse(input: AdapterInput, options: ParseOptions): ResultSet {
    const { file } = input;
    const lines = cleanLines(input.text);
    const measurements: Measurement[] = [];
    const notes: string[] = [];
    if (options.skipSeconds !== undefined && options.skipSeconds !== 0) {
      if (!Number.isInteger(options.skipSeconds) || options.skipSeconds < 0) {
        throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
      }
      notes.push('skip-seconds does not apply to iceperf output (it has no per-second lines); ignored');
    }

    const { withoutTable, follower } = readTables(file, lines, input.text, measurements, notes);
    if (measurements.length === 0) throw noResults(file, lines, follower);
    if (withoutTable.length > 0) {
      notes.push(`no result table for ${withoutTable.join(', ')} (follower output, or the run stopped early); skipped`);
    }
    notes.push(
      'iceperf prints the mean one-way latency (round trip / 2) with two significant digits: differences under ~10 % are not measurable',
    );
    return { format: 'iceperf', file, measurements, notes };
  },
};

/**
 * Reads every technology's result table into `measurements`; says which technologies had none and
 * whether the output is a follower's.
 */
function readTables(
  file: string,
  lines: readonly Line[],
  text: string,
  measurements: Measurement[],
  notes: string[],
): { withoutTable: string[]; follower: boolean } {
  const rawLines = stripBom(text).split('\n');
  let technology: { name: string; line: number } | undefined;
  let roundTrips: number | undefined;
  /** Technology → line of its table, to refuse one technology measured twice in one file. */
  const tables = new Map<string, number>();
  const withoutTable: string[] = [];
  let technologyHasTable = false;
  let follower = false;

  const closeTechnology = () => {
    if (technology && !technologyHasTable) withoutTable.push(technology.name);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tech = TECHNOLOGY.exec(line.text);
    if (tech) {
      closeTechnology();
      technology = { name: tech[1]!, line: line.number };
      technologyHasTable = false;
      roundTrips = undefined;
      continue;
    }
    if (line.text === 'Waiting for PerfSettings from leader application!') follower = true;
    const trips = ROUND_TRIPS.exec(line.text);
    if (trips) {
      roundTrips = Number(trips[1]);
      continue;
    }
    if (!line.text.startsWith('| Payload Size') && !line.text.startsWith('|Payload Size')) continue;

    const header = TABLE_HEADER.exec(line.text);
    if (!header) {
      throw new InputError(
        'expected the iceperf table header "| Payload Size | Average Latency [µs] |" (optionally "Payload Size [kB]")',
        { file, line: line.number },
      );
    }
    const experiment = technology?.name ?? 'iceperf';
    if (!technology && !notes.some((n) => n.startsWith('a result table has no technology'))) {
      notes.push(
        'a result table has no technology banner ("******   ICEORYX       ********") before it; its experiment is called "iceperf"',
      );
    }
    const earlier = tables.get(experiment);
    if (earlier !== undefined) {
      throw new InputError(`${experiment} has a second result table (the first is on line ${earlier})`, {
        file,
        line: line.number,
      });
    }
    tables.set(experiment, line.number);
    technologyHasTable = true;
    const table: Table = { file, experiment, oldKiB: header[1] === 'kB', roundTrips, header: line };
    i = readTableRows(table, lines, rawLines, i, measurements);
  }
  closeTechnology();
  return { withoutTable, follower };
}

/** One result table: whose it is and how its rows are read. */
interface Table {
  file: string;
  experiment: string;
  /** The old header's `Payload Size [kB]`: rows are integer KiB. */
  oldKiB: boolean;
  /** The round trips printed before the table: each row's sample count. */
  roundTrips: number | undefined;
  header: Line;
}

/** Reads the separator and rows after the header at `i` into `measurements`; returns the index of the last row. */
function readTableRows(
  table: Table,
  lines: readonly Line[],
  rawLines: readonly string[],
  i: number,
  measurements: Measurement[],
): number {
  const { file, experiment, header: line } = table;
  const separator = lines[i + 1];
  if (!separator || !SEPARATOR.test(separator.text)) {
    throw new InputError('the iceperf table header is not followed by its "|----:|----:|" line (truncated output?)', {
      file,
      line: separator?.number ?? line.number + 1,
    });
  }
  i += 1;
  const seen = new Map<number, number>();
  let rows = 0;
  for (;;) {
    const rowLine = lines[i + 1];
    if (!rowLine) {
      // Real output always ends a table with a blank line and "Finished!".
      if (rows === 0)
        throw new InputError(`the ${experiment} table has a header but no rows`, { file, line: line.number + 2 });
      throw new InputError(
        `the ${experiment} table ends with the file, without the blank line and "Finished!" after it (truncated output?)`,
        {
          file,
          line: lines[i]!.number + 1,
        },
      );
    }
    if (!rowLine.text.startsWith('|')) break;
    i += 1;
    const raw = rawLines[rowLine.number - 1] ?? '';
    const { bytes, latency } = readRow(file, rowLine, raw, table.oldKiB);
    const previous = seen.get(bytes);
    if (previous !== undefined) {
      throw new InputError(`payload ${bytes} B appears twice in the ${experiment} table (first on line ${previous})`, {
        file,
        line: rowLine.number,
      });
    }
    seen.set(bytes, rowLine.number);
    rows += 1;
    const statistics: Measurement['statistics'] = { mean: latency };
    if (table.roundTrips !== undefined) statistics.samples = table.roundTrips;
    measurements.push({
      experiment,
      parameter: { label: String(bytes), payloadBytes: bytes },
      metric: LATENCY,
      statistics,
      place: { file, line: rowLine.number },
    });
  }
  if (rows === 0)
    throw new InputError(`the ${experiment} table has a header but no rows`, { file, line: line.number + 2 });
  return i;
}

/**
 * A table row's payload in bytes (its own unit, or the header's kB: 1024 bytes) and its latency
 * in µs, each checked where the row gives it.
 */
function readRow(file: string, rowLine: Line, raw: string, oldKiB: boolean): { bytes: number; latency: number } {
  const row = ROW.exec(rowLine.text);
  if (!row) {
    throw new InputError('expected a table row "| <payload> | <latency> |"', { file, line: rowLine.number });
  }
  const [, sizeText, unitText, valueText] = row as unknown as [string, string, string | undefined, string];
  let bytes: number;
  if (unitText !== undefined) {
    const factor = SIZE_FACTOR[unitText];
    if (oldKiB || factor === undefined) {
      throw new InputError(
        oldKiB
          ? `the header says the payload is in kB, but the row gives a unit "[${unitText}]"`
          : `unknown payload unit "[${unitText}]"`,
        {
          file,
          line: rowLine.number,
          column: columnOf(raw, `[${unitText}]`),
        },
      );
    }
    bytes = Number(sizeText) * factor;
  } else {
    bytes = Number(sizeText) * (oldKiB ? 1024 : 1);
  }
  if (!NUMBER.test(valueText)) {
    throw new InputError(`expected a latency in µs (like 0.72 or 1.6e+02), found "${valueText.slice(0, 40)}"`, {
      file,
      line: rowLine.number,
      column: columnOf(raw, valueText, true),
    });
  }
  return { bytes, latency: Number(valueText) };
}

/** Why a file has no result table: a follower's output, or a leader's run that stopped early. */
function noResults(file: string, lines: readonly Line[], follower: boolean): InputError {
  const last = lines.length > 0 ? lines[lines.length - 1]!.number : 1;
  if (follower) {
    return new InputError(
      "this is iceperf follower output, which has no results; give the leader's output (iceperf-bench-leader)",
      {
        file,
        line: last,
      },
    );
  }
  return new InputError(
    'iceperf output without a "#### Measurement Result ####" table (the run stopped before its results?)',
    {
      file,
      line: last,
    },
  );
}
