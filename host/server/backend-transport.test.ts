import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackendTransport } from './backend-transport';
import { ReplyTooLargeError } from './bounded-body';

let server: Server;
let origin: string;
let connections = 0;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url!.includes('slow')) return; // never answers
      if (req.url!.includes('trickle')) return trickle(res);
      if (req.url!.startsWith('/base/sized/')) return sized(req, res);
      res.writeHead(req.url!.includes('missing') ? 404 : 200, { 'Content-Type': 'application/json' });
      res.end(req.url!.includes('missing') ? '{"code":404}' : '{"code":0,"data":"é"}');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});

/** Bytes written by /sized/ answers, and whether each ended (or its connection closed first). */
const written: Array<{ bytes: number; finished: boolean }> = [];

/**
 * /base/sized/<bytes>?coding=gzip|br|deflate|x-br&chunked=1&headers=<json>: a JSON reply whose decoded body is <bytes>
 * bytes; chunked replies are written 64 KB at a time as the client reads, and stop when it goes away.
 */
function sized(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://x');
  const bytes = Number(url.pathname.split('/')[3]);
  const head = '{"code":0,"data":"';
  const raw = Buffer.from(`${head}${'x'.repeat(Math.max(0, bytes - head.length - 2))}"}`);
  const coding = url.searchParams.get('coding');
  const encode: Record<string, (b: Buffer) => Buffer> = {
    gzip: gzipSync,
    br: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
    deflate: deflateSync,
  };
  const body = coding && encode[coding] ? encode[coding](raw) : raw;
  const extra = JSON.parse(url.searchParams.get('headers') ?? '{}') as Record<string, string>;
  const record = { bytes: 0, finished: false };
  written.push(record);
  res.once('finish', () => (record.finished = true));
  const headers = { 'Content-Type': 'application/json', ...(coding ? { 'Content-Encoding': coding } : {}), ...extra };
  if (!url.searchParams.has('chunked')) {
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    record.bytes = body.length;
    return res.end(body);
  }
  res.writeHead(200, headers);
  let at = 0;
  const more = () => {
    while (at < body.length && !res.destroyed) {
      const piece = body.subarray(at, at + 65536);
      at += piece.length;
      record.bytes += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  more();
}

/** Answers at once, then sends its body a byte every 50 ms, forever: each byte resets a per-read time-out. */
function trickle(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : res.write(' ')), 50);
}

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createBackendTransport', () => {
  it('sends under the origin path with the given headers (the Host is the origin), and reads the body as text', async () => {
    const send = createBackendTransport(origin);
    const reply = await send({ method: 'GET', url: '/api/x?a=1', headers: { cookie: 'uid=1', host: 'evil.example' }, timeoutMs: 1000 });
    expect(reply).toMatchObject({ status: 200, text: '{"code":0,"data":"é"}', headers: { 'content-type': 'application/json' } });
    const req = seen.at(-1)!;
    expect(req.url).toBe('/base/api/x?a=1');
    expect(req.headers.cookie).toBe('uid=1');
    expect(req.headers.host).toBe(new URL(origin).host);
  });

  it('posts a body with its length, gives a non-2xx status with its body, and keeps connections open', async () => {
    const send = createBackendTransport(origin);
    await send({ method: 'POST', url: '/api/p', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=é', timeoutMs: 1000 });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: 'a=1&b=é' });
    expect(seen.at(-1)!.headers['content-length']).toBe(String(Buffer.byteLength('a=1&b=é')));
    expect(await send({ method: 'GET', url: '/missing', headers: {}, timeoutMs: 1000 })).toMatchObject({ status: 404, text: '{"code":404}' });
    const before = connections;
    for (let i = 0; i < 5; i++) await send({ method: 'GET', url: '/api/again', headers: {}, timeoutMs: 1000 });
    expect(connections - before).toBe(0);
  });

  it('fails a call without an answer at its time-out', async () => {
    const send = createBackendTransport(origin);
    await expect(send({ method: 'GET', url: '/slow', headers: {}, timeoutMs: 200 })).rejects.toThrow('timeout of 200 ms exceeded');
  });

  it("holds nothing past a call's end: its time-out's timer is cleared, whether the call answered, failed or timed out", async () => {
    const send = createBackendTransport(origin);
    const timers: NodeJS.Timeout[] = [];
    const real = globalThis.setTimeout;
    // Every argument passed on: undici's own timers (made meanwhile) get theirs as an argument.
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer = real(fn, ms, ...args);
      if (ms === 777) timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    try {
      await send({ method: 'GET', url: '/api/x', headers: {}, timeoutMs: 777 });
      await send({ method: 'GET', url: '/missing', headers: {}, timeoutMs: 777 });
      await expect(send({ method: 'GET', url: '/slow', headers: {}, timeoutMs: 777 })).rejects.toThrow('timeout of 777 ms exceeded');
    } finally {
      spy.mockRestore();
    }
    // One timer per call (a call without one would run without its whole-call time-out), each gone once it ended.
    expect(timers).toHaveLength(3);
    expect(timers.map((t) => (t as unknown as { _destroyed: boolean })._destroyed)).toEqual([true, true, true]);
  });

  it('fails a call whose body trickles in at its time-out, counted for the whole call', async () => {
    const send = createBackendTransport(origin);
    const started = Date.now();
    await expect(send({ method: 'GET', url: '/trickle', headers: {}, timeoutMs: 400 })).rejects.toThrow('timeout of 400 ms exceeded');
    // Bytes every 50 ms would keep a per-read time-out alive for ever; the whole call still ends near 400 ms.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('createBackendTransport: bounded replies', () => {
  const LIMIT = 256 * 1024;
  const tooLarge: string[] = [];
  const send = (url: string, maxReplyBytes?: number) =>
    createBackendTransport(origin, { replyLimitBytes: LIMIT, onTooLarge: (u) => tooLarge.push(u) })({
      method: 'GET',
      url,
      headers: {},
      timeoutMs: 5000,
      maxReplyBytes,
    });

  it('asks for an unencoded reply and returns its headers (Cache-Control, Vary, Age, Set-Cookie)', async () => {
    const headers = { 'Cache-Control': 'public, max-age=30', Vary: 'X-Forwarded-For', Age: '3', 'Set-Cookie': 'a=1' };
    const reply = await send(`/sized/100?headers=${encodeURIComponent(JSON.stringify(headers))}`);
    expect(seen.at(-1)!.headers['accept-encoding']).toBe('identity');
    expect(reply.headers).toMatchObject({ 'cache-control': 'public, max-age=30', vary: 'X-Forwarded-For', age: '3', 'set-cookie': 'a=1' });
    expect(reply.text).toHaveLength(100);
  });

  it('reads a reply up to the limit, plain or encoded (gzip, br, deflate), counting decoded bytes', async () => {
    for (const q of ['', '?coding=gzip', '?coding=br', '?coding=deflate', '?chunked=1', '?coding=gzip&chunked=1']) {
      const reply = await send(`/sized/${LIMIT}${q}`);
      expect(reply.text, q).toHaveLength(LIMIT);
      expect(JSON.parse(reply.text).code, q).toBe(0);
    }
  });

  it('refuses a Content-Length over the limit before reading, and a body past it (plain, chunked, or decoding past it), aborting the request', async () => {
    const cases = [
      `/sized/${LIMIT + 1}`,
      `/sized/${4 * 1024 * 1024}?chunked=1`,
      `/sized/${16 * 1024 * 1024}?coding=gzip`,
      `/sized/${16 * 1024 * 1024}?coding=gzip&chunked=1`,
      `/sized/${16 * 1024 * 1024}?coding=br&chunked=1`,
      `/sized/${16 * 1024 * 1024}?coding=deflate`,
    ];
    for (const url of cases) {
      tooLarge.length = 0;
      const err = await send(url).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(ReplyTooLargeError);
      expect((err as Error).message).toBe(`reply larger than ${LIMIT} bytes`);
      expect(tooLarge).toEqual([url]);
    }
    // The 4 MB chunked reply was cut off: its server never wrote it all.
    await new Promise((r) => setTimeout(r, 50));
    const chunked = written.find((w) => w.bytes > 0 && w.bytes < 4 * 1024 * 1024 && !w.finished);
    expect(chunked).toBeDefined();
  });

  it('takes a per-call limit over the default', async () => {
    expect((await send(`/sized/${LIMIT * 2}`, LIMIT * 2)).text).toHaveLength(LIMIT * 2);
    await expect(send('/sized/2048', 1024)).rejects.toBeInstanceOf(ReplyTooLargeError);
  });

  it('fails a reply in a coding it does not decode (or several)', async () => {
    await expect(send('/sized/100?headers=' + encodeURIComponent('{"Content-Encoding":"compress"}'))).rejects.toThrow("unsupported content coding 'compress'");
    await expect(send('/sized/100?headers=' + encodeURIComponent('{"Content-Encoding":"gzip, br"}'))).rejects.toThrow('unsupported content coding');
    await expect(send('/sized/100?headers=' + encodeURIComponent('{"Content-Encoding":"__proto__"}'))).rejects.toThrow('unsupported content coding');
    // The connection pool still works after the refusals.
    expect((await send('/sized/10')).status).toBe(200);
  });
});
