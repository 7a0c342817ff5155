import { UsageError } from '../engine/errors.js';
import { renderText } from '../engine/report/check/text.js';
import { REPORT_MARKDOWN, runCheck, type CheckOutcome } from '../pipeline/check.js';
import type { CompareOutcome } from '../pipeline/compare.js';
import { renderComparisonText, TERMINAL_TABLE_ROWS } from '../engine/report/comparison/comparisonText.js';
import type { TrendsOutcome } from '../pipeline/trends.js';
import { getInput, readCommentModeInputs, readInputs, readMode, type ActionInputs } from './inputs.js';
import { runCommentMode } from './commentMode.js';
import type { HostedChartFile } from './github/chartHosting.js';
import { escapeMarkdown } from '../engine/report/escape.js';
import { makeRunContext, pullRequestRefs, type RunContext } from './context.js';
import type { ActionPorts } from './ports.js';
import {
  reviewerComment,
  reviewerHeadline,
  reviewerReport,
  type ReviewerCommentParts,
} from '../engine/report/comment/reviewerComment.js';
import { logSafe, logVerbatim } from './logSafety.js';
import { baselineOf, compareWithReference, defaultBranchOf, missingHistory, noticeOfMissing } from './reference.js';
import { downloadResults, readResultsAlone } from './readResults.js';
import { misspeltRecordingBranch, recordHistory, trendsOfHistory, type RecordedHistory } from './historyKeeping.js';
import { drawCharts } from './drawCharts.js';
import { recordedHistoryMarkdown, writeJobSummary } from './publish/summary.js';
import { publishTrendIssues } from './publish/trendIssues.js';
import { chartImagesOfComment } from './publish/chartImages.js';
import { commentOf, postComment, writeCommentFiles } from './publish/comment.js';
import { setConfirmOutputs, setOutputs } from './publish/outputs.js';
import { uploadReport } from './publish/artifacts.js';
import { annotateFailedChecks, comparisonFailure } from './publish/annotations.js';
import { erroredMarkdown, publishError } from './publish/error.js';
import {
  checkAnnotations,
  checkConclusion,
  checkTitle,
  completeCheck,
  startCheck,
  undecidedReason,
  type CheckHandle,
} from './publish/checkRun.js';
import { fitOutput, MAX_CHECK_OUTPUT } from './github/checkRuns.js';
import { confirmedFailure, confirmStage } from './confirmStage.js';
import { acceptanceOf } from './acceptance.js';
import type { ConfirmationSummary } from '../engine/report/confirmation/confirmation.js';
import type { NextStepSettings } from '../engine/report/comment/nextSteps.js';

/** The comparison rows the job log shows, as the CLI's terminal (comparisonText.ts). */
export const LOG_TABLE_ROWS = TERMINAL_TABLE_ROWS;

/**
 * The action: check against requirements and/or compare with a baseline, write every report file
 * and the job summary, set the outputs, and only then fail the job when the gate failed (and
 * `fail-on-regression` is true).
 */
export async function run(ports: ActionPorts): Promise<void> {
  const context = makeRunContext(ports);
  // The token is masked before anything can print it.
  const token = getInput(context.env, 'github-token');
  if (token !== '') context.out.setSecret(token);
  let check: CheckHandle | undefined;
  try {
    if (readMode(context) === 'comment') {
      await runCommentMode(readCommentModeInputs(context), context, (message) => context.out.info(logSafe(message)));
      return;
    }
    // The Check is in progress from the start, so that an error below completes it as a failure.
    check = await startCheck(context);
    // Frozen: the run derives what it uses from the validated inputs and never changes them.
    const inputs = Object.freeze(readInputs(context));
    context.files.checkOutputFolder(inputs.outputDir);
    const decision = await decide(inputs, context);
    await publish(decision.inputs, context, decision, check);
  } catch (error) {
    // A run that errored says so wherever it reports, so that no earlier verdict stands for it.
    await publishError(error, context, check);
  }
}

/** What a run decided, before anything is published. */
interface Decision {
  /** The inputs as the run used them: with the downloaded result folders, without a history not recorded yet. */
  inputs: Readonly<ActionInputs>;
  check?: CheckOutcome;
  comparison?: CompareOutcome;
  /** The two-stage gate's confirmation of what the comparison flagged; its verdict replaces the comparison's. */
  confirmation?: ConfirmationSummary;
  trends?: TrendsOutcome;
  /** The charts drawn into the report folder, with their Mermaid version. */
  drawn?: { mermaid?: string; pngs: HostedChartFile[] };
  /** Why nothing (or only the requirements) was compared: a missing baseline or history. */
  notice?: string;
  /** What a recording run recorded, and where (record-history). */
  recorded?: RecordedHistory;
  /** One sentence per reason the gate failed; empty when it passed. */
  failures: string[];
}

/** Reads every input set, checks, compares, records and draws: everything but publishing. */
async function decide(given: Readonly<ActionInputs>, context: RunContext): Promise<Decision> {
  const downloaded =
    given.resultsArtifacts !== undefined
      ? await downloadResults(given.token, given.resultsArtifacts, context)
      : undefined;
  const { baseline, baselineRun, missing: noBaseline } = await baselineOf(given, context);
  const noHistory = await missingHistory(given, context);
  // Inputs that name a reference next to the one they meant: an error, after the run's other reports.
  const misnamed = noHistory?.error ?? noBaseline?.error ?? (await misspeltRecordingBranch(given, context));
  // A copy, so that the validated inputs stay as they were read.
  const inputs: ActionInputs = {
    ...given,
    results: downloaded !== undefined ? [...given.results, ...downloaded] : given.results,
  };
  if (noHistory !== undefined) delete inputs.history;
  const missing = noHistory ?? noBaseline;
  const compares = baseline !== undefined || inputs.history !== undefined;
  // The results are read and validated on every run. The check and the comparison read them
  // themselves; a run that does neither (no requirements, no baseline or history yet) reads them
  // here, so that a pattern matching nothing fails instead of passing unread.
  const read = inputs.requirements === undefined && !compares ? readResultsAlone(inputs, context) : undefined;
  const notice =
    missing !== undefined && misnamed === undefined
      ? noticeOfMissing(missing, inputs, read, defaultBranchOf(context))
      : undefined;
  if (notice !== undefined) context.out.notice(notice);
  const check =
    inputs.requirements !== undefined
      ? runCheck(context.files, { ...inputs, requirements: inputs.requirements }, context.progress)
      : undefined;
  if (misnamed !== undefined) {
    // report.md says the run errored, as the job summary will: the check's own report.md would read as a verdict.
    context.files
      .reportWriter(inputs.outputDir)
      .write(REPORT_MARKDOWN, erroredMarkdown(misnamed, context.runUrl, pullRequestRefs(context).commit));
    throw new UsageError(misnamed);
  }
  const acceptance = compares || inputs.recordHistory !== undefined ? await acceptanceOf(inputs, context) : undefined;
  const comparison = compares
    ? compareWithReference(inputs, context, baseline, baselineRun, acceptance?.compare)
    : undefined;
  const confirmation = comparison ? await confirmStage(inputs, context, comparison, acceptance?.compare) : undefined;
  const recorded =
    inputs.recordHistory !== undefined
      ? await recordHistory(context, inputs, inputs.recordHistory, read, acceptance?.recorded)
      : undefined;
  const trends = trendsOfHistory(inputs, context);
  // Each output gets what it shows: the comment and job summary Mermaid, the artifact specs, SVGs
  // and report.html (which draws from the specs). PNGs only when something ships them (chart
  // hosting) or the user asks for them (chart-png: true); they were most of the charts' time.
  const png = inputs.chartPng === true || inputs.chartHosting === 'branch';
  const drawn = inputs.charts
    ? await drawCharts(context, inputs.outputDir, check, comparison, inputs.history, inputs.floatParse, png)
    : undefined;
  // A confirmation that ran decides instead of the first stage; one that could not run leaves it standing.
  const decided = confirmation !== undefined && confirmation.state !== 'not-run';
  const failures = failuresOf(context, inputs, check, decided ? undefined : comparison, trends);
  if (confirmation?.state === 'confirmed') failures.push(confirmedFailure(confirmation));
  return {
    inputs,
    ...(check ? { check } : {}),
    ...(comparison ? { comparison } : {}),
    ...(confirmation ? { confirmation } : {}),
    ...(trends ? { trends } : {}),
    ...(drawn ? { drawn } : {}),
    ...(notice !== undefined ? { notice } : {}),
    ...(recorded ? { recorded } : {}),
    failures,
  };
}

/** One sentence per reason the gate failed; new trend steps warn instead unless `trends: fail`. */
function failuresOf(
  context: RunContext,
  inputs: Readonly<ActionInputs>,
  check?: CheckOutcome,
  comparison?: CompareOutcome,
  trends?: TrendsOutcome,
): string[] {
  const failures: string[] = [];
  if (check?.report.verdict === 'fail') {
    failures.push(
      check.report.checksTotal === 0
        ? 'no checks were run'
        : `${check.report.checksFailed} of ${check.report.checksTotal} checks failed in ${check.report.failedExperiments.join(', ')}`,
    );
  }
  if (comparison?.report.verdict === 'fail') {
    failures.push(comparisonFailure(comparison.report));
  }
  if (trends && inputs.trends === 'fail' && trends.report.newRegressions > 0) {
    failures.push(
      `${trends.report.newRegressions} new regression step${trends.report.newRegressions === 1 ? '' : 's'} in the history of the default branch`,
    );
  } else if (trends && trends.report.newRegressions > 0) {
    context.out.warning(
      `perfgate: ${trends.report.newRegressions} new regression step(s) in the history of the default branch (see trends.md)`,
    );
  }
  return failures;
}

/**
 * Publishes a decision, in this order: report.md and the job summary, the logs, the comment body,
 * the outputs, the uploaded report, then the comment, annotations and the failure. The comment
 * and the upload come after every report file: whatever the API does cannot change the verdict.
 */
async function publish(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  decision: Decision,
  checkRun: CheckHandle | undefined,
): Promise<void> {
  const { check, comparison, trends, drawn, failures } = decision;
  const chartsMarkdown = drawn?.mermaid;
  const judged = judgedParts(inputs, context, decision);
  // report.md is the job summary: the comment's document, uncut, with the charts.
  const fullReport = 'the job summary';
  const reportHtml = drawn !== undefined;
  const judgedReport = reviewerReport(
    { ...judged, ...(chartsMarkdown !== undefined ? { charts: chartsMarkdown } : {}) },
    { fullReport, reportHtml },
  );
  // A push that only records says what it recorded and where, instead of an empty summary.
  const markdown =
    decision.recorded !== undefined
      ? [judgedReport.trim(), recordedHistoryMarkdown(decision.recorded)].filter((t) => t !== '').join('\n\n')
      : judgedReport;
  const writer = context.files.reportWriter(inputs.outputDir);
  const markdownPath = writer.write(REPORT_MARKDOWN, markdown);
  await writeJobSummary(context, markdown);
  logTables(inputs, context, decision);
  if (trends && inputs.trendIssues) await publishTrendIssues(inputs, context, trends.report);

  const verdict = failures.length > 0 ? 'fail' : 'pass';
  const pullRequest = context.pullRequest;
  const willComment =
    inputs.comment.when === 'always' || (inputs.comment.when === 'on-regression' && failures.length > 0);
  // A reviewer needs charts of what failed: by default none on a clean pass (the job summary and report.html keep
  // them).
  const commentCharts =
    inputs.commentCharts === 'always' || (inputs.commentCharts === 'failing' && failures.length > 0);
  const chartImages =
    inputs.chartHosting === 'branch'
      ? await chartImagesOfComment(inputs, context, drawn, willComment, commentCharts)
      : undefined;
  const commentParts = {
    ...judged,
    ...(commentCharts && chartsMarkdown !== undefined ? { charts: chartsMarkdown } : {}),
    ...(chartImages !== undefined ? { chartImages } : {}),
  };
  const links = {
    fullReport,
    reportHtml,
    ...(inputs.uploadReport !== undefined ? { artifact: inputs.uploadReport } : {}),
  };
  const comment =
    pullRequest !== undefined ? commentOf(inputs.comment.id, commentParts, links, context.runUrl) : undefined;
  if (comment !== undefined)
    writeCommentFiles(writer, comment.body, {
      pullRequest,
      commentId: inputs.comment.id,
      verdict,
      ...(checkRun !== undefined ? { checkRun: checkRun.name } : {}),
      ...undecidedOf(inputs, decision),
    });
  setOutputs(context, inputs.outputDir, markdownPath, verdict, check, comparison);
  if (inputs.confirm !== undefined) setConfirmOutputs(context, decision.confirmation);
  if (inputs.uploadReport !== undefined) await uploadReport(context, inputs.uploadReport, inputs.outputDir);
  if (comment !== undefined && pullRequest !== undefined)
    await postComment(inputs.comment, context, failures.length > 0, pullRequest, comment);
  else if (pullRequest === undefined && inputs.comment.when !== 'never')
    context.out.info(logSafe('no pull request in this event: no comment'));
  // Annotations are errors when the job fails for them, warnings when it does not.
  if (check)
    annotateFailedChecks(
      context,
      check,
      inputs.annotations,
      inputs.failOnRegression ? context.out.error : context.out.warning,
    );
  await completeCheck(checkRun, context, checkCompletion(inputs, context, decision, { ...judged, ...links }));
  if (failures.length > 0) {
    const message = `perfgate: ${failures.join('; ')}`;
    if (inputs.failOnRegression) context.out.setFailed(message);
    else context.out.warning(`${message} (fail-on-regression is false)`);
  }
}

/** The check's table, the comparison's first LOG_TABLE_ROWS rows and the confirmation's, in the job log. */
function logTables(inputs: Readonly<ActionInputs>, context: RunContext, decision: Decision): void {
  const { check, comparison, confirmation } = decision;
  if (check) logVerbatim(context.out, renderText(check.report));
  if (comparison) {
    const artifact = inputs.uploadReport !== undefined ? ` (artifact ${inputs.uploadReport})` : '';
    const wholeTable = `${comparison.markdownPath} and ${comparison.jsonPath}${artifact}`;
    logVerbatim(context.out, renderComparisonText(comparison.report, { maxRows: LOG_TABLE_ROWS, wholeTable }));
  }
  if (confirmation?.comparison)
    logVerbatim(context.out, renderComparisonText(confirmation.comparison, { maxRows: LOG_TABLE_ROWS }));
}

/**
 * The Check's conclusion and output: failure when the gate failed (neutral when fail-on-regression is false), neutral
 * when nothing was gated (no requirements, nothing compared) or when something slower was left undecided (no
 * confirmation configured, or it could not run; the title says why), else success; the reviewer's headline as the
 * title (plain text), the reviewer's comment as the summary, the full comparison as the text, and the failing rows
 * (the confirmation's, when it decided) as annotations.
 */
function checkCompletion(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  decision: Decision,
  parts: ReviewerCommentParts & { fullReport: string; reportHtml: boolean; artifact?: string },
): Parameters<typeof completeCheck>[2] {
  const { check, comparison, confirmation, failures } = decision;
  const gated = check !== undefined || comparison !== undefined || failures.length > 0;
  const { undecided } = undecidedOf(inputs, decision);
  const conclusion = checkConclusion(failures.length > 0, inputs.failOnRegression, gated, undecided);
  const title = checkTitle(
    reviewerHeadline(parts) ?? (failures.length > 0 ? `perfgate failed: ${failures.join('; ')}` : 'Nothing gated'),
    undecided,
  );
  const { fullReport, reportHtml, artifact, ...judged } = parts;
  const links = {
    fullReport,
    reportHtml,
    ...(artifact !== undefined ? { artifact } : {}),
    ...(context.runUrl !== undefined ? { runUrl: context.runUrl } : {}),
  };
  return {
    conclusion,
    title,
    summary: reviewerComment(judged, links, MAX_CHECK_OUTPUT),
    ...(comparison !== undefined ? { text: fitOutput(comparison.markdown) } : {}),
    annotations: checkAnnotations(
      context,
      check,
      comparison,
      inputs.failOnRegression ? 'failure' : 'warning',
      confirmation,
    ),
  };
}

/** Why a run that did not fail left something slower undecided (its Check is neutral), as comment.json records it. */
function undecidedOf(inputs: Readonly<ActionInputs>, decision: Decision): { undecided?: string } {
  if (decision.failures.length > 0) return {};
  const why = undecidedReason(inputs.confirm !== undefined, decision.comparison?.report, decision.confirmation);
  return why !== undefined ? { undecided: why } : {};
}

/**
 * What was judged against what: the base branch is named only when the reference is of it (history, found baseline
 * run).
 */
function judgedParts(inputs: Readonly<ActionInputs>, context: RunContext, decision: Decision): ReviewerCommentParts {
  const { check, comparison, confirmation, trends } = decision;
  const notice = decision.notice !== undefined ? `> ${escapeMarkdown(decision.notice)}` : undefined;
  const refs = pullRequestRefs(context);
  const ofBase = inputs.history !== undefined || inputs.autoBaseline !== undefined || decision.notice !== undefined;
  return {
    ...(check ? { check: check.report } : {}),
    ...(comparison ? { comparison: comparison.report } : {}),
    ...(confirmation ? { confirmation } : {}),
    ...(notice !== undefined ? { notice } : {}),
    ...(trends ? { trends: trends.markdown } : {}),
    ...(refs.commit !== undefined ? { commit: refs.commit } : {}),
    ...(refs.base !== undefined && ofBase ? { base: refs.base } : {}),
    ...(context.pullRequest !== undefined ? { nextSteps: nextStepSettings(inputs, context) } : {}),
  };
}

/** What a pull request's failing comparison can do next: the confirmation, the accept label and the waiver file. */
function nextStepSettings(inputs: Readonly<ActionInputs>, context: RunContext): NextStepSettings {
  return {
    confirms: inputs.confirm !== undefined,
    ...(inputs.acceptLabel !== undefined ? { acceptLabel: inputs.acceptLabel } : {}),
    ...(inputs.waivers !== undefined ? { waiverFile: inputs.waivers } : {}),
    today: new Date(context.clock.now()).toISOString().slice(0, 10),
  };
}
