import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startFaultBackend, startServer, type FaultBackend, type Reply, type RunningServer } from './support';
import { reportChaos, rssBytes, scaled } from './chaos-report';

/**
 * What the back end may do to the server render, against an independent back end (tests/server/fault-backend.mjs):
 * replies of any size (plain or gzip bombs) fail their call at the reply limit and the page answers with the
 * documented defaults, in a process with a 256 MB heap; a reply is shared between visitors only as its
 * Cache-Control and Vary allow. And what a page echoes of its request stays small.
 */
const SETTINGS = '/api/web/v1/site/settings';
const PAGES = scaled(40);

let backend: FaultBackend;
let server: RunningServer;

beforeAll(async () => {
  backend = await startFaultBackend();
  server = await startServer({
    // PAGE_REUSE=0: every page renders and calls the back end itself.
    env: { FAKE_API: '0', API_ORIGIN: backend.origin, WORKERS: '1', TRUST_PROXY: '1', PAGE_REUSE: '0', ACCESS_LOG: '0' },
    nodeArgs: ['--max-old-space-size=256'],
  });
});
afterAll(async () => {
  await server?.stop();
  await backend?.stop();
});

/** One value of a Prometheus sample (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

/** The sum of every series of a Prometheus metric. */
function sumOf(text: string, name: string): number {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** The page's site settings, as its boot state carries them. */
function siteSettings(page: Reply): { curr_fiat: string; currency_count: string } {
  const m = /"site":(\{"lang_list".*?"sub_site_id":\d+\})/.exec(page.text);
  if (!m) throw new Error(`no site settings in the page (${page.status}, ${page.text.length} bytes)`);
  return JSON.parse(m[1]) as { curr_fiat: string; currency_count: string };
}

/** A returning browser's device id (the page's marketing calls then go out from the server too). */
const fingerprint = () => Math.floor(Date.now() / 1000).toString(16) + 'c'.repeat(32);
const page = (path: string, ip: string) =>
  get(server.port, path, { headers: { 'X-Forwarded-For': ip, 'Accept-Encoding': 'identity', Cookie: `finger_print=${fingerprint()}` } });
const settingsCalls = async () => (await backend.log()).filter((r) => r.url.startsWith(SETTINGS)).length;

describe('back-end replies over the size limit', () => {
  for (const gzip of [false, true]) {
    it(`${PAGES} concurrent pages against 10 MB replies${gzip ? ' (gzip bombs of ~10 KB)' : ''}: all 200 with the defaults, in time, counted, the server up`, async () => {
      await backend.set({ default: { mode: 'huge', bytes: 10 * 1024 * 1024, gzip } });
      await backend.clearLog();
      const metricsBefore = (await get(server.port, '/metrics')).text;
      const pid = server.child.pid!;
      const rssBefore = rssBytes(pid);
      let rssPeak = rssBefore;
      const probe = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 50);
      const started = Date.now();
      const pages = await Promise.all(
        Array.from({ length: PAGES }, (_, i) => page(`/?visit=${i}`, `10.9.${gzip ? 1 : 0}.${i}`).then((r) => ({ r, ms: Date.now() - started }))),
      );
      clearInterval(probe);
      reportChaos({
        case: `${PAGES} pages against 10 MB ${gzip ? 'gzip bombs' : 'replies'} at a 256 MB heap: not 200 in 20 s`,
        tried: PAGES,
        failed: pages.filter(({ r, ms }) => r.status !== 200 || ms >= 20_000).length,
        rssBefore,
        rssPeak,
        rssAfter: rssBytes(pid),
      });
      for (const { r, ms } of pages) {
        expect(r.status).toBe(200);
        expect(ms).toBeLessThan(20_000);
        // Spec 000 §8: site settings' default.
        expect(siteSettings(r)).toMatchObject({ curr_fiat: 'USD', currency_count: '2700' });
      }
      expect((await get(server.port, '/healthz')).status).toBe(200);
      const metrics = (await get(server.port, '/metrics')).text;
      // Every call the back end answered was refused for its size (concurrent shared calls went out once).
      const tooLarge = (text: string) => sumOf(text, 'shell_backend_reply_too_large_total');
      const calls = (await backend.log()).length;
      expect(calls).toBeGreaterThanOrEqual(2 * PAGES);
      expect(tooLarge(metrics) - tooLarge(metricsBefore)).toBe(calls);
      const defaults = (text: string) => sample(text, 'shell_backend_defaults_total', { path: SETTINGS });
      expect(defaults(metrics) - defaults(metricsBefore)).toBe(PAGES);
      expect(sample(metrics, 'process_resident_memory_bytes')).toBeLessThan(600 * 1024 * 1024);
      expect(server.output()).toContain(`GET ${SETTINGS} failed: reply larger than 1048576 bytes`);
    });
  }

  afterAll(() => backend.set({}));
});

describe('BACKEND_REPLY_LIMIT_BYTES', () => {
  let small: RunningServer;
  beforeAll(async () => {
    small = await startServer({
      env: { FAKE_API: '0', API_ORIGIN: backend.origin, WORKERS: '1', PAGE_REUSE: '0', ACCESS_LOG: '0', BACKEND_REPLY_LIMIT_BYTES: '16384' },
    });
  });
  afterAll(() => small?.stop());

  it('sets the limit: a 20 KB reply fails its call (its default), a 12 KB one is read', async () => {
    const settingsOf = async (bytes: number) => {
      await backend.set({ rules: { [SETTINGS]: { mode: 'reply', body: `{"code":0,"data":{"curr_fiat":"EUR","pad":"${'x'.repeat(bytes)}"}}` } } });
      return siteSettings(await get(small.port, '/', { headers: { 'Accept-Encoding': 'identity' } })).curr_fiat;
    };
    expect(await settingsOf(20 * 1024)).toBe('USD');
    expect(await settingsOf(12 * 1024)).toBe('EUR');
    expect(small.output()).toContain(`GET ${SETTINGS} failed: reply larger than 16384 bytes`);
  });

  afterAll(() => backend.set({}));
});

describe('the shared cache follows the back end (RFC 9111)', () => {
  const perIp = (cacheControl: string, vary?: string) => ({
    mode: 'reply',
    headers: { 'Cache-Control': cacheControl, ...(vary ? { Vary: vary } : {}) },
    body: '{"code":0,"data":{"curr_fiat":"IP {{ip}}"}}',
  });

  it('a private reply that varies by client address is never served to another visitor', async () => {
    await backend.set({ rules: { [SETTINGS]: perIp('private, max-age=30', 'X-Forwarded-For') } });
    await backend.clearLog();
    const visits = Array.from({ length: scaled(4) }, (_, i) => `10.${1 + (i % 2)}.${1 + (i % 2)}.${1 + (i % 2)}`);
    const sequential = [];
    for (const ip of visits) sequential.push(await page('/', ip));
    const concurrent = await Promise.all(visits.map((ip) => page('/', ip)));
    const replies = [...sequential, ...concurrent];
    const leaked = replies.filter((r, i) => siteSettings(r).curr_fiat !== `IP ${visits[i % visits.length]}`);
    reportChaos({ case: 'private per-IP replies served to another visitor', tried: replies.length, failed: leaked.length });
    expect(leaked).toEqual([]);
    expect(await settingsCalls()).toBe(2 * visits.length);
  });

  it('a public reply is shared: one back-end call for several visitor pages, within its max-age', async () => {
    await backend.set({ rules: { [SETTINGS]: perIp('public, max-age=30') } });
    await backend.clearLog();
    // Another language than the other tests': a cache scope of its own.
    const first = await page('/zh/', '10.3.3.3');
    const others = await Promise.all(['10.4.4.4', '10.5.5.5', '10.6.6.6', '10.3.3.3'].map((ip) => page('/zh/', ip)));
    for (const r of [first, ...others]) expect(siteSettings(r).curr_fiat).toBe('IP 10.3.3.3');
    expect(await settingsCalls()).toBe(1);
  });

  it('a public reply that varies by client address is shared by the visits of that address only', async () => {
    await backend.set({ rules: { [SETTINGS]: perIp('public, max-age=30', 'X-Forwarded-For') } });
    await backend.clearLog();
    const visits = ['10.7.7.7', '10.8.8.8', '10.7.7.7', '10.8.8.8', '10.7.7.7'];
    for (const ip of visits) expect(siteSettings(await page('/tw/', ip)).curr_fiat).toBe(`IP ${ip}`);
    expect(await settingsCalls()).toBe(2);
  });

  it('a public reply that sets a cookie is not shared', async () => {
    await backend.set({ rules: { [SETTINGS]: { ...perIp('public, max-age=30'), headers: { 'Cache-Control': 'public, max-age=30', 'Set-Cookie': 'geo=x' } } } });
    await backend.clearLog();
    for (const ip of ['10.9.9.1', '10.9.9.2']) expect(siteSettings(await page('/es/', ip)).curr_fiat).toBe(`IP ${ip}`);
    expect(await settingsCalls()).toBe(2);
  });

  afterAll(() => backend.set({}));
});

describe('what a page echoes of its request', () => {
  it('a /trade/<15 KB symbol> answers the 404 page, no larger than any other 404 page', async () => {
    const symbol = 'A'.repeat(15_000);
    const plain404 = await page('/trade/NO-SUCH-SYMBOL', '10.0.0.1');
    const long = await page(`/trade/${symbol}`, '10.0.0.1');
    const longElsewhere = await page(`/x/${symbol}`, '10.0.0.1');
    const longQuery = await page(`/trade/NO-SUCH-SYMBOL?q=${'B'.repeat(12_000)}`, '10.0.0.1');
    for (const r of [plain404, long, longElsewhere, longQuery]) expect(r.status).toBe(404);
    for (const r of [long, longElsewhere, longQuery]) {
      expect(r.text).not.toContain('A'.repeat(600));
      expect(r.text).not.toContain('B'.repeat(1100));
      expect(r.body.length).toBeLessThan(plain404.body.length + 2048);
    }
  });
});

describe('the embedded fake API keeps the demo fast', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startServer({ env: { WORKERS: '1', PAGE_REUSE: '0', ACCESS_LOG: '0' } });
  });
  afterAll(() => demo?.stop());

  it('site settings, the static JSON files and home stats are shared between visitor pages', async () => {
    for (let i = 0; i < 5; i++) expect((await get(demo.port, '/')).status).toBe(200);
    const metrics = (await get(demo.port, '/metrics')).text;
    for (const path of [SETTINGS, '/js/tool/coin_icon_whitelist.json', '/js/tool/page_download_links.json', '/api/web/v1/site/homeStaticTradeData']) {
      expect(sample(metrics, 'shell_backend_calls_total', { path, outcome: 'ok' }), path).toBe(1);
      expect(sample(metrics, 'shell_backend_calls_total', { path, outcome: 'shared' }), path).toBe(4);
    }
    // Per-user and per-visitor calls never are.
    expect(sample(metrics, 'shell_backend_calls_total', { path: '/api/web/v1/compliance/check', outcome: 'ok' })).toBe(5);
    expect(metrics).not.toMatch(/shell_backend_calls_total\{path="\/api\/web\/v1\/compliance\/check",outcome="shared"\}/);
  });
});
