import * as core from './log.js';
import { randomUUID } from 'node:crypto';
import { describeError, InputError, isUserError, UsageError } from '../engine/errors.js';
import { renderText } from '../engine/report/text.js';
import { REPORT_MARKDOWN, runCheck, type CheckOutcome } from '../pipeline/check.js';
import { runCompare, type CompareOutcome } from '../pipeline/compare.js';
import { checkOutputFolder, ReportWriter } from '../pipeline/files.js';
import { labelOfPath } from '../engine/report/comparisonCsv.js';
import { renderComparisonText } from '../engine/report/comparisonText.js';
import type { BaselineRun } from '../engine/report/comparisonReport.js';
import { failedCheckNotes } from '../engine/report/model.js';
import { downloadResultArtifacts, resolveAutoBaseline } from './autoBaseline.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeReportCharts } from '../pipeline/reportCharts.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { runTrends, type TrendsOutcome } from '../pipeline/trends.js';
import { currentEnvironment, environmentOfSets } from '../pipeline/environment.js';
import { mergeEnvironments } from '../engine/model/environment.js';
import { makeHistoryRecord, type HistoryRecord } from '../engine/history/record.js';
import { historyFileName } from '../engine/history/window.js';
import { appendHistoryRecord, readHistoryWindow } from '../pipeline/history.js';
import { historyRunInfoFromEnv } from './events.js';
import { loadResults, type LoadedResults, type ResultsOptions } from '../pipeline/results.js';
import type { Progress } from '../pipeline/steps.js';
import { commentSettings, readCommentModeInputs, readInputs, readMode, type ActionInputs, type CommentSettings } from './inputs.js';
import { commentMarker, MAX_COMMENT_BODY, upsertStickyComment } from './github/comment.js';
import { COMMENT_BODY_FILE, COMMENT_META_FILE, runCommentMode, type CommentMeta } from './commentMode.js';
import { hostCharts, isForkPullRequest, type HostedChartFile } from './github/chartHosting.js';
import { readHistoryBranch, writeHistoryBranch, type HistoryBranchOptions } from './github/historyBranch.js';
import { syncTrendIssues } from './github/trendIssues.js';
import { trendAlerts } from '../engine/trends/alerts.js';
import { escapeMarkdown, withoutControls } from '../engine/report/escape.js';
import { pullRequestRefs, readRunContext, requireRepository, type RunContext } from './context.js';
import { erroredComment, reviewerComment, reviewerReport, statusComment, type ReviewerCommentLinks, type ReviewerCommentParts } from '../engine/report/reviewerComment.js';

/** Log groups with their duration, warnings as annotations. */
const actionProgress: Progress = {
  step(title, work) {
    core.startGroup(title);
    const started = performance.now();
    try {
      return work();
    } finally {
      core.info(`${title}: ${Math.round(performance.now() - started)} ms`);
      core.endGroup();
    }
  },
  info: (message) => core.info(logSafe(message)),
  // core.warning escapes its data, so untrusted text cannot start a workflow command there.
  warning: (message) => core.warning(message),
};

/**
 * A log line that starts with `::` is a workflow command to the runner. Messages carry names taken
 * from result files, so they are kept on one line and never start a line.
 */
export function logSafe(message: string): string {
  return 'perfgate: ' + withoutControls(message);
}

/** Prints untrusted multi-line text with workflow commands switched off around it. */
function logVerbatim(text: string): void {
  const token = randomUUID();
  core.info(`::stop-commands::${token}`);
  core.info(withoutControls(text, true));
  core.info(`::${token}::`);
}

/**
 * The action: check against requirements and/or compare with a baseline, write every report file
 * and the job summary, set the outputs, and only then fail the job when the gate failed (and
 * `fail-on-regression` is true).
 */
export async function run(): Promise<void> {
  const context = readRunContext();
  try {
    if (readMode() === 'comment') {
      await runCommentMode(readCommentModeInputs(context), context, (message) => core.info(logSafe(message)));
      return;
    }
    const inputs = readInputs(context);
    checkOutputFolder(inputs.outputDir);
    await publish(inputs, context, await decide(inputs, context));
  } catch (error) {
    let summary: string;
    if (error instanceof InputError && error.place) {
      // One annotation at the file, line and column (setFailed would add a second, unplaced one).
      const { file, line, column } = error.place;
      core.error(`perfgate: ${describeError(error)}`, { file, startLine: line, startColumn: column, title: 'perfgate: bad input' });
      process.exitCode = core.ExitCode.Failure;
      summary = describeError(error);
    } else if (isUserError(error)) {
      core.setFailed(`perfgate: ${describeError(error)}`);
      summary = describeError(error);
    } else {
      core.setFailed(`perfgate: internal error (a bug, please report it): ${(error as Error)?.stack ?? String(error)}`);
      summary = `internal error (a bug, please report it): ${(error as Error)?.message ?? String(error)}`;
    }
    await publishError(summary, context);
  }
}

/** What a run decided, before anything is published. */
interface Decision {
  check?: CheckOutcome;
  comparison?: CompareOutcome;
  trends?: TrendsOutcome;
  /** The charts drawn into the report folder, with their Mermaid version. */
  drawn?: { mermaid?: string; pngs: HostedChartFile[] };
  /** Why nothing (or only the requirements) was compared: a missing baseline or history. */
  notice?: string;
  /** One sentence per reason the gate failed; empty when it passed. */
  failures: string[];
}

/** Reads every input set, checks, compares, records and draws: everything but publishing. */
async function decide(inputs: ActionInputs, context: RunContext): Promise<Decision> {
  if (inputs.resultsArtifacts !== undefined) {
    const pattern = inputs.resultsArtifacts;
    const folders = await core.group('Downloading result artifacts', async () => {
      const downloaded = await downloadResultArtifacts(inputs.token ?? '', pattern, context);
      for (const note of downloaded.notes) core.warning(note);
      for (const folder of downloaded.folders) core.info(logSafe(`results from ${folder}`));
      return downloaded.folders;
    });
    inputs.results = [...inputs.results, ...folders];
  }
  const { baseline, baselineRun, missing: noBaseline } = await baselineOf(inputs, context);
  let missing = noBaseline;
  if (inputs.history !== undefined && inputs.historyBranch !== undefined) await historyFromBranch(inputs, inputs.history, inputs.historyBranch, context);
  if (inputs.history !== undefined && !existsSync(inputs.history)) {
    // A history kept in the Actions cache is missing until the first recorded run, and whenever the cache misses.
    const why =
      inputs.historyBranch !== undefined
        ? `branch ${inputs.historyBranch} does not exist yet (no run recorded there)`
        : `${inputs.history} does not exist (no run recorded yet, or the cache missed)`;
    missing = { what: 'history', why };
    delete inputs.history;
  }
  const compares = baseline !== undefined || inputs.history !== undefined;
  // The results are read and validated on every run. The check and the comparison read them
  // themselves; a run that does neither (no requirements, no baseline or history yet) reads them
  // here, so that a pattern matching nothing fails instead of passing unread.
  const read = inputs.requirements === undefined && !compares ? readResultsAlone(inputs) : undefined;
  const notice = missing !== undefined ? noticeOfMissing(missing, inputs, read) : undefined;
  if (notice !== undefined) core.notice(notice);
  const check = inputs.requirements !== undefined ? runCheck({ ...inputs, requirements: inputs.requirements }, actionProgress) : undefined;
  const comparison = compares
    ? runCompare(
        {
          reference: baseline ?? [],
          ...(inputs.history !== undefined ? { history: inputs.history } : {}),
          results: inputs.results,
          referenceLabel: baselineRun ? `run ${baselineRun.runId}` : labelOfPath(baseline?.[0] ?? inputs.history!),
          resultLabel: labelOfPath(inputs.results[0]!),
          outputDir: inputs.outputDir,
          thresholds: inputs.thresholds,
          ...(inputs.paired ? { paired: true } : {}),
          ...(inputs.confidence !== undefined ? { confidence: inputs.confidence } : {}),
          gate: inputs.gate,
          // The runner is the machine in a workflow; what the files say (a JVM, a Python) fills the rest.
          resultsEnvironment: currentEnvironment(context.env),
          ...readOptionsOf(inputs),
          ...(baselineRun ? { baselineRun } : {}),
        },
        actionProgress,
      )
    : undefined;
  if (inputs.recordHistory !== undefined) await recordHistory(context, inputs, inputs.recordHistory, read);
  const trends = trendsOfHistory(inputs, context);
  // Each output gets what it shows: the comment and job summary Mermaid, the artifact specs, SVGs
  // and report.html (which draws from the specs). PNGs only when something ships them (chart
  // hosting) or the user asks for them (chart-png: true); they were most of the charts' time.
  const png = inputs.chartPng === true || inputs.chartHosting === 'branch';
  const drawn = inputs.charts ? await drawCharts(inputs.outputDir, check, comparison, inputs.history, inputs.floatParse, png) : undefined;

  const failures: string[] = [];
  if (check?.report.verdict === 'fail') {
    failures.push(
      check.report.checksTotal === 0
        ? 'no checks were run'
        : `${check.report.checksFailed} of ${check.report.checksTotal} checks failed in ${check.report.failedExperiments.join(', ')}`,
    );
  }
  if (comparison?.report.verdict === 'fail') {
    failures.push(`${comparison.report.comparisonsFailed} of ${comparison.report.comparisonsTotal} comparisons with the baseline failed`);
  }
  if (trends && inputs.trends === 'fail' && trends.report.newRegressions > 0) {
    failures.push(`${trends.report.newRegressions} new regression step${trends.report.newRegressions === 1 ? '' : 's'} in the history of the default branch`);
  } else if (trends && trends.report.newRegressions > 0) {
    core.warning(`perfgate: ${trends.report.newRegressions} new regression step(s) in the history of the default branch (see trends.md)`);
  }
  return {
    ...(check ? { check } : {}),
    ...(comparison ? { comparison } : {}),
    ...(trends ? { trends } : {}),
    ...(drawn ? { drawn } : {}),
    ...(notice !== undefined ? { notice } : {}),
    failures,
  };
}

/** Why a comparison the inputs ask for was not made: no baseline was found, or no history recorded yet. */
interface MissingReference {
  what: 'baseline' | 'history';
  why: string;
}

/** The baseline files: the input's patterns, or those of a run found through the API (`auto`, `run:<id>`). */
async function baselineOf(inputs: ActionInputs, context: RunContext): Promise<{ baseline?: string[]; baselineRun?: BaselineRun; missing?: MissingReference }> {
  const settings = inputs.autoBaseline;
  if (!settings) return inputs.baseline ? { baseline: inputs.baseline } : {};
  const found = await core.group('Finding the baseline', async () => {
    const result = await resolveAutoBaseline(settings, context);
    for (const note of result.notes) core.info(logSafe(note));
    return result;
  });
  if ('reason' in found) {
    // A comparison the user asked for by run id that cannot be made is an error, never a pass.
    if (settings.runId !== undefined) throw new UsageError(`input "baseline": run:${settings.runId} gives no baseline: ${found.reason}`);
    return { missing: { what: 'baseline', why: found.reason } };
  }
  core.info(logSafe(`baseline: run ${found.run.runId} (${found.run.runUrl}), commit ${found.run.commit}, ${found.run.date}`));
  return { baseline: found.patterns, baselineRun: found.run };
}

/**
 * The results of a run that neither checks nor compares: read and validated like any other, and
 * an error when they hold no measurement. Its notices go to the log once.
 */
function readResultsAlone(inputs: ActionInputs): LoadedResults {
  const loaded = actionProgress.step('Finding and reading result files', () => loadResults(inputs.results, readOptionsOf(inputs), actionProgress));
  if (countMeasurements(loaded) === 0) {
    throw new InputError(`no measurements were read from input "results" (${inputs.results.join(', ')}): the files hold no benchmark results`);
  }
  core.info(logSafe(`read ${describeRead(loaded)}`));
  for (const sentence of loaded.pooled) core.info(logSafe(sentence));
  return loaded;
}

function countMeasurements(loaded: LoadedResults): number {
  let n = 0;
  for (const e of loaded.experiments.values()) n += e.measurements.length;
  return n;
}

/**
 * What a results set held, in a reader's words: "12 benchmarks (3 experiments) from 2 files". A
 * benchmark is one experiment at one parameter (a Go sub-benchmark, a JMH @Param point, a payload
 * size); the experiments are named only when they are fewer.
 */
export function describeRead(loaded: LoadedResults): string {
  const benchmarks = new Set<string>();
  for (const e of loaded.experiments.values()) for (const m of e.measurements) benchmarks.add(`${e.experiment}\u0000${m.parameter.label}`);
  const experiments = loaded.experiments.size;
  const files = loaded.files.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(benchmarks.size, 'benchmark')}${experiments < benchmarks.size ? ` (${plural(experiments, 'experiment')})` : ''} from ${plural(files, 'file')}`;
}

/**
 * The notice of a run whose baseline or history is missing: why, and what the gate rested on.
 * Without requirements it names what was read, so a pass says plainly that nothing was compared.
 */
function noticeOfMissing(missing: MissingReference, inputs: ActionInputs, read: LoadedResults | undefined): string {
  const head = `No ${missing.what}: ${missing.why}.`;
  if (inputs.requirements !== undefined) return `${head} The gate rests on the requirements alone.`;
  const what = read !== undefined ? `Read ${describeRead(read)}; nothing` : 'Nothing';
  const next = missing.what === 'history' ? ' The first push to the default branch with record-history records one.' : '';
  return `${head} ${what} was compared, so nothing was gated.${next}`;
}

/**
 * Publishes a decision, in this order: report.md and the job summary, the logs, the comment body,
 * the outputs, the uploaded report, then the comment, annotations and the failure. The comment
 * and the upload come after every report file: whatever the API does cannot change the verdict.
 */
async function publish(inputs: ActionInputs, context: RunContext, decision: Decision): Promise<void> {
  const { check, comparison, trends, drawn, failures } = decision;
  const chartsMarkdown = drawn?.mermaid;
  const notice = decision.notice !== undefined ? `> ${escapeMarkdown(decision.notice)}` : undefined;
  // What was judged against what: the base branch is named only when the reference is of it (history, found baseline run).
  const refs = pullRequestRefs(context);
  const ofBase = inputs.history !== undefined || inputs.autoBaseline !== undefined || decision.notice !== undefined;
  const judged: ReviewerCommentParts = {
    ...(check ? { check: check.report } : {}),
    ...(comparison ? { comparison: comparison.report } : {}),
    ...(notice !== undefined ? { notice } : {}),
    ...(trends ? { trends: trends.markdown } : {}),
    ...(refs.commit !== undefined ? { commit: refs.commit } : {}),
    ...(refs.base !== undefined && ofBase ? { base: refs.base } : {}),
  };
  // report.md is the job summary: the comment's document, uncut, with the charts.
  const fullReport = 'the job summary';
  const reportHtml = drawn !== undefined;
  const markdown = reviewerReport({ ...judged, ...(chartsMarkdown !== undefined ? { charts: chartsMarkdown } : {}) }, { fullReport, reportHtml });
  const writer = new ReportWriter(inputs.outputDir);
  const markdownPath = writer.write(REPORT_MARKDOWN, markdown);
  await writeJobSummary(markdown);
  if (check) logVerbatim(renderText(check.report));
  if (comparison) logVerbatim(renderComparisonText(comparison.report));
  if (trends && inputs.trendIssues) await publishTrendIssues(inputs, context, trends.report);

  const verdict = failures.length > 0 ? 'fail' : 'pass';
  const pullRequest = context.pullRequest;
  const willComment = inputs.comment.when === 'always' || (inputs.comment.when === 'on-regression' && failures.length > 0);
  // A reviewer needs charts of what failed: by default none on a clean pass (the job summary and report.html keep them).
  const commentCharts = inputs.commentCharts === 'always' || (inputs.commentCharts === 'failing' && failures.length > 0);
  let chartImages: string | undefined;
  if (inputs.chartHosting === 'branch') {
    if (drawn !== undefined && pullRequest !== undefined && willComment && commentCharts)
      chartImages = await hostChartImages(context, inputs.comment.token, inputs.chartBranch, pullRequest, drawn.pngs);
    else
      core.info(
        logSafe(
          `charts not hosted: ${drawn === undefined ? 'no charts were drawn' : pullRequest === undefined ? 'no pull request in this event' : !willComment ? 'no comment is posted' : `comment-charts is ${inputs.commentCharts} and the gate passed`}`,
        ),
      );
  }
  const comment =
    pullRequest !== undefined
      ? commentOf(
          inputs.comment.id,
          {
            ...judged,
            ...(commentCharts && chartsMarkdown !== undefined ? { charts: chartsMarkdown } : {}),
            ...(chartImages !== undefined ? { chartImages } : {}),
          },
          { fullReport, reportHtml, ...(inputs.uploadReport !== undefined ? { artifact: inputs.uploadReport } : {}) },
          context.runUrl,
        )
      : undefined;
  if (comment !== undefined) {
    // For a workflow_run workflow with mode: comment (fork pull requests): the exact body, and what it is for.
    writer.write(COMMENT_BODY_FILE, comment.body + '\n');
    const meta: CommentMeta = { pullRequest, commentId: inputs.comment.id, verdict };
    writer.write(COMMENT_META_FILE, JSON.stringify(meta, null, 2) + '\n');
  }
  setOutputs(inputs.outputDir, markdownPath, verdict, check, comparison);
  if (inputs.uploadReport !== undefined) await uploadReport(context, inputs.uploadReport, inputs.outputDir);
  if (comment !== undefined && pullRequest !== undefined) await postComment(inputs.comment, context, failures.length > 0, pullRequest, comment);
  else if (pullRequest === undefined && inputs.comment.when !== 'never') core.info(logSafe('no pull request in this event: no comment'));
  // Annotations are errors when the job fails for them, warnings when it does not.
  if (check) annotateFailedChecks(check, inputs.annotations, inputs.failOnRegression ? core.error : core.warning);
  if (failures.length > 0) {
    const message = `perfgate: ${failures.join('; ')}`;
    if (inputs.failOnRegression) core.setFailed(message);
    else core.warning(`${message} (fail-on-regression is false)`);
  }
}

/**
 * A run that errored decided nothing: the job summary and the pull-request comment say so, so an
 * earlier ✅ or ❌ comment never stands for this run. Best effort: this never throws.
 */
async function publishError(message: string, context: RunContext): Promise<void> {
  if (readModeOrGate() === 'comment') return; // that mode posts another run's report
  const runUrl = context.runUrl;
  await writeJobSummary(erroredMarkdown(message, runUrl));
  let settings: CommentSettings;
  try {
    settings = commentSettings(context);
  } catch {
    return; // the comment inputs themselves are invalid: the error above says which
  }
  const pullRequest = context.pullRequest;
  if (pullRequest === undefined || runUrl === undefined) return;
  try {
    // The comment names the commit, so that a comment left standing by a later failure is recognised as stale.
    const commit = pullRequestRefs(context).commit;
    await postComment(settings, context, true, pullRequest, { body: erroredMarkdown(message, runUrl, commit), runUrl, short: statusComment('error', runUrl, commit) });
  } catch (error) {
    core.warning(`perfgate: no pull-request comment: ${describeError(error)}`);
  }
}

/** What a pull request and the job summary show for a run that errored. */
export const erroredMarkdown = erroredComment;

function readModeOrGate(): 'gate' | 'comment' {
  try {
    return readMode();
  } catch {
    return 'gate';
  }
}

/**
 * The sticky pull-request comment: the job summary's document, shortened to fit GitHub's limit
 * by cutting the least important parts first (never the failing comparison rows before the
 * rest), with a link to the run.
 */
function commentOf(id: string, parts: ReviewerCommentParts, links: ReviewerCommentLinks, runUrl: string | undefined): { body: string; runUrl: string } | undefined {
  if (runUrl === undefined) return undefined;
  return { body: reviewerComment(parts, { ...links, runUrl }, MAX_COMMENT_BODY - commentMarker(id).length - 1), runUrl };
}

/**
 * Charts of the check and comparison (files in the report folder) and their Mermaid version for
 * the job summary and comment. Charts never decide anything: a failure here is a warning.
 */
async function drawCharts(
  outputDir: string,
  check: CheckOutcome | undefined,
  comparison: CompareOutcome | undefined,
  historyFolder: string | undefined,
  floatParse: FloatParse,
  png: boolean,
): Promise<{ mermaid?: string; pngs: HostedChartFile[] } | undefined> {
  return core.group('Drawing charts', async () => {
    try {
      let history: HistoryRecord[] = [];
      if (historyFolder !== undefined) {
        try {
          history = readHistoryWindow(historyFolder, undefined, () => {}); // the comparison warned of a skipped record
        } catch {
          history = []; // a folder of summary runs has no records to chart; the comparison still used it
        }
      }
      const charts = await writeReportCharts(outputDir, { ...(check ? { check } : {}), ...(comparison ? { compare: comparison } : {}), history, floatParse, png });
      core.info(logSafe(`${charts.charts.length} chart(s), ${charts.written.length} file(s); ${charts.reportHtmlPath}`));
      const pngs = charts.charts.flatMap((chart) => chart.files.filter((f) => f.endsWith('.png')).map((path) => ({ path, title: chart.title })));
      return { ...(charts.mermaid === '' ? {} : { mermaid: charts.mermaid }), pngs };
    } catch (error) {
      core.warning(`perfgate: charts were not drawn: ${describeError(error)}`);
      return undefined;
    }
  });
}

/**
 * `chart-hosting: branch`: commits the PNGs to the chart branch and returns the comment's image
 * section. Skipped up front for a fork pull request; a token that may not write gives a notice,
 * any other failure a warning. Never changes the verdict.
 */
async function hostChartImages(context: RunContext, token: string, branch: string, pullRequest: number, pngs: HostedChartFile[]): Promise<string | undefined> {
  if (isForkPullRequest(context.event)) {
    core.notice('perfgate: charts not hosted: the pull request comes from a fork, whose token may not write to this repository');
    return undefined;
  }
  if (!context.repository) {
    core.notice('perfgate: charts not hosted: GITHUB_REPOSITORY is not set');
    return undefined;
  }
  const { owner, repo } = context.repository;
  return core.group('Hosting chart images', async () => {
    const result = await hostCharts({
      token,
      ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
      serverUrl: context.serverUrl,
      owner,
      repo,
      branch,
      pullRequest,
      runId: context.runId,
      runAttempt: context.runAttempt,
      files: pngs,
    });
    for (const note of result.notes) core.info(logSafe(note));
    if (result.outcome === 'hosted') {
      core.info(logSafe(`${result.images.length} chart image(s) committed to ${branch}: ${result.commit}`));
      return result.markdown;
    }
    if (result.outcome === 'skipped') core.notice(`perfgate: charts not hosted: ${result.reason}`);
    else core.warning(`perfgate: charts not hosted: ${result.reason}`);
    return undefined;
  });
}

/**
 * Uploads the report folder as an artifact (the comment links it; mode: comment reads it). Off a
 * runner (no ACTIONS_RUNTIME_TOKEN) or on an upload failure this is a warning, never a verdict.
 */
async function uploadReport(context: RunContext, name: string, folder: string): Promise<void> {
  if (!context.env['ACTIONS_RUNTIME_TOKEN'] || !context.env['ACTIONS_RESULTS_URL']) {
    core.info(logSafe(`report not uploaded as artifact "${name}": not running on a GitHub Actions runner (no ACTIONS_RUNTIME_TOKEN)`));
    return;
  }
  if (isEnterpriseServer(context.serverUrl)) {
    // @actions/artifact (v2 and later) does not support GitHub Enterprise Server: say so once, never as a warning.
    core.notice(
      `perfgate: the report is not uploaded as artifact "${name}": GitHub Enterprise Server does not support the artifact API perfgate uses; the report folder ${folder} is on the runner (set upload-report: false to silence this)`,
    );
    return;
  }
  try {
    const files = listFilesUnder(folder);
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const result = await new DefaultArtifactClient().uploadArtifact(name, files, folder, {});
    core.info(logSafe(`report uploaded as artifact "${name}"${result.id !== undefined ? ` (id ${result.id})` : ''}`));
  } catch (error) {
    core.warning(`perfgate: the report was not uploaded as artifact "${name}": ${describeError(error)}`);
  }
}

/** GitHub Enterprise Server: not github.com, not GHE.com (data residency), not a local test host (as @actions/artifact decides). */
export function isEnterpriseServer(serverUrl: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(serverUrl || 'https://github.com').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host !== 'github.com' && !host.endsWith('.ghe.com') && !host.endsWith('.localhost');
}

function listFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function postComment(
  settings: CommentSettings,
  context: RunContext,
  failed: boolean,
  pullRequest: number,
  comment: { body: string; runUrl: string; short?: string },
): Promise<void> {
  if (settings.when === 'never') return;
  // With on-regression a pass posts nothing new, but corrects the ❌ (or errored) comment an earlier run left.
  const onlyReplace = settings.when === 'on-regression' && !failed;
  const { owner, repo } = requireRepository(context, 'the pull-request comment');
  const result = await upsertStickyComment({
    token: settings.token,
    ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    issueNumber: pullRequest,
    body: comment.body,
    commentId: settings.id,
    mode: settings.mode,
    author: settings.author,
    fullReportUrl: comment.runUrl,
    onlyReplace,
    fallbackBody: comment.short ?? statusComment(failed ? 'fail' : 'pass', comment.runUrl, pullRequestRefs(context).commit),
  });
  if (result.outcome === 'skipped') {
    core.info(logSafe(`no pull-request comment: ${result.reason ?? 'nothing to replace'}`));
    return;
  }
  if (result.outcome === 'forbidden' || result.outcome === 'failed') {
    core.warning(`perfgate: no pull-request comment: ${result.reason ?? result.outcome}`);
    return;
  }
  if (result.reason) core.warning(`perfgate: ${result.reason}`);
  core.info(logSafe(`pull-request comment ${result.outcome}${result.url ? `: ${result.url}` : ''}${result.truncated ? ' (shortened to fit)' : ''}`));
  if (result.commentId !== undefined) core.setOutput('comment-id', result.commentId);
  if (result.url !== undefined) core.setOutput('comment-url', result.url);
}

/** One error annotation per failed check at its line in the summary file, at most `limit`. */
function annotateFailedChecks(check: CheckOutcome, limit: number, annotate: typeof core.error): void {
  const notes = failedCheckNotes(check.report);
  for (const note of notes.slice(0, limit)) {
    const file = check.summaryFiles.get(note.experimentType);
    annotate(note.message, { title: `perfgate: ${note.experimentType}`, ...(file ? { file } : {}), ...(note.line !== undefined ? { startLine: note.line } : {}) });
  }
  if (notes.length > limit && limit > 0)
    core.info(logSafe(`${notes.length - limit} more failed checks are not annotated (input annotations is ${limit}); the job summary lists them all`));
}

/** How result files are read, the same for results, baseline, history and the record. */
function readOptionsOf(inputs: ActionInputs): ResultsOptions {
  return {
    floatParse: inputs.floatParse,
    ...(inputs.format !== undefined ? { format: inputs.format } : {}),
    ...(inputs.skipSeconds !== undefined ? { skipSeconds: inputs.skipSeconds } : {}),
    ...(inputs.mapping !== undefined ? { mapping: inputs.mapping } : {}),
    ...(inputs.repetitions !== undefined ? { repetitions: inputs.repetitions } : {}),
    ...(inputs.experimentNames !== undefined ? { experimentNames: inputs.experimentNames } : {}),
  };
}

/**
 * With `trends` on a recording run (pushes to the default branch): change points over the history
 * just recorded. Never on a pull request, whose candidate is not part of the default branch.
 */
function trendsOfHistory(inputs: ActionInputs, context: RunContext): TrendsOutcome | undefined {
  if (inputs.trends === 'off') return undefined;
  if (context.eventName.startsWith('pull_request')) {
    core.info('trends: not on pull requests (they never fail on the trend of the default branch)');
    return undefined;
  }
  if (inputs.recordHistory === undefined || !existsSync(inputs.recordHistory)) {
    core.notice('trends: no history was recorded in this run (input record-history), so no change points were looked for');
    return undefined;
  }
  return runTrends({ history: inputs.recordHistory, outputDir: inputs.outputDir }, actionProgress);
}

/**
 * `trend-issues`: opens, updates and closes one issue per current regression step. Only where
 * trends run (a recording push, never a pull request); a failure is a warning.
 */
async function publishTrendIssues(inputs: ActionInputs, context: RunContext, report: TrendsOutcome['report']): Promise<void> {
  const { owner, repo } = requireRepository(context, 'input "trend-issues"');
  const alerts = trendAlerts(report, context.serverUrl, `${owner}/${repo}`);
  const result = await core.group('Regression issues', () =>
    syncTrendIssues({ token: inputs.token ?? '', ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}), serverUrl: context.serverUrl, owner, repo, alerts, report }),
  );
  if (result.outcome === 'failed') {
    core.warning(logSafe(`trend-issues: ${result.reason}`));
    return;
  }
  const said = [
    ...result.opened.map((n) => `opened #${n}`),
    ...result.updated.map((n) => `updated #${n}`),
    ...result.closed.map((n) => `closed #${n} (recovered)`),
    ...result.kept.map((n) => `#${n} unchanged`),
  ];
  core.info(`trend-issues: ${said.length > 0 ? said.join(', ') : 'no current regression step, no open issue'}`);
}

/** `history-branch` on the Git Data API: the repository and token of this run. */
function historyBranchOptions(inputs: ActionInputs, branch: string, folder: string, context: RunContext): HistoryBranchOptions {
  const { owner, repo } = requireRepository(context, 'input "history-branch"');
  if (!inputs.token) throw new UsageError('input "history-branch" needs input "github-token" (permission contents: read to read the history, contents: write to record it)');
  const warn = (message: string) => core.warning(logSafe(`history-branch: ${message}`));
  return { token: inputs.token, ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}), owner, repo, branch, folder, warn };
}

/**
 * Copies the records of the history branch into the history folder. A branch that does not exist
 * yet leaves the folder as it was (the caller's "no history" notice); one that cannot be read is
 * an error: a pull request must not pass because its history was unreadable.
 */
async function historyFromBranch(inputs: ActionInputs, folder: string, branch: string, context: RunContext): Promise<void> {
  const options = historyBranchOptions(inputs, branch, folder, context);
  const result = await core.group(`Reading the history from branch ${branch}`, () => readHistoryBranch(options));
  if (result.outcome === 'failed') throw new UsageError(`input "history-branch": ${result.reason}`);
  if (result.outcome === 'read')
    core.info(
      logSafe(
        `history: ${result.records} record(s) on branch ${branch} at ${result.commit.slice(0, 7)}; ${result.downloaded} copied into ${folder}` +
          (result.skipped > 0 ? `; ${result.skipped} skipped (not valid records)` : ''),
      ),
    );
}

/**
 * Appends this run to the history folder (kept to the window), when the event dates the commit;
 * with `history-branch`, commits it there too (never from a pull request). A record the branch
 * did not take is a warning: it is still in the folder, and the verdict does not change. Output
 * `history-recorded` says whether the record reached where it is kept (the branch, with
 * `history-branch`), so that a workflow can act on a lost one.
 */
async function recordHistory(context: RunContext, inputs: ActionInputs, folder: string, read?: LoadedResults): Promise<void> {
  const info = historyRunInfoFromEnv(context.env, context.event);
  if (!info.sha || !info.date || !info.runId || !info.runUrl) {
    core.warning('record-history: this run was not recorded: the event names no commit date (record on push events)');
    core.setOutput('history-recorded', 'false');
    return;
  }
  const loaded = read ?? loadResults(inputs.results, readOptionsOf(inputs), actionProgress);
  // The verdict was reached before recording: nothing here may replace it (a corrupt record in
  // the folder, a full disk, a refusal of the branch); it is a warning naming the record lost.
  try {
    core.setOutput('history-recorded', String(await writeHistory(context, inputs, folder, loaded, info as Required<typeof info>)));
  } catch (error) {
    const why = error instanceof InputError ? error.describe() : describeError(error);
    core.warning(logSafe(`record-history: the record of run ${info.runId} (commit ${info.sha.slice(0, 7)}) was lost: ${why}`));
    core.setOutput('history-recorded', 'false');
  }
}

/** Writes the record; true when it is where it is kept (on the branch, with one). */
async function writeHistory(
  context: RunContext,
  inputs: ActionInputs,
  folder: string,
  loaded: LoadedResults,
  info: Required<ReturnType<typeof historyRunInfoFromEnv>>,
): Promise<boolean> {
  const experiments = [...loaded.experiments.values()];
  // As the comparison sees the candidate's machine: the runner, then what the files add.
  const environment = mergeEnvironments(currentEnvironment(context.env), environmentOfSets(loaded.files.map((f) => f.set)))!;
  const record = makeHistoryRecord(experiments, { sha: info.sha, date: info.date, runId: info.runId, runUrl: info.runUrl, environment });
  let outcome = { written: '', removed: [] as string[] };
  let recorded = true;
  const skip = (file: string, reason: string) => core.warning(logSafe(`${file}: skipped: ${reason}`));
  const append = () => {
    outcome = appendHistoryRecord(folder, record, inputs.historyWindow, skip);
  };
  const branch = inputs.historyBranch;
  if (branch !== undefined && context.eventName.startsWith('pull_request')) {
    core.warning(`record-history: branch ${branch} is never written from a pull request; the record is only in ${folder}`);
    recorded = false;
    append();
  } else if (branch !== undefined) {
    const result = await core.group(`Recording the history on branch ${branch}`, () => writeHistoryBranch(historyBranchOptions(inputs, branch, folder, context), append));
    if (result.outcome === 'failed') {
      if (outcome.written === '') append();
      recorded = false;
      const which = `${historyFileName(record)} (run ${record.runId}, commit ${record.sha.slice(0, 7)})`;
      core.warning(logSafe(`record-history: this run's record ${which} was not committed to branch ${branch}: ${result.reason}. It is in ${folder}.`));
    } else {
      const what = [
        result.added.length > 0 ? `added ${result.added.join(', ')}` : 'nothing new',
        ...(result.removed.length > 0 ? [`removed ${result.removed.length} beyond the window`] : []),
      ].join(', ');
      core.info(logSafe(`history: branch ${branch} at ${result.commit.slice(0, 7)}: ${what}${result.attempts > 1 ? ` (after ${result.attempts - 1} concurrent update(s))` : ''}`));
    }
  } else {
    append();
  }
  core.info(logSafe(`history: recorded ${outcome.written}${outcome.removed.length > 0 ? `, removed ${outcome.removed.length} older record(s)` : ''}`));
  core.setOutput('history-record', outcome.written);
  return recorded;
}

function setOutputs(outputDir: string, markdownPath: string, verdict: 'pass' | 'fail', check?: CheckOutcome, comparison?: CompareOutcome): void {
  core.setOutput('verdict', verdict);
  const failed = new Set([...(check?.report.failedExperiments ?? []), ...(comparison?.report.failedExperiments ?? [])]);
  core.setOutput('failed-experiments', [...failed].join(','));
  if (check) {
    core.setOutput('checks-total', check.report.checksTotal);
    core.setOutput('checks-failed', check.report.checksFailed);
  }
  if (comparison) {
    core.setOutput('comparisons-total', comparison.report.comparisonsTotal);
    core.setOutput('comparisons-failed', comparison.report.comparisonsFailed);
  }
  core.setOutput('report-dir', outputDir);
  core.setOutput('report-markdown', markdownPath);
}

/** The job summary is best effort: outside a runner there is no summary file. */
async function writeJobSummary(markdown: string): Promise<void> {
  if (!process.env['GITHUB_STEP_SUMMARY']) {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
    return;
  }
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    core.warning(`could not write the job summary: ${(error as Error).message}`);
  }
}
