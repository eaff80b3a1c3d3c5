import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { accessLines, until } from './serving-support';
import { get, startFaultBackend, startServer, type FaultBackend, type RunningServer } from './support';
import { reportChaos } from './chaos-report';

/**
 * SIGTERM (docs/operations.md "Stopping", DESIGN "Serving"): /readyz answers 503 at once, serving goes on for DRAIN_DELAY_MS with
 * `Connection: close` on every answer, then the server stops accepting, lets in-flight pages finish (up to the 20 s
 * server deadline) and exits 0. No request it accepted is reset.
 */
const DELAY_MS = 2000;
const SCENARIO = 'drain-slow-compliance';

let server: RunningServer | undefined;
let backend: FaultBackend | undefined;
const sockets: Socket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  await server?.stop('SIGKILL');
  await backend?.stop();
});

/** A raw keep-alive connection: what it received, and when it closed. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (received += d));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, closed, received: () => received };
}

/** Splits raw HTTP/1.1 responses (Content-Length or chunked) read from one connection. */
function responses(raw: string): Array<{ status: number; headers: Record<string, string>; body: string }> {
  const out: Array<{ status: number; headers: Record<string, string>; body: string }> = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    let body = '';
    let at = headEnd + 4;
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', at);
        const size = parseInt(rest.slice(at, lineEnd), 16);
        at = lineEnd + 2;
        if (!size) {
          at += 2;
          break;
        }
        body += rest.slice(at, at + size);
        at += size + 2;
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      body = rest.slice(at, at + length);
      at += length;
    }
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    rest = rest.slice(at);
  }
  return out;
}

describe('SIGTERM', () => {
  it('without a drain delay drains: the in-flight page completes with Connection: close, new connections are refused, the process exits 0', async () => {
    server = await startServer();
    const { port } = server;
    const registered = await get(port, '/__mock/scenarios', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: SCENARIO, responses: { '/api/web/v1/compliance/check': { delayMs: DELAY_MS } } }),
    });
    expect(registered.status).toBe(201);

    // An idle keep-alive connection (its one request answered) ...
    const idle = open(port);
    idle.socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    await until(() => responses(idle.received()).length === 1, "the idle connection's answer");

    // ... and a page whose back-end calls take DELAY_MS.
    const mark = server.output().length;
    const page = open(port);
    const pageSentAt = performance.now();
    page.socket.write(`GET / HTTP/1.1\r\nHost: localhost:${port}\r\nCookie: mock_scenario=${SCENARIO}\r\n\r\n`);
    // In flight: the page's other back-end calls have been answered (logged), the delayed one has not.
    await until(() => accessLines(server!.output().slice(mark)).some((l) => l.path === '/api/web/v1/site/settings'), "the page's first back-end calls");
    expect(responses(page.received())).toHaveLength(0);

    server.child.kill('SIGTERM');
    await until(() => server!.output().includes('SIGTERM: draining'), 'the drain message');

    // New connections are refused; the idle keep-alive connection is closed by the server.
    // (A connection that reached the kernel's queue as the listener closed is reset before any request is read.)
    let fresh: string | undefined;
    while (!fresh || fresh === 'ECONNRESET')
      fresh = await get(port, '/readyz').then(
        (r) => `answered ${r.status}`,
        (err: NodeJS.ErrnoException) => err.code,
      );
    expect(fresh).toBe('ECONNREFUSED');
    await idle.closed;

    // The page still completes, whole, after its delayed call.
    await page.closed;
    const pageClosedAt = performance.now();
    const [html, ...more] = responses(page.received());
    expect(more).toHaveLength(0);
    expect(html.headers.connection).toBe('close');
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toMatch(/^<!DOCTYPE html>/i);
    expect(html.body.trimEnd()).toMatch(/<\/html>$/);
    expect(pageClosedAt - pageSentAt).toBeGreaterThanOrEqual(DELAY_MS - 50);
    // Its data and loaders were all answered: nothing refused while draining (the later calls of the page too).
    expect(html.body).toContain('"share/og":');
    expect(html.body).toContain('"home/stats":');
    const drainOutput = server.output().slice(mark);
    expect(drainOutput).not.toMatch(/ECONNREFUSED|\[http\] .* failed/);

    expect(await server.exited).toBe(0);
    expect(server.child.signalCode).toBeNull();
    // The access log recorded the drained page before the exit.
    const logged = accessLines(server.output().slice(mark));
    expect(logged.find((l) => l.path === '/' && l.kind === 'page')).toMatchObject({ status: 200, region: 'main' });
  });

  it('while the shell is still loading ends the process at once with 0', async () => {
    const starting = await startServer({ waitReady: false });
    // Its first line is printed once its signal handlers are installed, before the shell loads.
    await until(() => starting.output().includes('Loading region configs'), 'the loading line');
    starting.child.kill('SIGTERM');
    expect(await starting.exited).toBe(0);
    expect(starting.child.signalCode).toBeNull();
    expect(starting.output()).not.toContain('Exchange shell on');
  });
});

/** Sends one request on a raw connection and resolves with its first response, or the error that ended the connection. */
async function ask(conn: ReturnType<typeof open>, port: number, path: string, already = 0) {
  conn.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
  await Promise.race([until(() => responses(conn.received()).length > already, `the answer to ${path}`, 30_000), conn.closed]);
  return responses(conn.received())[already];
}

describe('SIGTERM with DRAIN_DELAY_MS and a slow back end', () => {
  const DRAIN_DELAY_MS = 1500;
  const BACKEND_DELAY_MS = 3000;

  it('turns /readyz to 503 at once, keeps answering during the delay with Connection: close, resets nothing, exits 0', async () => {
    backend = await startFaultBackend();
    await backend.set({ default: { mode: 'ok', delayMs: BACKEND_DELAY_MS } });
    server = await startServer({ env: { FAKE_API: '0', API_ORIGIN: backend.origin, WORKERS: '1', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) } });
    const { port } = server;

    // A kept-alive connection, idle after one answer, and one whose page is in flight (its back-end calls are slow).
    const idle = open(port);
    expect((await ask(idle, port, '/healthz')).status).toBe(200);
    const busy = open(port);
    busy.socket.write(`GET / HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    for (let calls = 0; calls === 0;) calls = (await backend.log()).length;

    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await until(() => server!.output().includes('SIGTERM: draining'), 'the drain message');

    // At once: readiness 503 on a new connection, which is still accepted and answered.
    const ready = await get(port, '/readyz');
    expect(ready.status, server.output()).toBe(503);
    expect(ready.headers.connection).toBe('close');
    // The idle kept-alive connection still serves a request during the delay, then closes.
    const late = await ask(idle, port, '/healthz', 1);
    expect(late).toMatchObject({ status: 200, headers: { connection: 'close' } });
    await idle.closed;
    // A page asked during the delay is answered whole.
    const during = await get(port, '/');
    expect(during.status).toBe(200);
    expect(during.text.trimEnd()).toMatch(/<\/html>$/);
    expect(during.headers.connection).toBe('close');

    // The page in flight at SIGTERM completes, then its connection is closed: no later request can land on it.
    await busy.closed;
    const [page, ...more] = responses(busy.received());
    expect(page.status).toBe(200);
    expect(page.body.trimEnd()).toMatch(/<\/html>$/);
    expect(more).toHaveLength(0);

    // After the delay, accepting stops; the process exits 0.
    while (
      await get(port, '/healthz').then(
        () => true,
        (e: NodeJS.ErrnoException) => e.code !== 'ECONNREFUSED',
      )
    );
    expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_DELAY_MS - 50);
    const asked = [ready, late, during, page];
    reportChaos({ case: 'SIGTERM on kept-alive connections, slow back end: unanswered', tried: asked.length, failed: asked.filter((r) => !r?.status).length });
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/drain time-out/);
  });

  it('with WORKERS=2, every worker answers /readyz 503 during the delay (never a refusal), then all exit 0', async () => {
    backend ??= await startFaultBackend();
    await backend.set({ default: 'ok' });
    server = await startServer({ env: { FAKE_API: '0', API_ORIGIN: backend.origin, WORKERS: '2', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) } });
    const { port } = server;
    await until(() => server!.output().includes('2 workers ready'), 'both workers', 30_000);
    server.child.kill('SIGTERM');
    await until(() => (server!.output().match(/SIGTERM: draining \d+ in-flight/g) ?? []).length === 2, 'both workers draining');
    // Fresh connections (spread over both workers by the kernel) during the delay: each is answered 503.
    const statuses = await Promise.all(Array.from({ length: 8 }, () => get(port, '/readyz').then((r) => r.status)));
    expect(statuses).toEqual(Array(8).fill(503));
    expect(await server.exited).toBe(0);
  });
});

describe('SIGTERM with DRAIN_DELAY_MS under 24 kept-alive clients that never pause', () => {
  for (const workers of ['1', '2']) {
    it(`with WORKERS=${workers}: every request sent in the delay's first 2 s is answered, none reset`, async () => {
      server = await startServer({ env: { WORKERS: workers, DRAIN_DELAY_MS: '3000', ACCESS_LOG: '0' } });
      const s = server;
      if (workers === '2') await until(() => s.output().includes('2 workers ready'), 'both workers', 30_000);
      const agent = new Agent({ keepAlive: true, maxSockets: 24 });
      const failures: string[] = [];
      let answered = 0;
      let signalledAt = 0;
      let stop = false;
      const one = () =>
        new Promise<void>((done) => {
          const sentAt = performance.now();
          const req = request({ host: '127.0.0.1', port: s.port, path: '/healthz', agent }, (res) => {
            res.resume();
            res.on('end', () => (answered++, done()));
          });
          req.on('error', (err: NodeJS.ErrnoException) => (failures.push(`${err.code} sent ${Math.round(sentAt - signalledAt)} ms after SIGTERM`), done()));
          req.end();
        });
      const clients = Array.from({ length: 24 }, async () => {
        while (!stop) await one();
      });
      await until(() => answered >= 200, 'the clients under way');
      signalledAt = performance.now();
      s.child.kill('SIGTERM');
      // Two thirds of the delay, a second before accepting stops: that instant is a race no server wins for a client
      // that never pauses (docs/operations.md "Stopping").
      await until(() => performance.now() - signalledAt >= 2000, '2 s into the delay');
      stop = true;
      await Promise.all(clients);
      agent.destroy();
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(200);
      expect(await s.exited).toBe(0);
    });
  }
});
