/**
 * What accepts a known change in this run: the pull request's accept label (input `accept-label`, read from the event
 * payload; who added it from a `labeled` event for it, else from the API) and the waiver file (input `waivers`, whose
 * expiry is judged against the run's clock). The comparison applies them (engine/compare/acceptance.ts). On a push
 * (the merge), the label is the merged pull request's (found through the API), and what accepted the run's changes
 * goes into its history record, where the trends read it (engine/trends/accepted.ts).
 */
import type { AcceptLabel } from '../engine/compare/acceptance.js';
import { parseWaivers } from '../engine/compare/waivers.js';
import type { RecordedAcceptance } from '../engine/history/record.js';
import type { CompareOptions } from '../pipeline/compare.js';
import { historyRunInfoFromEnv } from './events.js';
import { apiRoot, githubClient } from './github/http.js';
import { findMergedPullRequest, labelsOfPullRequest, type MergedPullRequest } from './github/pulls.js';
import type { RunContext } from './context.js';
import { getInput, type ActionInputs } from './inputs.js';
import { logSafe } from './logSafety.js';
import { sameLabel, whoAddedLabel } from './github/labelEvents.js';

export type AcceptanceOptions = Pick<CompareOptions, 'acceptLabel' | 'waivers' | 'today'>;

interface PayloadLabel {
  name?: unknown;
  description?: unknown;
}

/** What accepts this run's changes: for the comparison, and (on a recording push) for the history record. */
export interface RunAcceptance {
  compare: AcceptanceOptions;
  /** Set on a run that records its history, when a label or a waiver in force accepts its changes. */
  recorded?: RecordedAcceptance;
}

/** The accept label and the waiver file of the run, as the comparison and the history record take them. */
export async function acceptanceOf(inputs: Readonly<ActionInputs>, context: RunContext): Promise<RunAcceptance> {
  const today = new Date(context.clock.now()).toISOString().slice(0, 10);
  const merged =
    inputs.acceptLabel !== undefined && context.pullRequest === undefined && context.eventName === 'push'
      ? await labelOfMergedPullRequest(inputs.acceptLabel, context)
      : undefined;
  const acceptLabel =
    merged?.label ??
    (inputs.acceptLabel === undefined
      ? undefined
      : context.eventName === 'merge_group'
        ? await labelOfQueuedPullRequest(inputs.acceptLabel, context)
        : await labelOnPullRequest(inputs.acceptLabel, context));
  const compare: AcceptanceOptions = {
    ...(acceptLabel ? { acceptLabel } : {}),
    ...(inputs.waivers !== undefined ? { waivers: inputs.waivers, today } : {}),
  };
  if (inputs.recordHistory === undefined) return { compare };
  // The waivers in force today: a step of a row one names is accepted up to its ceiling.
  const waivers =
    inputs.waivers !== undefined
      ? parseWaivers(inputs.waivers, context.files.readText(inputs.waivers)).filter((w) => w.expires >= today)
      : [];
  if (!acceptLabel && waivers.length === 0) return { compare };
  const pullRequest = merged?.number ?? context.pullRequest;
  return {
    compare,
    recorded: {
      ...(pullRequest !== undefined ? { pullRequest } : {}),
      ...(acceptLabel ? { label: acceptLabel } : {}),
      ...(waivers.length > 0 ? { waivers } : {}),
    },
  };
}

/**
 * The accept label of the pull request whose merge this push is, with who added it when the API says; undefined when
 * the commit merged none, or none with the label. API failures are one line in the log: the push is then recorded
 * without the label.
 */
async function labelOfMergedPullRequest(
  name: string,
  context: RunContext,
): Promise<{ label: AcceptLabel; number: number } | undefined> {
  const sha = historyRunInfoFromEnv(context.env, context.event).sha;
  if (sha === undefined) return undefined;
  const found = await labelOfApiPullRequest(name, context, (octokit, target) =>
    findMergedPullRequest(octokit, { ...target, sha }),
  );
  if (found !== undefined && 'reason' in found) {
    context.out.info(logSafe(`accept-label: no merged pull request with label ${name} (${found.reason})`));
    return undefined;
  }
  return found;
}

/**
 * The accept label of the pull request a merge queue's group tests (its event holds no pull request: the API says),
 * with who added it when the API says: the queue accepts what the pull request's reviewers accepted. API failures are
 * one line in the log, and the queue then judges without the label.
 */
async function labelOfQueuedPullRequest(name: string, context: RunContext): Promise<AcceptLabel | undefined> {
  const number = context.pullRequest;
  if (number === undefined) return undefined;
  const found = await labelOfApiPullRequest(name, context, (octokit, target) =>
    labelsOfPullRequest(octokit, { ...target, number }),
  );
  if (found !== undefined && 'reason' in found) {
    context.out.info(logSafe(`accept-label: the queued pull request's labels are not known (${found.reason})`));
    return undefined;
  }
  return found?.label;
}

/**
 * The label `name` of a pull request the API finds (`find`), with who added it when the API says; undefined without a
 * token or repository, or when the pull request does not carry it; the lookup's reason when it failed.
 */
async function labelOfApiPullRequest(
  name: string,
  context: RunContext,
  find: (
    octokit: ReturnType<typeof githubClient>,
    target: { owner: string; repo: string; token: string },
  ) => Promise<MergedPullRequest | { reason: string }>,
): Promise<{ label: AcceptLabel; number: number } | { reason: string } | undefined> {
  const token = getInput(context.env, 'github-token');
  if (token === '' || !context.repository) return undefined;
  const { owner, repo } = context.repository;
  const pull = await find(githubClient(token, apiRoot(context.apiUrl), { session: context.github }), {
    owner,
    repo,
    token,
  });
  if ('reason' in pull) return pull;
  const label = pull.labels.find((l) => sameLabel(l.name, name));
  if (!label) return undefined;
  const accepted: AcceptLabel = {
    label: label.name,
    ...(label.description !== undefined ? { description: label.description } : {}),
  };
  const adder = await whoAddedLabel(
    {
      token,
      owner,
      repo,
      session: context.github,
      ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
    },
    pull.number,
    label.name,
  );
  if (adder.by === undefined)
    context.out.info(logSafe(`label ${label.name}: who added it is not known (${adder.reason})`));
  return { label: adder.by !== undefined ? { ...accepted, by: adder.by } : accepted, number: pull.number };
}

/** The label when the event's pull request carries it, with its description and who added it (when known). */
async function labelOnPullRequest(name: string, context: RunContext): Promise<AcceptLabel | undefined> {
  const event = context.event as
    | { action?: unknown; label?: PayloadLabel; sender?: { login?: unknown }; pull_request?: { labels?: unknown } }
    | undefined;
  const labels = Array.isArray(event?.pull_request?.labels) ? (event.pull_request.labels as PayloadLabel[]) : [];
  const label = labels.find((l) => typeof l?.name === 'string' && sameLabel(l.name, name));
  if (!label || context.pullRequest === undefined) return undefined;
  const description = typeof label.description === 'string' && label.description !== '' ? label.description : undefined;
  const accepted: AcceptLabel = { label: label.name as string, ...(description !== undefined ? { description } : {}) };
  // The event that added the label names its sender; any other event (a push to the pull request) asks the API.
  const sender = event?.sender?.login;
  if (
    event?.action === 'labeled' &&
    typeof event.label?.name === 'string' &&
    sameLabel(event.label.name, name) &&
    typeof sender === 'string'
  )
    return { ...accepted, by: sender };
  const token = getInput(context.env, 'github-token');
  if (token === '' || !context.repository) return accepted;
  const adder = await whoAddedLabel(
    {
      token,
      owner: context.repository.owner,
      repo: context.repository.repo,
      session: context.github,
      ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
    },
    context.pullRequest,
    accepted.label,
  );
  if (adder.by !== undefined) return { ...accepted, by: adder.by };
  context.out.info(logSafe(`label ${accepted.label}: who added it is not known (${adder.reason})`));
  return accepted;
}
