/**
 * A static site served on 127.0.0.1, as GitHub Pages serves a published folder: files by their path (index.html for a
 * folder), 404 otherwise, each request's path recorded. Pages that fetch their data need http(s): browsers refuse
 * fetch() of file: URLs.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { closeLoopback, listenLoopback } from './loopback.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
};

export interface SiteServer {
  /** `http://127.0.0.1:<port>/` */
  origin: string;
  /** Paths requested, in order (`/index.html`, `/data/sparklines-0.json`). */
  requests: string[];
  close(): Promise<void>;
}

export async function serveSite(root: string): Promise<SiteServer> {
  const requests: string[] = [];
  const errors: unknown[] = [];
  let server: Server | undefined;
  const started = await listenLoopback(
    (_method, url) => {
      const path = decodeURIComponent(new URL(url, 'http://site').pathname);
      requests.push(path);
      const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(normalize(root) + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile())
        return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
      return {
        status: 200,
        headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' },
        body: readFileSync(file, 'utf8'),
      };
    },
    (error) => errors.push(error),
  );
  server = started.server;
  return {
    origin: `${started.origin}/`,
    requests,
    close: async () => {
      if (server) await closeLoopback(server);
      server = undefined;
      if (errors.length > 0) throw new Error(`the site server failed: ${String(errors[0])}`);
    },
  };
}
