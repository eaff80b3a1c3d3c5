import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { guardConnections } from './connection-guard';

const LIMITS = { headersTimeoutMs: 500, sendTimeoutMs: 1000, maxQueued: 16 };
const BIG = Buffer.alloc(64 * 1024 * 1024, 120);

let server: Server | undefined;
let stop: (() => void) | undefined;
const clients: Socket[] = [];
afterEach(() => {
  stop?.();
  clients.forEach((c) => c.destroy());
  server?.closeAllConnections();
  server?.close();
});

/**
 * A server whose every answer is 64 MB (one write, or streamed in 64 KB pieces as the proxy and pages are), guarded;
 * resolves with its port and when each connection closed on the server's side.
 */
async function start(streamed = false, limits = LIMITS) {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Length': BIG.length });
    if (!streamed) return res.end(BIG);
    Readable.from(
      (function* () {
        for (let at = 0; at < BIG.length; at += 65536) yield BIG.subarray(at, at + 65536);
      })(),
    ).pipe(res);
  });
  stop = guardConnections(server, limits);
  const closed: Array<{ at: number }> = [];
  server.on('connection', (socket: Socket) => socket.once('close', () => closed.push({ at: performance.now() })));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, closed };
}

/** A client that sends `text`, reads the first bytes, then nothing more. */
function greedy(port: number, text: string) {
  const socket = connect(port, '127.0.0.1', () => socket.write(text));
  clients.push(socket);
  socket.on('error', () => {});
  return new Promise<void>((resolve) => socket.once('data', () => (socket.pause(), resolve())));
}

const until = async (check: () => boolean, withinMs: number) => {
  const deadline = performance.now() + withinMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('guardConnections', () => {
  it('abandons a response the client stops taking after sendTimeoutMs, not before', async () => {
    const { port, closed } = await start();
    await greedy(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const since = performance.now();
    await until(() => closed.length === 1, LIMITS.sendTimeoutMs + 5000);
    // The stall begins once the socket buffers are full, after the first bytes: never cut before the time-out.
    expect(closed[0].at - since).toBeGreaterThanOrEqual(LIMITS.sendTimeoutMs - 50);
  });

  it('keeps a connection whose client reads a streamed reply slowly but steadily', async () => {
    // The kernel wakes a writer only once a good part of the socket buffers (megabytes on loopback) has been read: the
    // time-out here leaves room for that at the reader's pace, as the 30 s default does for a slow network's buffers.
    const { port, closed } = await start(true, { ...LIMITS, sendTimeoutMs: 5000 });
    const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    clients.push(socket);
    let read = 0;
    socket.on('data', (d: Buffer) => {
      read += d.length;
      socket.pause();
      setTimeout(() => socket.resume(), 20);
    });
    await until(() => read > 16 * 1024 * 1024, 60_000);
    expect(closed).toEqual([]);
  });

  it('closes a connection that sends no byte at headersTimeoutMs', async () => {
    const { port, closed } = await start();
    const socket = connect(port, '127.0.0.1');
    clients.push(socket);
    socket.on('error', () => {});
    const since = performance.now();
    await until(() => closed.length === 1, LIMITS.headersTimeoutMs + 5000);
    expect(closed[0].at - since).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
  });

  it(`closes a connection with more than ${LIMITS.maxQueued} requests waiting, and not one with fewer`, async () => {
    const { port, closed } = await start();
    const requests = (n: number) => 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(n);
    const few = connect(port, '127.0.0.1', () => few.write(requests(LIMITS.maxQueued)));
    clients.push(few);
    few.on('error', () => {});
    const many = connect(port, '127.0.0.1', () => many.write(requests(50)));
    clients.push(many);
    many.on('error', () => {});
    await until(() => closed.length === 1, 5000);
    expect(few.destroyed || few.readyState !== 'open').toBe(false);
  });
});
