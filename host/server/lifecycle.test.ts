import { EventEmitter } from 'node:events';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAIN_TIMEOUT_MS, Lifecycle } from './lifecycle';

/** A loopback server whose responses are tracked; `/slow` answers only when `release()` is called. */
async function serve() {
  const lifecycle = new Lifecycle();
  const slow: Array<(body: string) => void> = [];
  let arrived: () => void = () => {};
  const server = createServer((req, res) => {
    lifecycle.track(res);
    if (req.url === '/slow') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part;');
      slow.push((body) => res.end(body));
      arrived();
      return;
    }
    res.end('fast');
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    lifecycle,
    server,
    port,
    /** Resolves once the next /slow request reached the handler. */
    nextSlow: () => new Promise<void>((resolve) => (arrived = resolve)),
    release: (body = 'done') => slow.splice(0).forEach((end) => end(body)),
  };
}

function fetchText(port: number, path: string): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a raw keep-alive connection, sends one request and resolves when its response has fully arrived. */
async function idleKeepAlive(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let received = '';
  await new Promise<void>((resolve) => {
    socket.on('data', (d) => {
      received += String(d);
      if (received.endsWith('fast')) resolve();
    });
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
  return { socket, closed };
}

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
});
const track = (server: Server, ...sockets: Socket[]) =>
  cleanup.push(() => {
    sockets.forEach((s) => s.destroy());
    server.closeAllConnections();
    server.close();
  });

describe('Lifecycle', () => {
  it('is ready only between markReady() and drain()', async () => {
    const { lifecycle, server } = await serve();
    track(server);
    expect(lifecycle.isReady).toBe(false);
    expect(lifecycle.isDraining).toBe(false);
    lifecycle.markReady();
    expect(lifecycle.isReady).toBe(true);
    const drained = lifecycle.drain(server);
    expect(lifecycle.isReady).toBe(false);
    expect(lifecycle.isDraining).toBe(true);
    expect(await drained).toEqual({ finished: true, cut: 0 });
    expect(server.listening).toBe(false);
  });

  it('waits the drain time-out of the documented 20 s deadline plus a margin', () => {
    expect(DRAIN_TIMEOUT_MS).toBeGreaterThan(20_000);
  });

  it('counts responses until they close', async () => {
    const s = await serve();
    track(s.server);
    const arrived = s.nextSlow();
    const pending = fetchText(s.port, '/slow');
    await arrived;
    expect(s.lifecycle.pending).toBe(1);
    s.release();
    await pending;
    // 'close' follows the end of the response.
    for (let i = 0; i < 100 && s.lifecycle.pending; i++) await new Promise((r) => setTimeout(r, 5));
    expect(s.lifecycle.pending).toBe(0);
  });

  it('drain stops accepting and closes idle keep-alive connections, lets an in-flight response finish, then resolves', async () => {
    const s = await serve();
    const idle = await idleKeepAlive(s.port);
    track(s.server, idle.socket);
    s.lifecycle.markReady();
    const arrived = s.nextSlow();
    const inFlight = fetchText(s.port, '/slow');
    await arrived;

    let drainedAt = 0;
    const drained = s.lifecycle.drain(s.server).then((r) => ((drainedAt = performance.now()), r));
    // The idle keep-alive connection is closed by the server at once.
    await idle.closed;
    // New connections are refused.
    const refused = await fetchText(s.port, '/fast').then(
      () => 'accepted',
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(drainedAt).toBe(0);

    const releasedAt = performance.now();
    s.release('the end');
    const reply = await inFlight;
    expect(reply).toMatchObject({ status: 200, body: 'first part;the end' });
    expect(await drained).toEqual({ finished: true, cut: 0 });
    expect(drainedAt).toBeGreaterThanOrEqual(releasedAt);
    expect(s.server.listening).toBe(false);
  });

  it('keeps serving for the delay with readiness already off, every answer closing its connection; then refuses', async () => {
    const s = await serve();
    track(s.server);
    s.lifecycle.markReady();
    let drainedAt = 0;
    const drained = s.lifecycle.drain(s.server, { delayMs: 400 }).then((r) => ((drainedAt = performance.now()), r));
    expect(s.lifecycle.isReady).toBe(false);
    const during = await fetchText(s.port, '/fast');
    expect(during).toEqual({ status: 200, body: 'fast', connection: 'close' });
    expect(drainedAt).toBe(0);
    await drained;
    const after = await fetchText(s.port, '/fast').then(
      () => 'accepted',
      (err: NodeJS.ErrnoException) => err.code,
    );
    expect(after).toBe('ECONNREFUSED');
  });

  it('closes a kept-alive connection after the response in flight when draining began, before another request can use it', async () => {
    const s = await serve();
    const socket = connect(s.port, '127.0.0.1');
    track(s.server, socket);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let received = '';
    socket.on('data', (d) => (received += String(d)));
    const arrived = s.nextSlow();
    // Its headers (keep-alive) go out before draining begins.
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await arrived;
    const drained = s.lifecycle.drain(s.server, { delayMs: 60_000 });
    s.release('the end');
    // The server closes the connection after that response, during the delay, without a new request on it.
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toContain('the end');
    expect(s.lifecycle.pending).toBe(0);
    void drained;
  });

  it('asks a response not yet started when draining began to close its connection', async () => {
    const lifecycle = new Lifecycle();
    const server = createServer();
    const fakeRes = () => {
      const res = new EventEmitter() as EventEmitter & {
        headers: Record<string, string>;
        headersSent: boolean;
        req: { socket: EventEmitter & { destroyed: boolean; readableLength: number; isPaused: () => boolean; end: () => void } };
        setHeader: (k: string, v: string) => void;
      };
      res.headers = {};
      res.headersSent = false;
      res.req = { socket: Object.assign(new EventEmitter(), { destroyed: false, readableLength: 0, isPaused: () => false, end: () => {} }) };
      res.setHeader = (k, v) => void (res.headers[k.toLowerCase()] = v);
      return res;
    };
    const before = fakeRes();
    lifecycle.track(before as unknown as ServerResponse);
    expect(before.headers.connection).toBeUndefined();
    const drained = lifecycle.drain(server, { timeoutMs: 5000 });
    expect(before.headers.connection).toBe('close');
    const during = fakeRes();
    lifecycle.track(during as unknown as ServerResponse);
    expect(during.headers.connection).toBe('close');
    expect(lifecycle.pending).toBe(2);
    before.emit('close');
    during.emit('close');
    expect(await drained).toEqual({ finished: true, cut: 0 });
  });

  it('cuts responses still running at the time-out and says how many', async () => {
    const s = await serve();
    track(s.server);
    const arrived = s.nextSlow();
    const inFlight = fetchText(s.port, '/slow').then(
      () => 'completed',
      (err: NodeJS.ErrnoException) => err.code ?? err.message,
    );
    await arrived;
    const started = performance.now();
    const result = await s.lifecycle.drain(s.server, { timeoutMs: 300 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(result).toEqual({ finished: false, cut: 1 });
    // The client saw its response cut off, not completed.
    expect(await inFlight).not.toBe('completed');
    expect(s.server.listening).toBe(false);
  });
});
