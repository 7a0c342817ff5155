/**
 * A failing comment's "What next": the waiver lines it suggests, pasted as they are, accept exactly the failing rows
 * (read back by the waiver reader and applied by the acceptance, as a user's file would be), whatever their names hold;
 * the advice to confirm is given only where it applies.
 */
import { join } from 'node:path';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { acceptComparisons } from '../src/engine/compare/acceptance.js';
import type { SubExperimentComparison } from '../src/engine/compare/rows.js';
import { parseWaivers } from '../src/engine/compare/waivers.js';
import type { ComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import {
  dateAfter,
  MAX_WAIVER_SUGGESTIONS,
  nextSteps,
  nextStepsMarkdown,
} from '../src/engine/report/comment/nextSteps.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

const example = join(repoRoot, 'fixtures', 'example');

/** The example set's regression against its baseline: 3 failing median rows (the `fail` golden's comparison). */
function failingReport(): ComparisonReport {
  return runCompare(
    cwdFiles,
    {
      reference: [join(example, 'results')],
      results: [join(example, 'results-regression')],
      outputDir: tempDir(),
      floatParse: 'precise',
      thresholds: parseThresholds(undefined),
    },
    silentProgress,
  ).report;
}

/** The CSV inside the suggestion's code block, its indentation removed. */
function suggestedCsv(markdown: string): string {
  const lines = markdown.split('\n');
  const open = lines.findIndex((l) => /^ {2}`{3,}csv$/.test(l));
  const fence = lines[open]!.trim().replace(/csv$/, '');
  const close = lines.findIndex((l, i) => i > open && l.trim() === fence);
  return lines
    .slice(open + 1, close)
    .map((l) => l.slice(2))
    .join('\n');
}

/** How many rows fail and how many are accepted, over every sub-experiment. */
function counts(comparisons: readonly SubExperimentComparison[]) {
  const rows = comparisons.flatMap((c) => c.rows);
  return { failed: rows.filter((r) => r.failed).length, accepted: rows.filter((r) => r.status === 'accepted').length };
}

const settings = { confirms: false, acceptLabel: 'perfgate-accept', today: '2026-12-07' };

describe('what a failing comment says to do next', () => {
  it('suggests waiver lines that, pasted as they are, accept exactly the failing rows', () => {
    const report = failingReport();
    expect(counts(report.subExperiments)).toEqual({ failed: 3, accepted: 0 });
    const markdown = nextStepsMarkdown(report, settings);
    const waivers = parseWaivers('perfgate-waivers.csv', suggestedCsv(markdown));
    expect(waivers.map((w) => [w.benchmark, w.metric, w.ceilingPercent, w.expires])).toEqual([
      // The rows' changes: +40.6 %, +40.5 %, +39.2 % (the fail golden), each ceiling the next whole percent.
      ['intraprocess_best_effort 16384', 'latency median', 41, '2027-01-06'],
      ['intraprocess_best_effort 8192', 'latency median', 41, '2027-01-06'],
      ['intraprocess_best_effort 4096', 'latency median', 40, '2027-01-06'],
    ]);
    const accepted = acceptComparisons(report.subExperiments, { waivers, today: '2026-12-07' });
    expect(counts(accepted.comparisons)).toEqual({ failed: 0, accepted: 3 });
    expect(accepted.warnings).toEqual([]);
  });

  it('quotes names that hold commas and quotes, and fences names that hold backticks', () => {
    const report = failingReport();
    const odd = 'pub,"sub" ```x````';
    const renamed = report.subExperiments.map((c) => ({
      ...c,
      rows: c.rows.map((r) => ({ ...r, experimentType: odd })),
    }));
    const markdown = nextStepsMarkdown(
      { ...report, rows: report.rows.map((r) => ({ ...r, experimentType: odd })) },
      settings,
    );
    // The block's fence is longer than the longest run of backticks in it (4), so the names cannot close it.
    expect(markdown).toContain('\n  `````csv\n');
    const waivers = parseWaivers('w.csv', suggestedCsv(markdown));
    expect(waivers.map((w) => w.benchmark)).toEqual([`${odd} 16384`, `${odd} 8192`, `${odd} 4096`]);
    expect(counts(acceptComparisons(renamed, { waivers, today: '2026-12-07' }).comparisons)).toEqual({
      failed: 0,
      accepted: 3,
    });
  });

  it('lists at most ten lines and says how many more failing rows there are', () => {
    const report = failingReport();
    const many = Array.from({ length: 13 }, (_, i) => ({ ...report.rows[0]!, experimentType: `bench${i}` }));
    const markdown = nextStepsMarkdown({ ...report, rows: many }, settings);
    expect(suggestedCsv(markdown).split('\n')).toHaveLength(1 + MAX_WAIVER_SUGGESTIONS);
    expect(markdown).toContain('… and 3 more failing rows, listed in comparison.json');
  });

  it('advises confirming only when no confirmation is configured and the method is not already A/B pairs', () => {
    const report = failingReport();
    expect(nextStepsMarkdown(report, settings)).toContain('Set the input `confirm-command`');
    expect(nextStepsMarkdown(report, { ...settings, confirms: true })).not.toContain('confirm-command');
    expect(nextStepsMarkdown({ ...report, method: 'paired' }, settings)).not.toContain('confirm-command');
  });

  it('names the label only when one is set, and the waiver file when one is given', () => {
    const report = failingReport();
    const { acceptLabel: _, ...noLabel } = settings;
    expect(nextStepsMarkdown(report, settings)).toContain('Add the label `perfgate-accept` to this pull request');
    expect(nextStepsMarkdown(report, noLabel)).not.toContain('label');
    expect(nextStepsMarkdown(report, { ...noLabel, waiverFile: '.github/perf`waivers.csv' })).toContain(
      "these lines in the waiver file `.github/perf'waivers.csv`",
    );
  });

  it('in a two-stage gate, waives what the pairs confirmed with a ceiling that covers both stages', () => {
    const first = failingReport();
    // The pairs saw half the first stage's change: a waiver is applied to both stages, so its ceiling covers the larger.
    const halved = first.rows.map((r) => ({ ...r, deltaPercent: r.deltaPercent / 2 }));
    const confirmation = {
      state: 'confirmed' as const,
      families: 1,
      pairs: 8,
      maxPairs: 8,
      alpha: 0.005,
      confidence: 0.995,
      confirmed: [],
      undecided: [],
      comparison: { ...first, method: 'paired' as const, rows: halved },
    };
    const markdown = nextSteps(first, confirmation, { ...settings, confirms: true });
    expect(parseWaivers('w.csv', suggestedCsv(markdown)).map((w) => w.ceilingPercent)).toEqual([41, 41, 40]);
    expect(nextSteps(first, { ...confirmation, state: 'unconfirmed' }, settings)).toBe('');
    // A confirmation that could not run leaves the first stage's verdict, and its rows to waive.
    expect(suggestedCsv(nextSteps(first, { ...confirmation, state: 'not-run' }, settings))).toBe(
      suggestedCsv(nextStepsMarkdown(first, settings)),
    );
  });

  it('says nothing when the comparison passed', () => {
    const report = failingReport();
    expect(nextStepsMarkdown({ ...report, verdict: 'pass' }, settings)).toBe('');
    expect(nextStepsMarkdown({ ...report, rows: report.rows.map((r) => ({ ...r, failed: false })) }, settings)).toBe(
      '',
    );
  });

  it('dates a waiver 30 days on, across months, years and leap days', () => {
    expect(dateAfter('2026-12-07', 30)).toBe('2027-01-06');
    expect(dateAfter('2024-02-15', 30)).toBe('2024-03-16');
    expect(dateAfter('2023-02-15', 30)).toBe('2023-03-17');
  });
});
