import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackendTransport } from './backend-transport';

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
      res.writeHead(req.url!.includes('missing') ? 404 : 200, { 'Content-Type': 'application/json' });
      res.end(req.url!.includes('missing') ? '{"code":404}' : '{"code":0,"data":"é"}');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('createBackendTransport', () => {
  it('sends under the origin path with the given headers (the Host is the origin), and reads the body as text', async () => {
    const send = createBackendTransport(origin);
    const reply = await send({ method: 'GET', url: '/api/x?a=1', headers: { cookie: 'uid=1', host: 'evil.example' }, timeoutMs: 1000 });
    expect(reply).toEqual({ status: 200, text: '{"code":0,"data":"é"}' });
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
    expect(await send({ method: 'GET', url: '/missing', headers: {}, timeoutMs: 1000 })).toEqual({ status: 404, text: '{"code":404}' });
    const before = connections;
    for (let i = 0; i < 5; i++) await send({ method: 'GET', url: '/api/again', headers: {}, timeoutMs: 1000 });
    expect(connections - before).toBe(0);
  });

  it('fails a call without an answer at its time-out', async () => {
    const send = createBackendTransport(origin);
    await expect(send({ method: 'GET', url: '/slow', headers: {}, timeoutMs: 200 })).rejects.toThrow('timeout of 200 ms exceeded');
  });
});
