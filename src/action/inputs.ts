import type { RunContext } from './context.js';
import type { GenericCsvMapping } from '../engine/formats/adapter.js';
import { splitPatterns } from '../pipeline/patterns.js';
import { readMapping } from '../pipeline/resultSets.js';
import type { Files } from '../pipeline/rootedFiles.js';
import { UsageError } from '../engine/errors.js';
import { COMMENT_CHARTS, type CommentCharts } from '../pipeline/comment.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { DEFAULT_OUTPUT_DIR, historyWindowSetting, numberSetting, type RepetitionMode } from '../engine/options.js';
import {
  ACTION_SPELLING,
  comparisonSettings,
  readSettings,
  type ComparisonSettings,
} from '../engine/settings/rules.js';
import { DEFAULT_HISTORY_WINDOW } from '../engine/history/window.js';
import type { AutoBaselineSettings } from './autoBaseline.js';
import { isValidMarkerId, type StickyCommentMode } from './github/comment.js';
import { chartBranchProblem, DEFAULT_CHART_BRANCH, type ChartHosting } from './github/chartHosting.js';

export interface ActionInputs {
  results: string[];
  /** The requirements CSV, when results are checked against requirements. */
  requirements?: string;
  /** Baseline result files, folders or patterns, when results are compared with a baseline. */
  baseline?: string[];
  /** Artifacts of this run (a matrix of benchmark jobs) whose results are checked too. */
  resultsArtifacts?: string;
  /** The API token, when results-artifacts needs it. */
  token?: string;
  /** `baseline: auto` or `run:<id>`: find the baseline through the API. */
  autoBaseline?: AutoBaselineSettings;
  /** A folder of baseline runs for a noise-aware comparison. */
  history?: string;
  /** A folder to append this run's history record to. */
  recordHistory?: string;
  historyWindow: number;
  /** The branch the history records are kept on: read into `history`, `record-history` committed to it. */
  historyBranch?: string;
  /** At most this many failed checks get an annotation (0: none). */
  annotations: number;
  comment: CommentSettings;
  /**
   * How a comparison decides: thresholds, gate, confidence, paired, max-pairs, shared-shift and suite-budget
   * (engine/settings/rules.ts).
   */
  comparison: ComparisonSettings;
  /** The two-stage gate: confirm what the first stage flagged by A/B pairs on this runner (action/confirmStage.ts). */
  confirm?: ActionConfirm;
  outputDir: string;
  failOnRegression: boolean;
  floatParse: FloatParse;
  /** Draw charts: specs, SVG, report.html, and Mermaid charts in the summary and comment. */
  charts: boolean;
  /**
   * Also render every chart as PNG: `true` or `false` when the user says so; `auto` (the default)
   * only when something ships them (chart hosting). Hosting draws them whatever this says.
   */
  chartPng: boolean | 'auto';
  /** `branch`: commit the chart PNGs to `chartBranch` and embed them in the comment; `none`: do not. */
  chartHosting: ChartHosting;
  /** The branch the chart PNGs are committed to (with `chartHosting: branch`). */
  chartBranch: string;
  /** Upload the report folder as an artifact with this name (undefined: do not upload). */
  uploadReport?: string;
  /** A format id for every result file; absent: detected per file. */
  format?: string;
  /** Per-second outputs (ddsperf): warm-up seconds to drop. */
  skipSeconds?: number;
  /** The column mapping for `format: generic-csv`. */
  mapping?: GenericCsvMapping;
  /** Several files of one experiment in a results set: an error (default) or repetitions to pool. */
  repetitions?: RepetitionMode;
  /** Experiment names to replace in every set read (from → to). */
  experimentNames?: Map<string, string>;
  /** When the pull-request comment shows charts: on a failing gate (default), always, or never. */
  commentCharts: CommentCharts;
  /** Change points over the recorded history: off, report them, or fail on a new regression step. */
  trends: 'off' | 'report' | 'fail';
  /** One GitHub issue per current regression step of the default branch (with `trends`). */
  trendIssues: boolean;
  /** The pull-request label that accepts every failing row (default perfgate-accept; absent when given empty). */
  acceptLabel?: string;
  /** The waiver file (engine/compare/waivers.ts). */
  waivers?: string;
}

export type { CommentCharts } from '../pipeline/comment.js';
export { getBooleanInput, getInput } from './inputText.js';
import { booleanInput, choiceInput, getInput, optionalInput, type Env } from './inputText.js';
import { confirmInputs, type ActionConfirm } from './confirmInputs.js';

/** Reads and validates the action's inputs; a bad value names the input and what it accepts. */
export function readInputs(context: Pick<RunContext, 'workflow' | 'job' | 'env' | 'files'>): ActionInputs {
  const { env, files } = context;
  const input = (name: string) => getInput(env, name);
  const results = splitPatterns(getInput(env, 'results', { required: false }));
  const resultsArtifacts = input('results-artifacts');
  if (results.length === 0 && resultsArtifacts === '') {
    throw new UsageError(
      'input "results" is required (summary or raw measurement files, folders or glob patterns), or input "results-artifacts"',
    );
  }
  const requirements = input('requirements');
  const { runMatch, auto, baseline } = baselineInput(input('baseline'));
  const history = input('history');
  const recordHistory = input('record-history');
  const annotations = numberSetting(
    optionalInput(env, 'annotations'),
    'input "annotations"',
    10,
    (v) => Number.isInteger(v) && v >= 0,
    'a whole number, 0 or more',
  );
  const historyWindow = historyWindowSetting(
    optionalInput(env, 'history-window'),
    'input "history-window"',
    DEFAULT_HISTORY_WINDOW,
  );
  if (requirements === '' && baseline.length === 0 && !auto && history === '' && recordHistory === '') {
    throw new UsageError(
      'give input "requirements" (a requirements CSV), input "baseline" or "history" (results to compare with), or input "record-history"',
    );
  }
  const comparison = comparisonSettings(
    {
      ...(auto ? { reference: 'found' } : baseline.length > 0 ? { reference: 'paths' } : {}),
      history: history !== '',
      paired: booleanInput(env, 'paired', false),
      maxPairs: optionalInput(env, 'max-pairs'),
      sharedShift: booleanInput(env, 'shared-shift', false),
      suiteBudget: booleanInput(env, 'suite-budget', true),
      confidence: optionalInput(env, 'confidence'),
      gate: optionalInput(env, 'gate'),
      threshold: optionalInput(env, 'threshold'),
      missing: optionalInput(env, 'missing'),
    },
    ACTION_SPELLING,
  );
  // A run that only records (a push of the one pasted workflow) has nothing to confirm: confirm-* are for the runs
  // that compare (pull requests, merge queues), so they are not read there.
  const compares = auto || baseline.length > 0 || history !== '';
  const confirm =
    compares || recordHistory === '' ? confirmInputs(env, files, compares, comparison.paired === true) : undefined;
  const historyBranch = historyBranchInput(input('history-branch'), history, recordHistory);
  const outputDir = input('output-dir') || DEFAULT_OUTPUT_DIR;
  return {
    results,
    ...(requirements !== '' ? { requirements } : {}),
    ...(baseline.length > 0 ? { baseline } : {}),
    ...(auto ? { autoBaseline: { ...apiSettings(env), ...(runMatch ? { runId: Number(runMatch[1]) } : {}) } } : {}),
    ...(resultsArtifacts !== '' ? { resultsArtifacts, token: apiSettings(env).token } : {}),
    ...(history !== '' ? { history } : {}),
    ...(recordHistory !== '' ? { recordHistory } : {}),
    historyWindow,
    ...(historyBranch !== '' ? { historyBranch, token: apiSettings(env).token } : {}),
    annotations,
    comment: commentSettings(context),
    comparison,
    ...(confirm !== undefined ? { confirm } : {}),
    outputDir,
    failOnRegression: booleanInput(env, 'fail-on-regression', true),
    charts: booleanInput(env, 'charts', true),
    chartPng: input('chart-png') === 'auto' ? 'auto' : booleanInput(env, 'chart-png', 'auto'),
    ...chartHostingInputs(env),
    ...(booleanInput(env, 'upload-report', true)
      ? { uploadReport: input('report-artifact') || 'perfgate-report' }
      : {}),
    ...readInputsOfFiles(env, files),
    commentCharts: choiceInput<CommentCharts>(env, 'comment-charts', COMMENT_CHARTS, 'failing'),
    ...trendInputs(env),
    ...acceptanceInputs(env),
  };
}

/** The label perfgate accepts a known change by, unless input `accept-label` is given empty. */
export const DEFAULT_ACCEPT_LABEL = 'perfgate-accept';

/**
 * `accept-label` and `waivers`. An accept label not given at all is the default (the runner passes action.yml's
 * default, a test passes nothing); given empty, it is off.
 */
function acceptanceInputs(env: Env): Pick<ActionInputs, 'acceptLabel' | 'waivers'> {
  const given = env['INPUT_ACCEPT-LABEL'];
  const acceptLabel = given === undefined ? DEFAULT_ACCEPT_LABEL : given.trim();
  if (acceptLabel.length > 50 || /[\u0000-\u001f]/.test(acceptLabel))
    throw new UsageError(`input "accept-label" must be a label name of at most 50 characters; got "${acceptLabel}"`);
  const waivers = getInput(env, 'waivers');
  return { ...(acceptLabel !== '' ? { acceptLabel } : {}), ...(waivers !== '' ? { waivers } : {}) };
}

/** `baseline`: `auto`, `run:<run id>` (both found through the API), else files, folders or glob patterns. */
function baselineInput(baselineText: string): { runMatch: RegExpExecArray | null; auto: boolean; baseline: string[] } {
  const runMatch = /^run:\s*(\d+)$/.exec(baselineText);
  if (baselineText.startsWith('run:') && !runMatch)
    throw new UsageError(`input "baseline": "${baselineText}" should be run:<run id>, e.g. run:1234567`);
  const auto = baselineText === 'auto' || runMatch !== null;
  return { runMatch, auto, baseline: auto ? [] : splitPatterns(baselineText) };
}

/** `history-branch`: a branch name, and only with a history folder to read into or record into. */
function historyBranchInput(historyBranch: string, history: string, recordHistory: string): string {
  if (historyBranch !== '') {
    const problem = chartBranchProblem(historyBranch);
    if (problem !== undefined)
      throw new UsageError(`input "history-branch" must be a branch name: ${problem}; got "${historyBranch}"`);
    if (history === '' && recordHistory === '')
      throw new UsageError(
        'input "history-branch" needs input "history" (the folder to read the records into) or input "record-history" (the folder to record into)',
      );
  }
  return historyBranch;
}

/** `trends` and `trend-issues`. */
function trendInputs(env: Env): { trends: ActionInputs['trends']; trendIssues: boolean; token?: string } {
  const trends = choiceInput<ActionInputs['trends']>(env, 'trends', ['off', 'report', 'fail'], 'off');
  const trendIssues = booleanInput(env, 'trend-issues', false);
  if (trendIssues && trends === 'off')
    throw new UsageError(
      'input "trend-issues" needs input "trends" (report or fail): the issues follow the change points it finds',
    );
  return { trends, trendIssues, ...(trendIssues ? { token: apiSettings(env).token } : {}) };
}

/** `chart-hosting` and `chart-branch`. */
function chartHostingInputs(env: Env): { chartHosting: ChartHosting; chartBranch: string } {
  const chartHosting = choiceInput<ChartHosting>(env, 'chart-hosting', ['none', 'branch'], 'none');
  const chartBranch = getInput(env, 'chart-branch') || DEFAULT_CHART_BRANCH;
  const problem = chartBranchProblem(chartBranch);
  if (problem !== undefined)
    throw new UsageError(`input "chart-branch" must be a branch name: ${problem}; got "${chartBranch}"`);
  return { chartHosting, chartBranch };
}

/**
 * `float-parse`, `format`, `mapping`, `skip-seconds`, `repetitions` and `experiment-names`: how result files are read
 * (the CLI's rules, engine/settings/rules.ts); the mapping file read.
 */
function readInputsOfFiles(
  env: Env,
  files: Files,
): Pick<ActionInputs, 'floatParse' | 'format' | 'skipSeconds' | 'mapping' | 'repetitions' | 'experimentNames'> {
  const { mappingFile, ...settings } = readSettings(
    {
      floatParse: optionalInput(env, 'float-parse'),
      format: optionalInput(env, 'format'),
      mapping: optionalInput(env, 'mapping'),
      skipSeconds: optionalInput(env, 'skip-seconds'),
      repetitions: optionalInput(env, 'repetitions'),
      experimentNames: [getInput(env, 'experiment-names')],
    },
    ACTION_SPELLING,
  );
  return { ...settings, ...(mappingFile !== undefined ? { mapping: readMapping(files, mappingFile) } : {}) };
}

export type CommentWhen = 'always' | 'on-regression' | 'never';

export interface CommentSettings {
  when: CommentWhen;
  mode: StickyCommentMode;
  /** The marker id that tells this report's comment apart from others on the pull request. */
  id: string;
  /** Whether `id` was given as input `comment-id` (comment mode otherwise takes the gate's). */
  idGiven: boolean;
  /** Only this author's marked comments are perfgate's (empty: any author). */
  author: string;
  token: string;
}

export function commentSettings(context: Pick<RunContext, 'workflow' | 'job' | 'env'>): CommentSettings {
  const { env } = context;
  const when = choiceInput<CommentWhen>(env, 'comment', ['always', 'on-regression', 'never'], 'always');
  const mode = choiceInput<StickyCommentMode>(
    env,
    'comment-mode',
    ['update', 'recreate', 'hide-and-recreate'],
    'update',
  );
  const given = getInput(env, 'comment-id');
  // By default one comment per workflow and job, so two gates in one pull request do not collide.
  const id = given || defaultCommentId(context.workflow, context.job);
  if (!isValidMarkerId(id))
    throw new UsageError(
      `input "comment-id" must be 1–100 letters, digits or . _ : / + = @ -, starting with a letter or digit; got "${given}"`,
    );
  // An unset input (a workflow that passes no with: value, or a test) means the default; a value of '' given on purpose
  // cannot be told apart, so "any" is spelled out.
  const authorText = getInput(env, 'comment-author');
  const author = authorText === '' ? DEFAULT_COMMENT_AUTHOR : authorText === '*' ? '' : authorText;
  if (author !== '' && !/^[A-Za-z0-9][A-Za-z0-9-]{0,99}(\[bot\])?$/.test(author)) {
    throw new UsageError(
      `input "comment-author" must be a GitHub login such as github-actions[bot] or octocat, or * for any author; got "${authorText}"`,
    );
  }
  return { when, mode, id, idGiven: given !== '', author, token: when === 'never' ? '' : apiSettings(env).token };
}

/** perfgate's Check run: its name and the token that writes it. */
export interface CheckSettings {
  name: string;
  token: string;
}

/**
 * Inputs `check` (default true) and `check-name` (default `perfgate (<job id>)`, or `perfgate` off a runner): the
 * settings of the Check run, or undefined when it is off or no token was given. The run makes its Check only on a
 * pull_request, pull_request_target or push event with a known repository and commit (see `startCheck`).
 */
export function checkSettings(context: Pick<RunContext, 'job' | 'env'>): CheckSettings | undefined {
  const env = context.env;
  if (!booleanInput(env, 'check', true)) return undefined;
  const token = getInput(env, 'github-token');
  if (token === '') return undefined;
  const given = getInput(env, 'check-name');
  const name = given !== '' ? given : context.job !== undefined ? `perfgate (${context.job})` : 'perfgate';
  return { name: name.slice(0, 200), token };
}

/** The login GITHUB_TOKEN comments as. */
export const DEFAULT_COMMENT_AUTHOR = 'github-actions[bot]';

export type ActionMode = 'gate' | 'comment';

/** Input `mode`: gate (the default) or comment (a workflow_run workflow posting a gate's report). */
export function readMode(context: Pick<RunContext, 'env'>): ActionMode {
  return choiceInput<ActionMode>(context.env, 'mode', ['gate', 'comment'], 'gate');
}

export interface CommentModeInputs {
  comment: CommentSettings;
  /** Name (or `*`/`?` pattern) of the triggering run's artifact holding the report folder. */
  reportArtifact: string;
  /** Inputs that only the gate reads but were given, for a warning. */
  ignored: string[];
}

/** The inputs of `mode: comment`; the gate's own inputs are not required there. */
export function readCommentModeInputs(context: Pick<RunContext, 'workflow' | 'job' | 'env'>): CommentModeInputs {
  const comment = commentSettings(context);
  if (comment.when !== 'never' && comment.token === '')
    throw new UsageError(
      'mode: comment needs input "github-token" (the default, github.token, works with permissions pull-requests: write and actions: read)',
    );
  const reportArtifact = getInput(context.env, 'report-artifact') || 'perfgate-report';
  const ignored = ['results', 'results-artifacts', 'requirements', 'baseline', 'history', 'record-history'].filter(
    (name) => getInput(context.env, name) !== '',
  );
  return { comment, reportArtifact, ignored };
}

export function defaultCommentId(workflow: string | undefined, job: string | undefined): string {
  const id = `${workflow ?? 'perfgate'}/${job ?? 'gate'}`
    .replace(/[^A-Za-z0-9._:/+=@-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  return (id || 'perfgate').slice(0, 100);
}

function apiSettings(env: Env): AutoBaselineSettings {
  const token = getInput(env, 'github-token');
  const branch = getInput(env, 'baseline-branch');
  const workflow = getInput(env, 'baseline-workflow');
  return {
    token,
    artifactName: getInput(env, 'baseline-artifact') || 'perfgate-results',
    ...(branch ? { branch } : {}),
    ...(workflow ? { workflow } : {}),
  };
}
