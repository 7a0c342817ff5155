/**
 * What a reviewer reads on a pull request (or a merge request outside GitHub), most important
 * first: one line that says what changed against the base branch and whether the requirements
 * hold, the commit judged, the failing comparison rows, the failed requirements, then everything
 * else collapsed, then charts and links. The comment is fitted to GitHub's body limit by cutting
 * the least important parts first: the full requirements table, charts, the other comparison
 * rows; the failing comparison rows go last and say how many were left out. The job summary and
 * the action's report.md are the same document, uncut. Pure: the caller says what was judged and
 * where the report files are.
 */
import {
  fitCommentBody,
  JOB_SUMMARY_WORDS,
  MAX_COMMENT_BODY,
  MAX_JOB_SUMMARY,
  type CommentSection,
} from './commentBody.js';
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import { comparisonMarkdownParts, headline as comparisonHeadline } from '../comparison/comparisonMarkdown.js';
import { failingRowsSection, headlineRows, otherRowsSection } from './comparisonSections.js';
import { listSection, moreIn, rowsSection } from './rowsSection.js';
import { escapeMarkdown, withoutControls } from '../escape.js';
import {
  checkMarkdownParts,
  requirementFailures,
  requirementsHeadline,
  type CheckMarkdownParts,
} from '../check/markdown.js';
import { headline as checkHeadline, type CheckReport } from '../check/model.js';
import {
  confirmationHeadline,
  confirmationMarkdown,
  firstStageLine,
  type ConfirmationSummary,
} from '../confirmation/confirmation.js';
import { nextSteps, type NextStepSettings } from './nextSteps.js';
import { countsBesideTimeMarkdown } from './countsBesideTime.js';

export interface ReviewerCommentParts {
  /** The requirement check. */
  check?: CheckReport;
  /** The comparison with the baseline or the history. */
  comparison?: ComparisonReport;
  /** The two-stage gate's confirmation of what the comparison flagged: its verdict is the gate's. */
  confirmation?: ConfirmationSummary;
  /** A paragraph (Markdown, escaped) on what could not be compared: no baseline, no history. */
  notice?: string;
  trends?: string;
  /** Mermaid charts, already chosen for the comment (comment-charts). */
  charts?: string;
  /** Links to hosted chart images. */
  chartImages?: string;
  /** The commit judged: the pull request's head. */
  commit?: string;
  /** The branch the baseline or the history comes from (`main`), when it is known. */
  base?: string;
  /** What the run could use to confirm or accept a failing comparison: the comment says what to do next. */
  nextSteps?: NextStepSettings;
}

export interface ReviewerCommentLinks {
  /** The workflow run's page (GitHub Actions). */
  runUrl?: string;
  /** The name of the uploaded report artifact, when one was uploaded. */
  artifact?: string;
  /**
   * No run page (the CLI): say that the report files are in the report folder. The folder's path
   * is left out, so that the same inputs give the same bytes wherever the report is written.
   */
  reportFolder?: boolean;
  /** Where every row is, for "N more rows in …" (default `the full report`). */
  fullReport?: string;
  /** report.html was written: it lists the failing and warning rows too. */
  reportHtml?: boolean;
  /** CSV files were written into the report folder (checks, the reference's comparison CSVs). */
  csvFiles?: boolean;
}

/**
 * The first line: the benchmarks per outcome against the base branch first, the requirements second
 * ("❌ 3 slower (time/op +28…+31 %) · 51 unchanged · against main (history of 8 runs) · ✅ all 54 requirements met").
 */
export function reviewerHeadline(
  parts: Pick<ReviewerCommentParts, 'check' | 'comparison' | 'confirmation' | 'notice' | 'base'>,
): string | undefined {
  const pieces: string[] = [];
  const firstStage = firstStageHeadline(parts);
  if (firstStage !== undefined)
    pieces.push(parts.confirmation ? confirmationHeadline(parts.confirmation, firstStage) : firstStage);
  else if (parts.notice !== undefined)
    pieces.push(`➖ Nothing compared with ${parts.base !== undefined ? escapeMarkdown(parts.base) : 'a baseline'}`);
  if (parts.check) pieces.push(requirementsHeadline(parts.check));
  return pieces.length > 0 ? pieces.join(' · ') : undefined;
}

/** The comparison's headline: the first stage's, when a confirmation follows it. */
function firstStageHeadline(parts: Pick<ReviewerCommentParts, 'check' | 'comparison' | 'base'>): string | undefined {
  if (!parts.comparison) return undefined;
  return comparisonHeadline(parts.comparison, parts.base !== undefined ? { base: parts.base } : {});
}

/** A commit as GitHub links it in a comment (a bare SHA), or as code when it is not one. */
function commitText(commit: string): string {
  return /^[0-9a-f]{7,40}$/i.test(commit)
    ? commit.toLowerCase()
    : `\`${withoutControls(commit.replace(/[`\\\r\n]/g, ''))}\``;
}

/** "Judged commit 1a2b3c… against main: history of 8 runs; false alarms ≤ 0.5 % per gated statistic." */
function judgedLine(parts: ReviewerCommentParts): string {
  const report = parts.comparison;
  if (!report) {
    if (parts.commit === undefined) return '';
    return parts.check
      ? `Judged commit ${commitText(parts.commit)} against the requirements.`
      : `Commit ${commitText(parts.commit)}.`;
  }
  const who =
    parts.commit !== undefined ? `commit ${commitText(parts.commit)}` : `**${escapeMarkdown(report.resultLabel)}**`;
  const against =
    parts.base !== undefined
      ? `${escapeMarkdown(parts.base)} (**${escapeMarkdown(report.referenceLabel)}**)`
      : `**${escapeMarkdown(report.referenceLabel)}**`;
  return `Judged ${who} against ${against}: ${report.methodLabel}.`;
}

/** The reviewer's document in parts, most important first by priority (lowest number kept longest). */
export function reviewerSections(parts: ReviewerCommentParts, links: ReviewerCommentLinks = {}): CommentSection[] {
  const everything = links.fullReport ?? 'the full report';
  const sections = headlineSections(parts);
  const { comparison, check } = parts;
  const compared = comparison ? headlineRows(comparison, comparisonMarkdownParts(comparison)) : undefined;
  if (comparison && compared) {
    const failing = failingRowsSection(comparison, compared, links.reportHtml ? 'report.html' : everything);
    if (failing) sections.push(failing);
  }
  if (compared && compared.clocks !== '')
    sections.push({ text: compared.clocks, priority: 2, label: 'which time decides' });
  if (compared && compared.acceptance !== '')
    sections.push({ text: compared.acceptance, priority: 1, required: true, label: 'the acceptance' });
  if (parts.confirmation)
    sections.push({
      text: confirmationMarkdown(parts.confirmation),
      priority: 1,
      required: true,
      label: 'the confirmation',
    });
  const beside = comparison ? countsBesideTimeMarkdown(comparison) : '';
  if (beside !== '') sections.push({ text: beside, priority: 3, label: 'the counts beside time' });
  const next = comparison && parts.nextSteps ? nextSteps(comparison, parts.confirmation, parts.nextSteps) : '';
  if (next !== '') sections.push({ text: next, priority: 2, label: 'what to do next' });
  const checked = check ? checkMarkdownParts(check) : undefined;
  if (checked && checked.problems !== '') {
    sections.push(
      listSection(
        { priority: 2, label: 'the requirement problems' },
        checked.problems.split('\n'),
        moreIn('problem', everything),
      ),
    );
  }
  if (check && check.checksFailed > 0) {
    const failures = requirementFailures(check);
    if (failures.rows.length > 0) {
      sections.push(
        rowsSection(
          { priority: 3, label: 'the failed requirements' },
          '**Requirements not met**',
          failures,
          '',
          moreIn('failed requirement', everything),
        ),
      );
    }
  }
  if (compared && compared.warnings !== '')
    sections.push(
      listSection(
        { priority: 4, label: 'the comparison warnings' },
        compared.warnings.split('\n'),
        moreIn('warning', everything),
      ),
    );
  if (comparison && compared)
    sections.push(otherRowsSection(comparison, compared, everything, links.reportHtml === true));
  if (parts.trends) sections.push({ text: parts.trends, priority: 7, label: 'the trends' });
  if (parts.charts) sections.push({ text: parts.charts, priority: 8, label: 'the charts' });
  // The hosted images are a few short links: shown after the Mermaid charts, dropped only after the other comparison
  // rows.
  if (parts.chartImages) sections.push({ text: parts.chartImages, priority: 5, label: 'the chart images' });
  if (check && checked) sections.push(requirementsTableSection(check, checked, everything));
  const link = linksLine(links);
  if (link !== undefined) sections.push({ text: link, priority: -1, required: true, label: 'links' });
  return sections;
}

/** The headline with the judged-commit line, and the notice: both always kept. */
function headlineSections(parts: ReviewerCommentParts): CommentSection[] {
  const sections: CommentSection[] = [];
  const line = reviewerHeadline(parts);
  const judged = judgedLine(parts);
  if (line !== undefined)
    sections.push({
      text: [`### ${line}`, ...(judged !== '' ? ['', judged] : [])].join('\n'),
      priority: 0,
      required: true,
      label: 'the headline',
    });
  if (parts.notice) sections.push({ text: parts.notice, priority: 0, required: true, label: 'the notice' });
  const firstStage = firstStageHeadline(parts);
  if (parts.confirmation && parts.confirmation.state !== 'not-run' && firstStage !== undefined)
    sections.push({ text: firstStageLine(firstStage), priority: 0, required: true, label: 'the first stage' });
  return sections;
}

/** The full requirements table, folded in a `<details>`. */
function requirementsTableSection(check: CheckReport, checked: CheckMarkdownParts, everything: string): CommentSection {
  const prefix = [
    '<details>',
    `<summary>Requirements: ${checkHeadline(check)}</summary>`,
    ...(checked.warnings !== '' ? ['', checked.warnings] : []),
  ].join('\n');
  const table = check.table.length > 0 ? checked.table(check.table) : [];
  return rowsSection(
    { priority: 9, label: 'the requirements table' },
    prefix,
    { header: table.slice(0, 2), rows: table.slice(2) },
    [...(checked.legend !== '' ? [checked.legend, ''] : []), '</details>'].join('\n'),
    moreIn('row', everything),
  );
}

/**
 * The whole document: the job summary and the action's report.md. Uncut unless it is over GitHub's limit for a job
 * summary (`limit`), which only a suite with thousands of failing families or requirement rows reaches.
 */
export function reviewerReport(
  parts: ReviewerCommentParts,
  links: ReviewerCommentLinks = {},
  limit = MAX_JOB_SUMMARY,
): string {
  return fitCommentBody(reviewerSections(parts, links), undefined, limit, JOB_SUMMARY_WORDS).body + '\n';
}

/** The comment body (without the sticky marker), at most `limit` characters. */
export function reviewerComment(
  parts: ReviewerCommentParts,
  links: ReviewerCommentLinks,
  limit = MAX_COMMENT_BODY,
): string {
  return fitCommentBody(reviewerSections(parts, links), links.runUrl, limit).body;
}

/**
 * What a pull request (and the job summary) shows for a run that stopped with an error: that it
 * errored and gated nothing, so an earlier ✅ or ❌ never stands for this run.
 */
export function erroredComment(message: string, runUrl?: string, commit?: string): string {
  return [
    '### ⚠️ perfgate errored: nothing was gated',
    '',
    `The run${commit !== undefined ? ` on commit ${commitText(commit)}` : ''} stopped before a verdict: ${escapeMarkdown(message)}`,
    '',
    `Earlier results of this pull request do not stand for this run. Fix the input and run again.${runUrl ? ` [Workflow run](${runUrl})` : ''}`,
    '',
  ].join('\n');
}

/**
 * The short comment posted when GitHub refuses the report itself (too long, errors on every
 * update): the verdict, the commit and the run, so that an earlier ✅ never stands for a failing run.
 */
export function statusComment(verdict: 'pass' | 'fail' | 'error', runUrl: string, commit?: string): string {
  const what =
    verdict === 'pass' ? '✅ perfgate passed' : verdict === 'fail' ? '❌ perfgate failed' : '⚠️ perfgate errored';
  return [
    `### ${what} — see [the workflow run](${runUrl})`,
    '',
    `${commit !== undefined ? `Commit ${commitText(commit)}. ` : ''}GitHub refused the full report as a comment: it is in the run's job summary.`,
    '',
  ].join('\n');
}

function linksLine(links: ReviewerCommentLinks): string | undefined {
  // The artifact named as it is uploaded (report-artifact), and only when it was.
  const artifact =
    links.artifact !== undefined
      ? ` · report files, charts and report.html in the \`${links.artifact.replace(/[`\\]/g, '')}\` artifact`
      : '';
  if (links.runUrl !== undefined) return `[Workflow run and job summary](${links.runUrl})${artifact}.`;
  if (links.reportFolder) {
    // Only the files this run wrote: a comparison has no report.md, and CSV files and report.html only at times.
    const files = [
      links.fullReport ?? 'the report',
      ...(links.csvFiles ? ['the CSV files'] : []),
      ...(links.reportHtml ? ['report.html with charts'] : []),
    ];
    const listed = files.length <= 2 ? files.join(' and ') : `${files.slice(0, -1).join(', ')}, and ${files.at(-1)!}`;
    return `The full report (${listed}) is in the report folder of this job.`;
  }
  return undefined;
}
