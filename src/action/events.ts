/** What the action reads from the GitHub event payload and the runner's environment. */
import type { HistoryRunInfo } from '../engine/history/record.js';

/**
 * The run's identity from the environment and the event payload, as the runner gives them. The
 * date is that of the measured commit: `head_commit.timestamp` on push, then the run's or the
 * pull request's update time. There is no fallback to the clock: without a date, `date` is undefined.
 */
export function historyRunInfoFromEnv(
  env: Record<string, string | undefined>,
  event: unknown,
): Partial<HistoryRunInfo> {
  const server = (env['GITHUB_SERVER_URL'] ?? 'https://github.com').replace(/\/+$/, '');
  const repository = env['GITHUB_REPOSITORY'];
  const runId = env['GITHUB_RUN_ID'];
  const pushedAt = field(event, 'repository', 'pushed_at');
  const date = pickString(
    field(event, 'head_commit', 'timestamp'),
    field(event, 'workflow_run', 'head_commit', 'timestamp'),
    typeof pushedAt === 'number' ? new Date(pushedAt * 1000).toISOString() : pushedAt,
  );
  const info: Partial<HistoryRunInfo> = {};
  const sha = pickString(field(event, 'after'), env['GITHUB_SHA']);
  if (sha !== undefined) info.sha = sha;
  if (date !== undefined) info.date = date;
  if (runId !== undefined && runId !== '') info.runId = runId;
  if (repository && runId) info.runUrl = `${server}/${repository}/actions/runs/${runId}`;
  return info;
}

/** The value at `path` in a JSON payload; undefined where a step is missing or not an object. */
function field(value: unknown, ...path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function pickString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}
