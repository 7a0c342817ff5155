/**
 * The history branch's records by name and by blob: the window's order of record names, and the texts of many blobs
 * in few requests (GraphQL, then REST for what GraphQL did not give in full).
 */
import type { Octokit } from './http.js';

/**
 * Records fetched by one GraphQL query (aliases of `object(oid:)`): 50 keep a query well under
 * GitHub's node and time limits while a window of up to 100 (MAX_HISTORY_WINDOW) takes two.
 */
export const BLOBS_PER_QUERY = 50;

/**
 * The window's order of record names, `history-<date>-<run id>.json`: by date, then by run id
 * (numerically), as compareRecords orders the records themselves.
 */
export function compareRecordNames(a: string, b: string): number {
  const [dateA, runA] = splitRecordName(a);
  const [dateB, runB] = splitRecordName(b);
  return (
    compareText(dateA, dateB) || (runA.length !== runB.length ? runA.length - runB.length : compareText(runA, runB))
  );
}

function splitRecordName(name: string): [date: string, runId: string] {
  const stem = name.slice('history-'.length, name.length - '.json'.length);
  const dash = stem.lastIndexOf('-');
  return [stem.slice(0, dash), stem.slice(dash + 1)];
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface BlobFields {
  text: string | null;
  isTruncated: boolean;
  isBinary: boolean | null;
}

/**
 * The texts of these blobs (sha → text): BLOBS_PER_QUERY at a time through one GraphQL query each,
 * then the REST blob of any that GraphQL gave not in full (a text over its size limit, binary) or
 * not at all (a query refused).
 */
export async function blobTexts(
  octokit: Octokit,
  { owner, repo }: { owner: string; repo: string },
  shas: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (let start = 0; start < shas.length; start += BLOBS_PER_QUERY) {
    const batch = shas.slice(start, start + BLOBS_PER_QUERY);
    const declared = batch.map((_, i) => `$o${i}: GitObjectID!`).join(', ');
    const fields = batch
      .map((_, i) => `b${i}: object(oid: $o${i}) { ... on Blob { text isTruncated isBinary } }`)
      .join(' ');
    const query = `query($owner: String!, $name: String!, ${declared}) { repository(owner: $owner, name: $name) { ${fields} } }`;
    const variables = Object.fromEntries(batch.map((sha, i) => [`o${i}`, sha]));
    try {
      const data = await octokit.graphql<{ repository: Record<string, BlobFields | null> | null }>(query, {
        owner,
        name: repo,
        ...variables,
      });
      batch.forEach((sha, i) => {
        const blob = data.repository?.[`b${i}`];
        if (blob && typeof blob.text === 'string' && !blob.isTruncated && !blob.isBinary) texts.set(sha, blob.text);
      });
    } catch {
      // A refused query (GraphQL off on a server, an error in its answer): the REST blobs below.
    }
  }
  for (const sha of shas) {
    if (texts.has(sha)) continue;
    const { data } = await octokit.rest.git.getBlob({ owner, repo, file_sha: sha });
    texts.set(sha, Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8'));
  }
  return texts;
}
