import type { RunContext } from './context.js';
import type { GenericCsvMapping } from '../engine/formats/adapter.js';
import { parseExperimentNames, REPETITION_MODES, type RepetitionMode } from '../pipeline/results.js';
import { splitPatterns } from '../pipeline/patterns.js';
import { readMapping } from '../pipeline/resultSets.js';
import { UsageError } from '../engine/errors.js';
import { COMMENT_CHARTS, type CommentCharts } from '../pipeline/comment.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import {
  choiceSetting,
  experimentNamePairs,
  floatParseSetting,
  formatSetting,
  historyWindowSetting,
  numberSetting,
  skipSecondsSetting,
  parseMaxPairs,
} from '../engine/options.js';
import { DEFAULT_HISTORY_WINDOW } from '../engine/history/window.js';
import { parseThresholds, type Thresholds } from '../engine/compare/thresholds.js';
import { parseGateStatistics, type GateStatistics } from '../engine/compare/gate.js';
import { parseConfidence } from '../engine/compare/settings.js';
import type { AutoBaselineSettings } from './autoBaseline.js';
import { isValidMarkerId, type StickyCommentMode } from './github/comment.js';
import { chartBranchProblem, DEFAULT_CHART_BRANCH, type ChartHosting } from './github/chartHosting.js';

type Env = RunContext['env'];

/**
 * An input as the runner passes it (@actions/core's getInput): INPUT_<NAME> with spaces as
 * underscores, upper case, trimmed; '' when not given.
 */
export function getInput(env: Env, name: string): string {
  return (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}

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
  thresholds: Thresholds;
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
  /** `baseline` and `results` are folders of interleaved A/B runs from this runner (r1, r2, …). */
  paired: boolean;
  /** The gate's confidence per gated statistic (1 − its false-alarm rate); absent: the method's default. */
  confidence?: number;
  /** With `paired`: the cap of a sequential A/B run (the pairs given are one look); absent: a fixed design. */
  maxPairs?: number;
  /** Which statistics can fail the gate. */
  gate: GateStatistics;
  /** Change points over the recorded history: off, report them, or fail on a new regression step. */
  trends: 'off' | 'report' | 'fail';
  /** One GitHub issue per current regression step of the default branch (with `trends`). */
  trendIssues: boolean;
}

export type { CommentCharts } from '../pipeline/comment.js';

/** Reads and validates the action's inputs; a bad value names the input and what it accepts. */
export function readInputs(context: Pick<RunContext, 'workflow' | 'job' | 'env'>): ActionInputs {
  const env = context.env;
  const results = splitPatterns(getInput(env, 'results'));
  const resultsArtifacts = getInput(env, 'results-artifacts').trim();
  if (results.length === 0 && resultsArtifacts === '') {
    throw new UsageError(
      'input "results" is required (summary or raw measurement files, folders or glob patterns), or input "results-artifacts"',
    );
  }
  const requirements = getInput(env, 'requirements').trim();
  const baselineText = getInput(env, 'baseline').trim();
  const runMatch = /^run:\s*(\d+)$/.exec(baselineText);
  if (baselineText.startsWith('run:') && !runMatch)
    throw new UsageError(`input "baseline": "${baselineText}" should be run:<run id>, e.g. run:1234567`);
  const auto = baselineText === 'auto' || runMatch !== null;
  const baseline = auto ? [] : splitPatterns(baselineText);
  const history = getInput(env, 'history').trim();
  if (history !== '' && (baseline.length > 0 || auto))
    throw new UsageError('give input "baseline" or input "history", not both');
  const recordHistory = getInput(env, 'record-history').trim();
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
  const historyBranch = getInput(env, 'history-branch').trim();
  if (historyBranch !== '') {
    const problem = chartBranchProblem(historyBranch);
    if (problem !== undefined)
      throw new UsageError(`input "history-branch" must be a branch name: ${problem}; got "${historyBranch}"`);
    if (history === '' && recordHistory === '')
      throw new UsageError(
        'input "history-branch" needs input "history" (the folder to read the records into) or input "record-history" (the folder to record into)',
      );
  }
  const outputDir = getInput(env, 'output-dir').trim() || 'perfgate-report';
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
    thresholds: parseThresholds(getInput(env, 'threshold'), 'input "threshold"'),
    outputDir,
    failOnRegression: booleanInput(env, 'fail-on-regression', true),
    floatParse: floatParseSetting(optionalInput(env, 'float-parse'), 'input "float-parse"'),
    charts: booleanInput(env, 'charts', true),
    chartPng: getInput(env, 'chart-png').trim() === 'auto' ? 'auto' : booleanInput(env, 'chart-png', 'auto'),
    ...chartHostingInputs(env),
    ...(booleanInput(env, 'upload-report', true)
      ? { uploadReport: getInput(env, 'report-artifact').trim() || 'perfgate-report' }
      : {}),
    ...formatInputs(env),
    ...(getInput(env, 'repetitions').trim() !== ''
      ? { repetitions: choiceInput<RepetitionMode>(env, 'repetitions', REPETITION_MODES, 'error') }
      : {}),
    ...experimentNamesInput(env),
    commentCharts: choiceInput<CommentCharts>(env, 'comment-charts', COMMENT_CHARTS, 'failing'),
    ...verdictInputs(env, baseline.length > 0),
    ...trendInputs(env),
  };
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

/** `paired`, `confidence` and `gate`: how a comparison decides. */
function verdictInputs(
  env: Env,
  hasBaselineFolder: boolean,
): Pick<ActionInputs, 'paired' | 'gate'> & { confidence?: number; maxPairs?: number } {
  const paired = booleanInput(env, 'paired', false);
  if (paired && !hasBaselineFolder) {
    throw new UsageError(
      'input "paired": give input "baseline" as the folder of base-build runs and "results" as the folder of candidate runs (one sub-folder per run: r1, r2, …)',
    );
  }
  const gate = parseGateStatistics(getInput(env, 'gate'), 'input "gate"');
  const confidence = parseConfidence(getInput(env, 'confidence'), 'input "confidence"');
  const maxPairs = parseMaxPairs(getInput(env, 'max-pairs'), 'input "max-pairs"');
  if (maxPairs !== undefined && !paired)
    throw new UsageError('input "max-pairs" is the cap of a sequential A/B run; it needs input "paired: true"');
  return {
    paired,
    gate,
    ...(confidence !== undefined ? { confidence } : {}),
    ...(maxPairs !== undefined ? { maxPairs } : {}),
  };
}

/** `experiment-names`: one `from=to` per line (or comma-separated). */
function experimentNamesInput(env: Env): { experimentNames?: Map<string, string> } {
  const lines = experimentNamePairs([getInput(env, 'experiment-names')]);
  return lines.length > 0 ? { experimentNames: parseExperimentNames(lines, 'input "experiment-names"') } : {};
}

/** `chart-hosting` and `chart-branch`. */
function chartHostingInputs(env: Env): { chartHosting: ChartHosting; chartBranch: string } {
  const chartHosting = choiceInput<ChartHosting>(env, 'chart-hosting', ['none', 'branch'], 'none');
  const chartBranch = getInput(env, 'chart-branch').trim() || DEFAULT_CHART_BRANCH;
  const problem = chartBranchProblem(chartBranch);
  if (problem !== undefined)
    throw new UsageError(`input "chart-branch" must be a branch name: ${problem}; got "${chartBranch}"`);
  return { chartHosting, chartBranch };
}

/**
 * `format`, `skip-seconds` and `mapping`: how result files of other tools are read (the CLI's rules,
 * engine/options.ts).
 */
function formatInputs(env: Env): { format?: string; skipSeconds?: number; mapping?: GenericCsvMapping } {
  const out: { format?: string; skipSeconds?: number; mapping?: GenericCsvMapping } = {};
  const { format, mappingFile } = formatSetting(
    { format: optionalInput(env, 'format'), mapping: optionalInput(env, 'mapping') },
    { format: 'input "format"', mapping: 'input "mapping"' },
  );
  if (format !== undefined) out.format = format;
  if (mappingFile !== undefined) out.mapping = readMapping(mappingFile);
  const skipSeconds = skipSecondsSetting(optionalInput(env, 'skip-seconds'), 'input "skip-seconds"');
  if (skipSeconds !== undefined) out.skipSeconds = skipSeconds;
  return out;
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
  const env = context.env;
  const when = choiceInput<CommentWhen>(env, 'comment', ['always', 'on-regression', 'never'], 'always');
  const mode = choiceInput<StickyCommentMode>(
    env,
    'comment-mode',
    ['update', 'recreate', 'hide-and-recreate'],
    'update',
  );
  const given = getInput(env, 'comment-id').trim();
  // By default one comment per workflow and job, so two gates in one pull request do not collide.
  const id = given || defaultCommentId(context.workflow, context.job);
  if (!isValidMarkerId(id))
    throw new UsageError(
      `input "comment-id" must be 1–100 letters, digits or . _ : / + = @ -, starting with a letter or digit; got "${given}"`,
    );
  // An unset input (a workflow that passes no with: value, or a test) means the default; a value of '' given on purpose
  // cannot be told apart, so "any" is spelled out.
  const authorText = getInput(env, 'comment-author').trim();
  const author = authorText === '' ? DEFAULT_COMMENT_AUTHOR : authorText === '*' ? '' : authorText;
  if (author !== '' && !/^[A-Za-z0-9][A-Za-z0-9-]{0,99}(\[bot\])?$/.test(author)) {
    throw new UsageError(
      `input "comment-author" must be a GitHub login such as github-actions[bot] or octocat, or * for any author; got "${authorText}"`,
    );
  }
  return { when, mode, id, idGiven: given !== '', author, token: when === 'never' ? '' : apiSettings(env).token };
}

/** The login GITHUB_TOKEN comments as. */
export const DEFAULT_COMMENT_AUTHOR = 'github-actions[bot]';

export type ActionMode = 'gate' | 'comment';

/** Input `mode`: gate (the default) or comment (a workflow_run workflow posting a gate's report). */
export function readMode(env: Env): ActionMode {
  return choiceInput<ActionMode>(env, 'mode', ['gate', 'comment'], 'gate');
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
  const env = context.env;
  const comment = commentSettings(context);
  if (comment.when !== 'never' && comment.token === '')
    throw new UsageError(
      'mode: comment needs input "github-token" (the default, github.token, works with permissions pull-requests: write and actions: read)',
    );
  const reportArtifact = getInput(env, 'report-artifact').trim() || 'perfgate-report';
  const ignored = ['results', 'results-artifacts', 'requirements', 'baseline', 'history', 'record-history'].filter(
    (name) => getInput(env, name).trim() !== '',
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
  const token = getInput(env, 'github-token').trim();
  const branch = getInput(env, 'baseline-branch').trim();
  const workflow = getInput(env, 'baseline-workflow').trim();
  return {
    token,
    artifactName: getInput(env, 'baseline-artifact').trim() || 'perfgate-results',
    ...(branch ? { branch } : {}),
    ...(workflow ? { workflow } : {}),
  };
}

function booleanInput<F extends boolean | 'auto'>(env: Env, name: string, fallback: F): boolean | F {
  const value = getInput(env, name).trim();
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new UsageError(`input "${name}" must be true or false${fallback === 'auto' ? ' or auto' : ''}; got "${value}"`);
}

function choiceInput<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  return choiceSetting(optionalInput(env, name), `input "${name}"`, allowed, fallback);
}

/** An input's trimmed value; an empty input is unset (a workflow cannot tell "not given" from ""). */
function optionalInput(env: Env, name: string): string | undefined {
  const value = getInput(env, name).trim();
  return value === '' ? undefined : value;
}
