/**
 * What accepts a known change in this run: the pull request's accept label (input `accept-label`, read from the event
 * payload; who added it from a `labeled` event for it, else from the API) and the waiver file (input `waivers`, whose
 * expiry is judged against the run's clock). The comparison applies them (engine/compare/acceptance.ts).
 */
import type { AcceptLabel } from '../engine/compare/acceptance.js';
import type { CompareOptions } from '../pipeline/compare.js';
import type { RunContext } from './context.js';
import { getInput, type ActionInputs } from './inputs.js';
import { logSafe } from './logSafety.js';
import { sameLabel, whoAddedLabel } from './github/labelEvents.js';

export type AcceptanceOptions = Pick<CompareOptions, 'acceptLabel' | 'waivers' | 'today'>;

interface PayloadLabel {
  name?: unknown;
  description?: unknown;
}

/** The accept label and the waiver file of the run, as the comparison takes them. */
export async function acceptanceOf(inputs: Readonly<ActionInputs>, context: RunContext): Promise<AcceptanceOptions> {
  const acceptLabel =
    inputs.acceptLabel !== undefined ? await labelOnPullRequest(inputs.acceptLabel, context) : undefined;
  return {
    ...(acceptLabel ? { acceptLabel } : {}),
    ...(inputs.waivers !== undefined
      ? { waivers: inputs.waivers, today: new Date(context.clock.now()).toISOString().slice(0, 10) }
      : {}),
  };
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
