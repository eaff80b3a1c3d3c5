import { Agent, request, type IncomingMessage } from 'node:http';

/**
 * The one load generator of the bench, the soak figure and the memory test: a request mix and a bounded concurrent
 * runner on loopback (127.0.0.1, the region chosen by the Host header).
 */

/** One request: the host name (sent as `<host>:<port>`), the path, extra headers, and the status it should get. */
export interface LoadRequest {
  host: string;
  path: string;
  headers?: Record<string, string>;
  expect?: number;
}

/** Pages of the mixed load, [host, path, status]: regions, locales, home, trade, account pages, 404, redirects. */
const PAGES: ReadonlyArray<readonly [string, string, number]> = [
  ['localhost', '/', 200],
  ['localhost', '/zh/', 200],
  ['localhost', '/ar/', 200],
  ['localhost', '/trade/BTC_USDT', 200],
  ['localhost', '/ja/trade/ETH_USDT', 200],
  ['localhost', '/myaccount/security', 200],
  ['localhost', '/myaccount/deposit/USDT', 200],
  ['localhost', '/rewards_hub', 200],
  ['localhost', '/no-such-page', 404],
  ['localhost', '/en/', 302],
  ['uk.localhost', '/en-uk/', 200],
  ['uk.localhost', '/en-uk/trade/BTC_USDT', 200],
  ['uk.localhost', '/zh/', 302],
  ['tr.localhost', '/', 200],
  ['tr.localhost', '/en/myaccount/security', 200],
  ['tr.localhost', '/no-such-page', 404],
  ['eu.localhost', '/it-eu/', 200],
  ['eu.localhost', '/en-eu/rewards_hub', 200],
  ['us.localhost', '/', 302],
  ['us.localhost', '/en-us/', 200],
  ['us.localhost', '/en-us/trade/BTC_USDT', 200],
  ['us.localhost', '/en-us/myaccount/deposit/USDT', 200],
  ['hk.localhost', '/zh/', 200],
  ['hk.localhost', '/tw/myaccount/deposit/USDT', 200],
  ['ae.localhost', '/ar-dubai/', 200],
  ['ae.localhost', '/en-dubai/myaccount/security', 200],
  ['ae.localhost', '/en-dubai/no-such-page', 404],
];

/** The i-th request of the mix: every page in turn, alternately as a visitor and as a user seen only once. */
export function mixedRequest(i: number): LoadRequest {
  const [host, path, expect] = PAGES[i % PAGES.length];
  const loggedIn = Math.floor(i / PAGES.length) % 2 === 1;
  const uid = 100_000 + i;
  return { host, path, expect, headers: loggedIn ? { cookie: `uid=${uid}; nickname=user${uid}` } : undefined };
}

export interface LoadOptions {
  port: number;
  /** The i-th request (0-based). */
  next: (i: number) => LoadRequest;
  /** Index of the first request (to continue a mix). */
  from?: number;
  concurrency?: number;
  /** Stop after this many requests… */
  count?: number;
  /** …or after this many seconds, whichever comes first (always bounded). */
  seconds?: number;
  timeoutMs?: number;
}

export interface LoadResult {
  /** Requests answered (any status). */
  requests: number;
  /** Requests without a complete answer: connection error, reset, time-out. */
  errors: number;
  /** Answers whose status (or kind: HTML for 200/404, a Location for 302) was not the expected one. */
  unexpected: number;
  /** The first few errors and unexpected answers, for messages. */
  samples: string[];
  byStatus: Record<number, number>;
  bytes: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
}

/** 5xx answers plus errors. */
export const failures = (r: LoadResult) => r.errors + Object.entries(r.byStatus).reduce((n, [s, c]) => n + (Number(s) >= 500 ? c : 0), 0);

function wrongKind(res: IncomingMessage, expect: number | undefined): string | undefined {
  if (expect === undefined) return undefined;
  if (res.statusCode !== expect) return `status ${res.statusCode}, expected ${expect}`;
  if (expect === 302 && !res.headers.location) return '302 without a Location';
  if ((expect === 200 || expect === 404) && !res.headers['content-type']?.startsWith('text/html'))
    return `${expect} with content-type ${res.headers['content-type']}`;
  return undefined;
}

/** Sends requests with `concurrency` in flight until `count` are done or `seconds` have passed. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const concurrency = o.concurrency ?? 16;
  const count = o.count ?? Infinity;
  const end = Date.now() + (o.seconds ?? 120) * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const byStatus: Record<number, number> = {};
  const samples: string[] = [];
  let issued = 0;
  let errors = 0;
  let unexpected = 0;
  let bytes = 0;
  const note = (r: LoadRequest, what: string) => samples.length < 10 && samples.push(`${r.host}${r.path}${r.headers?.cookie ? ' (logged in)' : ''}: ${what}`);

  const one = (r: LoadRequest) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        errors++;
        note(r, err.message);
        resolve();
      };
      const req = request({ host: '127.0.0.1', port: o.port, path: r.path, agent, headers: { host: `${r.host}:${o.port}`, ...r.headers } }, (res) => {
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          latencies.push(performance.now() - started);
          byStatus[res.statusCode ?? 0] = (byStatus[res.statusCode ?? 0] ?? 0) + 1;
          const wrong = wrongKind(res, r.expect);
          if (wrong) {
            unexpected++;
            note(r, wrong);
          }
          resolve();
        });
      });
      req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error('timed out')));
      req.on('error', fail);
      req.end();
    });

  const worker = async () => {
    while (issued < count && Date.now() < end) await one(o.next((o.from ?? 0) + issued++));
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, unexpected, samples, byStatus, bytes, seconds, rps: latencies.length / seconds, p50: pct(0.5), p95: pct(0.95) };
}

/** Home at concurrency 16 for `seconds` (the throughput figure). */
export const homeLoad = (port: number, headers: Record<string, string>, seconds: number) =>
  runLoad({ port, next: () => ({ host: 'localhost', path: '/', headers, expect: 200 }), seconds, concurrency: 16 });

/** One request of the mix, whole: status and body text. */
export function fetchText(port: number, r: LoadRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: r.path, headers: { host: `${r.host}:${port}`, ...r.headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${r.path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
