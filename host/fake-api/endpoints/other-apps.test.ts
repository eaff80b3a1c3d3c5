import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../testing';

const MAIN = { name: 'Gate', languages: ['en', 'zh', 'ar'], otherApps: { paths: ['/myaccount/withdraw', '/futures'] } };
const UK = { name: 'Gate UK', languages: ['en-uk'], otherApps: { paths: ['/legal'] } };

let s: RunningFakeApi;
beforeAll(async () => {
  s = await startFakeApi({ otherApps: (host) => (host.startsWith('uk.') ? UK : MAIN) });
});
afterAll(() => s.close());

describe("the placeholder page of another app's path (otherApps)", () => {
  it('answers a plain HTML page naming the path, with a way back to the locale root, in the page language', async () => {
    const res = await s.fetch('/myaccount/withdraw/USDT?from=notice', { headers: { 'x-forwarded-host': 'localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<main data-other-app="/myaccount/withdraw">');
    expect(html).toContain('<h1>This page belongs to another Gate app</h1>');
    expect(html).toContain('/myaccount/withdraw/USDT is served by another application of the exchange');
    expect(html).toContain('<a href="/" style="color:#2354e6">Back to Gate</a>');
    expect(html).not.toMatch(/<script/i);

    const zh = await (await s.fetch('/zh/futures/USDT/BTC_USDT', { cookies: { lang: 'zh' } })).text();
    expect(zh).toContain('<html lang="zh-CN" dir="ltr">');
    expect(zh).toContain('<h1>此页面属于 Gate 的另一个应用</h1>');
    expect(zh).toContain('<a href="/zh/"');
    const ar = await (await s.fetch('/ar/futures', { cookies: { lang: 'ar' } })).text();
    expect(ar).toContain('dir="rtl"');
  });

  it("reads the region from the page's host, and escapes what the path carries", async () => {
    const uk = await s.fetch('/en-uk/legal/privacy-policy', { headers: { 'x-forwarded-host': 'uk.localhost:3000' } });
    expect(await uk.text()).toContain('Back to Gate UK');
    const notUk = await s.fetch('/legal/privacy-policy', { headers: { 'x-forwarded-host': 'localhost:3000' } });
    expect(await notUk.text()).toBe('not a fake-API path');
    const hostile = await (await s.fetch('/futures/%3Cimg%20src=x%20onerror=alert(1)%3E')).text();
    expect(hostile).not.toContain('<img');
  });

  it('leaves other paths to the host, serves GET and HEAD only', async () => {
    expect(await (await s.fetch('/futures-delivery')).text()).toBe('not a fake-API path');
    expect(await (await s.fetch('/myaccount/withdrawals')).text()).toBe('not a fake-API path');
    expect((await s.fetch('/futures', { method: 'HEAD' })).status).toBe(200);
    const post = await s.fetch('/futures', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
