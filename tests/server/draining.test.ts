import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { accessLines, until } from './serving-support';
import { get, startServer, type RunningServer } from './support';

/**
 * SIGTERM (README "Deploying", DESIGN "Serving"): the server stops accepting, lets in-flight pages finish (up to the
 * 20 s server deadline) and exits 0; /readyz answers 503 while draining.
 */
const DELAY_MS = 2000;
const SCENARIO = 'drain-slow-compliance';

let server: RunningServer | undefined;
const sockets: Socket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  await server?.stop('SIGKILL');
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
  it('drains: the in-flight page completes, /readyz answers 503, new connections are refused, the process exits 0', async () => {
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

    // Readiness on the busy keep-alive connection (pipelined behind the page): 503 while draining.
    page.socket.write(`GET /readyz HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    // New connections are refused; the idle keep-alive connection is closed by the server.
    const fresh = await get(port, '/readyz').then(
      (r) => `answered ${r.status}`,
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(fresh).toBe('ECONNREFUSED');
    await idle.closed;

    // The page still completes, whole, after its delayed call.
    await page.closed;
    const pageClosedAt = performance.now();
    const [html, ready, ...more] = responses(page.received());
    expect(more).toHaveLength(0);
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

    expect(ready.status).toBe(503);
    expect(ready.body).toBe('draining');
    expect(ready.headers.connection).toBe('close');

    expect(await server.exited).toBe(0);
    expect(server.child.signalCode).toBeNull();
    // The access log recorded both answers of the drained connection before the exit.
    const logged = accessLines(server.output().slice(mark));
    expect(logged.find((l) => l.path === '/' && l.kind === 'page')).toMatchObject({ status: 200, region: 'main' });
    expect(logged.find((l) => l.path === '/readyz')).toMatchObject({ status: 503 });
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
