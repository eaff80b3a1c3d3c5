import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeApi, type FakeApi, type FakeApiOptions } from './server';

export interface RunningFakeApi {
  api: FakeApi;
  /** 'http://127.0.0.1:<port>' */
  origin: string;
  /** fetch against the server; `cookies` becomes the Cookie header. */
  fetch(path: string, init?: RequestInit & { cookies?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/** Serves the fake API alone on an ephemeral 127.0.0.1 port (pages answer 404 'not a fake-API path'). */
export async function startFakeApi(options: Partial<FakeApiOptions> = {}): Promise<RunningFakeApi> {
  const api = createFakeApi({ modules: [], ...options });
  const server: Server = createServer((req, res) => {
    api.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not a fake-API path');
      },
      (err) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    api,
    origin,
    fetch: (path, init = {}) => {
      const { cookies, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (cookies)
        headers.set(
          'Cookie',
          Object.entries(cookies)
            .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
            .join('; '),
        );
      return fetch(origin + path, { ...rest, headers, redirect: 'manual' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
