/**
 * One interface for every result format. An adapter recognises its files by content and turns
 * them into the common model; nothing outside the adapter knows a tool's quirks.
 */
import type { ResultSet } from '../model/measurement.js';
import type { FloatParse } from '../numeric/parseNumber.js';

export interface AdapterInput {
  /** The path as the user gave it; used in error places and notes. */
  file: string;
  /** The whole file as text (UTF-8, BOM kept: adapters strip it). */
  text: string;
  /** The text of each file the adapter's `siblings` names that exists in the file's folder. */
  siblings?: Record<string, string>;
}

export interface ParseOptions {
  /** How decimal numbers are read where a format follows pandas (Fast-DDS CSVs); default precise. */
  floatParse?: FloatParse;
  /** Drop the first N seconds of per-second outputs (ddsperf, databroker-perf) as warm-up. */
  skipSeconds?: number;
  /** Column mapping for the generic CSV adapter. */
  mapping?: GenericCsvMapping;
  /**
   * The most measurements a file may hold. Readers whose model grows with the file (one measurement
   * per CSV row) stop at the first one over it, so a file over the limit never has its model built whole.
   */
  maxMeasurements?: number;
  /** The most experiments a file may hold, checked as `maxMeasurements` is by the readers that stream. */
  maxExperiments?: number;
}

/** How a generic CSV's columns map to the model (see the generic CSV adapter). */
export interface GenericCsvMapping {
  experiment?: string;
  parameter?: string;
  /** Column → metric declaration. */
  metrics: {
    column: string;
    metric?: string;
    statistic?: string;
    unit?: string;
    direction?: 'lower-is-better' | 'higher-is-better';
  }[];
}

/** A reader fed a file's bytes in the order they are read; lines may be split across chunks. */
export interface StreamingReader {
  push(chunk: Uint8Array): void;
  /** Ends the file: its results, or an InputError for what the file lacks. */
  finish(): ResultSet;
}

/**
 * The file-name rule of a tool whose files are found by name as well as by content, as the
 * Fast-DDS reference reads a results folder: only names containing `summary` are summaries (a
 * comparison CSV has every summary column too), and the name gives the sub-experiment.
 */
export interface FileNameRule {
  /** Whether a file of this name, listed in a folder or matched by a pattern, is worth opening as this format. */
  mayBe(name: string): boolean;
  /** Whether such a file whose content is this format is taken as one. */
  takes(name: string): boolean;
  /** Whether the name says the file is this format: one whose content is not is an error, not skipped. */
  claims(name: string): boolean;
  /** The sub-experiment the file's name gives (`measurements_<type>_summary.csv` → `<type>`). */
  experimentOf(file: string): string;
}

export interface FormatAdapter {
  /** Stable id, used for `format:` overrides and shown by `inspect`. */
  id: string;
  /** A human name: "iceoryx iceperf leader output". */
  title: string;
  /**
   * Whether `head` (the first 64 KiB of the file, as text) looks like this format. Cheap and
   * specific: the first adapter that says yes reads the file.
   */
  recognises(head: string, file: string): boolean;
  /**
   * For a recognised file that is the tool's companion output with no results (ddsperf's pong
   * side, iceperf's follower): why, so folder discovery skips it with a notice. A file named on
   * its own is still parsed, and its parse error says what to give instead.
   */
  companion?(head: string, file: string): string | undefined;
  /**
   * Files in the same folder that hold more of a recognised file's results (Criterion's
   * `sample.json` and `benchmark.json` next to `estimates.json`): read along with it, when they
   * exist, into `AdapterInput.siblings`. They are not result files of their own.
   */
  siblings?: readonly string[];
  /**
   * For formats found by file name as well (Fast-DDS): folder discovery applies this rule before asking the other
   * adapters.
   */
  fileNames?: FileNameRule;
  /**
   * Reads the file. Throws InputError naming file and line (and column where it helps) for input
   * that looks like the format but is broken; never another exception type for bad input.
   */
  parse(input: AdapterInput, options: ParseOptions): ResultSet;
  /**
   * For a format whose files grow with the suite (Fast-DDS raw measurements, one row per sample;
   * Google Benchmark, go test, pytest-benchmark … at ten thousand benchmarks): a reader the
   * pipeline feeds the file chunk by chunk, so the file is never held whole and has no size limit
   * (its model is bounded by `maxMeasurements` and `maxExperiments`, checked as it grows). Its
   * results are the same as `parse`'s on the whole text.
   */
  stream?(file: string, options: ParseOptions): StreamingReader;
}
