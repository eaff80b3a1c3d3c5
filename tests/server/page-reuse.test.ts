import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubBackend, type StubBackend } from './serving-support';
import { get, startServer, type RunningServer } from './support';

/**
 * Pages prerendered and resumed (PAGE_REUSE, on by default) with a real back end (a stub): every request still makes
 * its own calls, a prerendered page is resumed only when what it was made from is the same, each response has its own
 * nonce, and a logged-in page is prerendered for every user and resumed with each one's own parts.
 */
let backend: StubBackend;
let server: RunningServer;
/** Features the compliance check hides, as the stub answers it now (IP-specific: never cached by the shell). */
let hidden: string[] = [];

beforeAll(async () => {
  backend = await startStubBackend((req, res) => {
    if (!req.url?.startsWith('/api/web/v1/compliance/check')) return false;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 0, data: { menu: hidden } }));
    return true;
  });
  server = await startServer({ env: { API_ORIGIN: backend.origin, ACCESS_LOG: '0' } });
});

afterAll(async () => {
  await server?.stop();
  await backend?.close();
});

const page = (headers: Record<string, string> = {}) => get(server.port, '/', { headers });
const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1] ?? '';
const withoutNonce = (html: string) => html.replaceAll(nonceOf(html), 'NONCE');
const complianceCalls = () => backend.calls.filter((c) => c.url.startsWith('/api/web/v1/compliance/check')).length;
async function pagesMade() {
  const text = (await get(server.port, '/metrics')).text;
  const count = (outcome: string) => Number(new RegExp(`^shell_prerendered_pages_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { prerendered: count('prerendered'), resumed: count('resumed') };
}

describe('pages prerendered and resumed', () => {
  it('resumes the same page again with its own nonce, after making its own back-end calls', async () => {
    const first = await page();
    const calls = complianceCalls();
    const before = await pagesMade();
    const second = await page();
    expect(second.status).toBe(200);
    expect(await pagesMade()).toEqual({ prerendered: before.prerendered, resumed: before.resumed + 1 });
    expect(complianceCalls()).toBe(calls + 1);
    expect(withoutNonce(second.text)).toBe(withoutNonce(first.text));
    const nonce = nonceOf(second.text);
    expect(nonce).not.toBe(nonceOf(first.text));
    expect(String(second.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    expect(second.text.split(`nonce="${nonce}"`).length).toBe(first.text.split(`nonce="${nonceOf(first.text)}"`).length);
  });

  it('renders anew as soon as a reply it was made from changes', async () => {
    const links = (html: string) => html.split('href="/copytrading"').length - 1;
    const shown = (await page()).text;
    hidden = ['copy_trading'];
    const before = await pagesMade();
    const changed = await page();
    expect(changed.text).toContain('"menu":["copy_trading"]');
    expect(links(changed.text)).toBeLessThan(links(shown)); // the header's Copy Trading entry is gone
    expect((await pagesMade()).prerendered).toBe(before.prerendered + 1);
    hidden = [];
  });

  it('renders a page whose cookies differ in one it read (the theme), and reuses that one for the same cookies', async () => {
    const light = await page();
    const before = await pagesMade();
    const dark = await page({ cookie: 'theme=dark' });
    expect(withoutNonce(dark.text)).not.toBe(withoutNonce(light.text));
    const again = await page({ cookie: 'theme=dark; _ga=GA1.2.3' }); // a cookie no render reads
    expect(withoutNonce(again.text)).toBe(withoutNonce(dark.text));
    expect(await pagesMade()).toEqual({ prerendered: before.prerendered + 1, resumed: before.resumed + 1 });
  });

  it("prerenders a logged-in page once for every user: the next user's is resumed from it, with nothing of the first", async () => {
    const before = await pagesMade();
    const bob = await page({ cookie: 'uid=20002; nickname=bob' });
    const alice = await page({ cookie: 'uid=20003; nickname=alice' });
    expect(await pagesMade()).toEqual({ prerendered: before.prerendered + 1, resumed: before.resumed + 1 });
    expect(bob.text).toContain('"nickname":"bob"');
    expect(bob.text).not.toContain('alice');
    expect(alice.text).toContain('"nickname":"alice"');
    expect(alice.text).not.toMatch(/bob|20002/);
  });
});
