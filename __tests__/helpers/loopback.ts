/** The HTTP server under every loopback GitHub fake: one request body read whole, one answer. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = { status: number; headers: Record<string, string>; body: string };
export type Handler = (
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: string,
) => Answer | Promise<Answer>;

/** Listens on 127.0.0.1 at a free port; `onError` gets what a handler threw (answered 500). */
export async function listenLoopback(
  handler: Handler,
  onError: (error: unknown) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void Promise.resolve()
        .then(() => handler(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks).toString('utf8')))
        .then(
          (answer) => {
            res.writeHead(answer.status, answer.headers);
            res.end(answer.body);
          },
          (error: unknown) => {
            onError(error);
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end('{"message":"fake failed"}');
          },
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function closeLoopback(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A fake GitHub on a loopback port: subclasses answer requests and collect their problems. */
export abstract class LoopbackFake {
  readonly problems: string[] = [];
  apiUrl = '';
  private server: Server | undefined;

  protected abstract serve(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: string,
  ): Answer | Promise<Answer>;

  async start(): Promise<this> {
    const { server, origin } = await listenLoopback(
      (method, url, headers, body) => this.serve(method, url, headers, body),
      (error) => this.problems.push(`fake: ${String(error)}`),
    );
    this.server = server;
    this.apiUrl = origin;
    return this;
  }

  async stop(): Promise<void> {
    if (this.server) await closeLoopback(this.server);
  }
}
