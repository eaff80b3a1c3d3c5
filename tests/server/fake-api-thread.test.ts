import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startServer, type RunningServer } from './support';

/**
 * The embedded fake API in its own thread (host/server/fake-api-thread.ts): the browser's calls reach it through the
 * shell's API proxy and the server render's over loopback, so both see the same scenarios; an event stream passes
 * through the proxy as it comes.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { WORKERS: '1', ACCESS_LOG: '0' } });
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: unknown) =>
  get(server.port, path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the fake API thread', () => {
  it('a scenario registered through the shell reaches the server render at once, a shared reply included', async () => {
    const register = (fiat: string) =>
      post('/__mock/scenarios', {
        name: 'thread-nick',
        responses: {
          '/api/web/v1/usercenter/get_info': { body: { code: 0, data: { verified: 1, user_info: { nick: 'Threaded', uid: '777' } } } },
          '/api/web/v1/site/settings': { body: { code: 0, data: { curr_fiat: fiat, fiat_list: [{ fiat, symbol: fiat }] } } },
        },
      });
    const page = async () => {
      const r = await get(server.port, '/', { headers: { Cookie: 'mock_scenario=thread-nick; uid=777; nickname=someone' } });
      expect(r.status).toBe(200);
      return r.body.toString();
    };
    expect((await register('GBP')).status).toBe(201);
    const before = await page();
    expect(before).toContain('>Threaded<');
    expect(before).toContain('"curr_fiat":"GBP"');
    // site/settings is shared for 30 s: registering the scenario again clears what the cache held from it.
    expect((await register('EUR')).status).toBe(201);
    expect(await page()).toContain('"curr_fiat":"EUR"');
    const listed = JSON.parse((await get(server.port, '/__mock/scenarios')).body.toString()) as { data: Array<{ name: string }> };
    expect(listed.data.map((s) => s.name)).toContain('thread-nick');
  });

  it('passes an event stream on as it comes, and lets it go when the browser leaves', async () => {
    const first = await new Promise<{ type: string | undefined; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/api/web/v1/chart/stream?symbol=BTC_USDT&resolution=60', headers: { Host: 'localhost' } },
        (res) => {
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => {
            text += chunk;
            // The first bar event, while the stream is still open: then leave.
            if (text.includes('event: bar')) {
              resolve({ type: res.headers['content-type'], text });
              req.destroy();
            }
          });
          res.on('end', () => reject(new Error(`the stream ended before its first event: ${text}`)));
        },
      );
      req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
      req.end();
    });
    expect(first.type).toMatch(/^text\/event-stream/);
    expect(first.text).toMatch(/^retry: 3000\n\nevent: bar\ndata: \{/);
    // The shell keeps answering after the browser left mid-stream.
    expect((await get(server.port, '/healthz')).status).toBe(200);
  });
});
