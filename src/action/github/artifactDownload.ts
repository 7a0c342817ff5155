/**
 * Downloading an artifact: `GET …/actions/artifacts/{id}/zip` answers 302 to a pre-signed URL on another host, fetched
 * without the token, within the request timeout and the step's GitHub time budget, and no larger than a limit.
 */
import type { GithubSession, HttpFailure, Octokit } from './http.js';
import { toFailure } from './http.js';

/** GET …/artifacts/{id}/zip without following the redirect, then the signed URL without the token. */
export async function downloadArtifact(
  octokit: Octokit,
  session: GithubSession,
  owner: string,
  repo: string,
  artifactId: number,
  maxBytes: number,
): Promise<{ bytes: Uint8Array } | { failure: HttpFailure }> {
  let location: string | undefined;
  try {
    const response = await octokit.rest.actions.downloadArtifact({
      owner,
      repo,
      artifact_id: artifactId,
      archive_format: 'zip',
      request: { redirect: 'manual' },
    });
    const status = response.status as number;
    if (status >= 300 && status < 400) {
      location = (response.headers as Record<string, string | undefined>)['location'];
      if (!location) return { failure: { status, message: 'redirect without a location' } };
    } else {
      // A server that answers with the archive itself.
      const data = response.data as unknown;
      if (data instanceof ArrayBuffer) return checkSize(new Uint8Array(data), maxBytes);
      return { failure: { status, message: 'the answer is not an archive' } };
    }
  } catch (error) {
    return { failure: toFailure(error) };
  }
  // The storage must answer within the request timeout, and the download end within the step's GitHub budget.
  const clock = session.clock;
  const started = clock.now();
  const budgetEnds = started + session.leftMs();
  const abort = new AbortController();
  const waitMs = Math.max(0, Math.min(session.requestTimeoutMs, budgetEnds - started));
  let cancel = clock.timer(waitMs, () => abort.abort(new Error(`no answer within ${waitMs / 1000} s`)));
  const budgetSpent = () => new Error(`the step's GitHub time budget of ${session.budgetMs / 1000} s ran out`);
  try {
    let blob: Response;
    try {
      blob = await session.fetch(new URL(location, octokit.request.endpoint.DEFAULTS.baseUrl + '/'), {
        redirect: 'follow',
        signal: abort.signal,
      });
    } catch (error) {
      return { failure: { message: `the artifact storage did not answer (${(error as Error).message})` } };
    }
    cancel();
    cancel = clock.timer(Math.max(0, budgetEnds - clock.now()), () => abort.abort(budgetSpent()));
    try {
      return await readBlob(blob, maxBytes);
    } catch (error) {
      return { failure: { message: `the artifact download stopped (${(error as Error).message})` } };
    }
  } finally {
    cancel();
    session.spend(clock.now() - started);
  }
}

async function readBlob(blob: Response, maxBytes: number): Promise<{ bytes: Uint8Array } | { failure: HttpFailure }> {
  if (!blob.ok) {
    await blob.body?.cancel();
    return { failure: { status: blob.status, message: `the artifact storage answered ${blob.status}` } };
  }
  const declared = Number(blob.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await blob.body?.cancel();
    return { failure: { message: `the artifact is ${declared} bytes, more than the limit of ${maxBytes}` } };
  }
  return checkSize(new Uint8Array(await blob.arrayBuffer()), maxBytes);
}

function checkSize(bytes: Uint8Array, maxBytes: number): { bytes: Uint8Array } | { failure: HttpFailure } {
  if (bytes.length > maxBytes)
    return { failure: { message: `the artifact is ${bytes.length} bytes, more than the limit of ${maxBytes}` } };
  return { bytes };
}
