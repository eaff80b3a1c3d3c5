import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the stub back end received. */
export interface StubCall {
  method: string;
  /** Path with the query string, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

export interface StubBackend {
  /** 'http://127.0.0.1:<port>' */
  origin: string;
  calls: StubCall[];
  /** Resolves with the first call (already received or to come) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (call: StubCall) => boolean, timeoutMs?: number): Promise<StubCall>;
  close(): Promise<void>;
}

/**
 * A tiny stand-in for the real exchange API on 127.0.0.1: records every call (after reading its body) and answers
 * `{"code":0,"data":{}}`, unless `answer` handles the call (returns true).
 */
export async function startStubBackend(answer?: (req: IncomingMessage, res: ServerResponse, call: StubCall) => boolean): Promise<StubBackend> {
  const calls: StubCall[] = [];
  const waiters = new Set<{ match: (c: StubCall) => boolean; resolve: (c: StubCall) => void }>();
  const server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const call: StubCall = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, bodyBytes };
      calls.push(call);
      for (const w of waiters) {
        if (w.match(call)) {
          waiters.delete(w);
          w.resolve(call);
        }
      }
      if (answer?.(req, res, call)) return;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"code":0,"data":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    waitFor(match, timeoutMs = 10_000) {
      const seen = calls.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (c: StubCall) => {
            clearTimeout(timer);
            resolve(c);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(`the stub back end received no matching call in ${timeoutMs} ms; it received:\n${calls.map((c) => `${c.method} ${c.url}`).join('\n')}`),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits (at most `timeoutMs`) until `check()` returns a value other than undefined/false, and returns it. */
export async function until<T>(check: () => T | undefined | false | null, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false && v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The JSON access-log lines in a server's output. */
export function accessLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{') && l.endsWith('}'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
