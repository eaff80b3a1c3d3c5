import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startFaultBackend, type FaultBackend } from './support';

/** The fault back end itself: each mode answers as its header comment says (the other server tests rely on it). */
let backend: FaultBackend;
beforeAll(async () => (backend = await startFaultBackend()));
afterAll(() => backend?.stop());

const port = () => Number(new URL(backend.origin).port);

describe('fault back end', () => {
  it('answers by prefix rule, records requests and echoes them', async () => {
    await backend.set({ default: 'ok', rules: { '/echo': 'echo', '/html': 'html', '/mal': 'malformed' } });
    await backend.clearLog();
    const ok = await get(port(), '/api/x', { host: '127.0.0.1' });
    expect(JSON.parse(ok.text)).toMatchObject({ code: 0 });
    const echo = await get(port(), '/echo/a?q=1', { host: '127.0.0.1', headers: { 'x-probe': 'yes' } });
    expect(JSON.parse(echo.text).data).toMatchObject({ method: 'GET', url: '/echo/a?q=1', headers: { 'x-probe': 'yes' } });
    const html = await get(port(), '/html?q=<script>1</script>', { host: '127.0.0.1' });
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.text).toContain('<script>1</script>');
    const malformed = await get(port(), '/mal', { host: '127.0.0.1' });
    expect(() => JSON.parse(malformed.text)).toThrow();
    expect((await backend.log()).map((r) => r.url)).toEqual(['/api/x', '/echo/a?q=1', '/html?q=<script>1</script>', '/mal']);
  });

  it('sends huge replies of the size asked, plain or gzip-encoded, and per-IP bodies', async () => {
    await backend.set({
      rules: {
        '/big': { mode: 'huge', bytes: 2_000_000 },
        '/gz': { mode: 'huge', bytes: 2_000_000, gzip: true },
        '/ip': { mode: 'reply', body: '{"ip":"{{ip}}"}' },
      },
    });
    const big = await get(port(), '/big', { host: '127.0.0.1' });
    expect(big.body.length).toBe(2_000_000);
    expect(JSON.parse(big.text).code).toBe(0);
    const gz = await get(port(), '/gz', { host: '127.0.0.1' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(100_000);
    const ip = await get(port(), '/ip', { host: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(JSON.parse(ip.text)).toEqual({ ip: '203.0.113.9' });
  });

  it('resets a connection without a reply', async () => {
    await backend.set({ rules: { '/reset': 'reset' } });
    await expect(get(port(), '/reset', { host: '127.0.0.1' })).rejects.toThrow();
  });
});
