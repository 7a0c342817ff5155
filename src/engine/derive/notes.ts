/**
 * What a derived requirements file states about itself: how its limits were set, and per limit
 * how far it lies beyond the runs' centre and how noisy the runs were. The same lines go to the
 * terminal and, as `#` comments, into a general-form file (the reference form stays as the
 * reference check reads it).
 */
import { withoutControls } from '../report/escape.js';
import type { DeriveMethod, LimitBasis } from './method.js';

export interface DeriveSummary {
  /** Runs read (folders). */
  runs: number;
  /** Limits written (cells with a number). */
  limits: number;
  /** With the prediction method: the probability each limit holds with. */
  perLimitConfidence?: number;
}

/** The lines that state the method, for the terminal and the head of the file. */
export function methodLines(method: DeriveMethod, summary: DeriveSummary): string[] {
  const from = `derived by perfgate derive-requirements from ${summary.runs} run${summary.runs === 1 ? '' : 's'}`;
  const margins =
    "Margin: how far a limit lies beyond the runs' geometric mean on the worse side (×: a factor). sd: the spread between runs (sd of log values, about the relative sd).";
  if (method.kind === 'percentile') {
    return [
      `${from}: each limit is the ${ordinal(method.percentile)} percentile across the runs (the ${ordinal(100 - method.percentile)} for a floor), ${percentText(method.margin)} looser (--percentile ${method.percentile} --margin ${method.margin}).`,
      "This rule does not scale with the runs' spread: a new run of the same build can fail it.",
      margins,
    ];
  }
  const each = summary.perLimitConfidence ?? method.confidence;
  return [
    `${from}: each limit is a one-sided prediction bound for one new run of the same build, from the spread between the runs:`,
    `exp(mean ± t(q, n−1)·sd·√(1 + 1/n)) of the log values (+ for a ceiling, − for a floor), and at least ${percentText(method.floorMargin)} beyond the worst run.`,
    `An unchanged run passes all ${summary.limits} limits with probability ≥ ${percentText(method.confidence)} if its noise is log-normal: each limit holds with q = ${percentText(each, 4)}.`,
    margins,
  ];
}

/** One limit's margin and why: `+12.0 % (sd 3.1 %)`, `+1.0 % (no spread: worst run + 1 %)`. */
export function marginNote(basis: LimitBasis, floorMargin: number, unit: string): string {
  const margin =
    basis.margin === Infinity ? 'unbounded' : Number.isFinite(basis.margin) ? marginText(basis.margin) : 'n/a';
  if (basis.runs <= 1) return `${margin} (1 run: no spread; worst run + ${percentText(floorMargin)})`;
  const sd =
    basis.scale === 'log'
      ? `sd ${percentText(basis.spread, 1)}`
      : `sd ${formatSpread(basis.spread)}${unit ? ` ${unit}` : ''}`;
  if (basis.setBy === 'floor')
    return basis.spread === 0
      ? `${margin} (no spread: worst run + ${percentText(floorMargin)})`
      : `${margin} (${sd}; worst run + ${percentText(floorMargin)})`;
  return `${margin} (${sd})`;
}

/** A row's notes as one line: `BenchmarkPublish, size=64 (8 runs): time.median +12.0 % (sd 3.1 %); …`. */
export function rowNote(
  experiment: string,
  parameter: string,
  runs: readonly number[],
  cells: readonly string[],
): string {
  const counts = [...new Set(runs)];
  const runText =
    counts.length === 1
      ? `${counts[0]} run${counts[0] === 1 ? '' : 's'}`
      : `${Math.min(...counts)}–${Math.max(...counts)} runs`;
  return `${withoutControls(experiment)}${parameter === '' ? '' : `, ${withoutControls(parameter)}`} (${runText}): ${cells.join('; ')}`;
}

function ordinal(p: number): string {
  const suffix =
    Number.isInteger(p) && ![11, 12, 13].includes(p % 100) ? (['th', 'st', 'nd', 'rd'][p % 10] ?? 'th') : 'th';
  return `${p}${suffix}`;
}

/** 0.99 → `99 %`, 0.999722 → `99.9722 %` with `digits` decimals at most, no trailing zeros. */
function percentText(fraction: number, digits = 2): string {
  return `${Number((fraction * 100).toFixed(digits))} %`;
}

/** +12.0 %, -3.0 %; from +1000 % on, the factor: ×46.9, ×6.81e+9. */
function marginText(fraction: number): string {
  const factor = 1 + fraction;
  if (factor >= 1000) return `×${factor.toExponential(2).replace(/\.?0+e/, 'e')}`;
  if (fraction >= 10) return `×${Number(factor.toPrecision(3))}`;
  const p = fraction * 100;
  return `${p >= 0 ? '+' : ''}${p.toFixed(1)} %`;
}

function formatSpread(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(3))) : 'n/a';
}
