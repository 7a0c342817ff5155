import { getOctokit } from '@actions/github';

/** What went wrong with one API call: the HTTP status when there was one, and the message. */
export interface HttpFailure {
  status?: number;
  message: string;
}

export type Octokit = ReturnType<typeof getOctokit>;

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The REST API root: the option, else GITHUB_API_URL (GitHub Enterprise Server), else github.com. */
export function apiRoot(apiUrl: string | undefined): string {
  return (apiUrl ?? process.env['GITHUB_API_URL'] ?? 'https://api.github.com').replace(/\/+$/, '');
}

/** An Octokit client for `apiUrl` that never logs by itself: perfgate decides what the log says. */
export function githubClient(token: string, apiUrl: string): Octokit {
  return getOctokit(token, { baseUrl: apiUrl, userAgent: 'perfgate', log: silentLog });
}

export function toFailure(error: unknown): HttpFailure {
  const e = error as { status?: unknown; message?: unknown };
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return status === undefined ? { message } : { status, message };
}

/** Belt and braces: the token never reaches a message, even if a server echoes it. */
export function redact(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('***') : text;
}
