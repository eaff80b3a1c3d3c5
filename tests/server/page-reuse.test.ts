import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubBackend, type StubBackend } from './serving-support';
import { get, startServer, type RunningServer } from './support';

/**
 * Visitor pages reused (PAGE_REUSE, on by default) with a real back end (a stub): every request still makes its own
 * calls, a page is reused only when what it was rendered from is the same, each response has its own nonce, and
 * logged-in pages are always rendered.
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
async function visitorPages() {
  const text = (await get(server.port, '/metrics')).text;
  const count = (outcome: string) => Number(new RegExp(`^shell_visitor_pages_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rendered: count('rendered'), reused: count('reused') };
}

describe('visitor pages reused', () => {
  it('gives the same page again with its own nonce, after making its own back-end calls', async () => {
    const first = await page();
    const calls = complianceCalls();
    const before = await visitorPages();
    const second = await page();
    expect(second.status).toBe(200);
    expect(await visitorPages()).toEqual({ rendered: before.rendered, reused: before.reused + 1 });
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
    const before = await visitorPages();
    const changed = await page();
    expect(changed.text).toContain('"menu":["copy_trading"]');
    expect(links(changed.text)).toBeLessThan(links(shown)); // the header's Copy Trading entry is gone
    expect((await visitorPages()).rendered).toBe(before.rendered + 1);
    hidden = [];
  });

  it('renders a page whose cookies differ in one it read (the theme), and reuses that one for the same cookies', async () => {
    const light = await page();
    const before = await visitorPages();
    const dark = await page({ cookie: 'theme=dark' });
    expect(withoutNonce(dark.text)).not.toBe(withoutNonce(light.text));
    const again = await page({ cookie: 'theme=dark; _ga=GA1.2.3' }); // a cookie no render reads
    expect(withoutNonce(again.text)).toBe(withoutNonce(dark.text));
    expect(await visitorPages()).toEqual({ rendered: before.rendered + 1, reused: before.reused + 1 });
  });

  it('never reuses a logged-in page', async () => {
    const before = await visitorPages();
    const cookie = 'uid=20002; nickname=bob';
    const [a, b] = [await page({ cookie }), await page({ cookie })];
    expect(a.text).toContain('bob');
    expect(b.text).toContain('bob');
    expect(await visitorPages()).toEqual(before);
  });
});
