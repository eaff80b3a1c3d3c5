import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT, get, startServer, type Reply, type RunningServer } from './support';

/**
 * Security headers of the built server: the per-region Content-Security-Policy with a per-response nonce on every
 * script, the framing rules (shell pages never framed, the chat room and micro-apps framed by the site only), HSTS
 * and Secure cookies over HTTPS (directly or through a trusted proxy), the 500 page, and a report-only region.
 */
const ENTRY = resolve(DIST, 'server/entry.js');
const LOGGED_IN = { cookie: 'uid=10001; nickname=alice; cookie_consent=all' };
const HTTPS = { 'X-Forwarded-Proto': 'https' };

let direct: RunningServer | undefined;
let proxied: RunningServer | undefined;
let reportOnly: RunningServer | undefined;
let broken: RunningServer | undefined;
let tmp: string;

/** A project root whose eu config reports instead of enforcing (the rest symlinked to the real one). */
function reportOnlyRoot(): string {
  const root = join(tmp, 'root');
  mkdirSync(join(root, 'region-configs'), { recursive: true });
  cpSync(join(ROOT, 'region-configs'), join(root, 'region-configs'), { recursive: true });
  for (const dir of ['locales', 'plugins', 'schemas']) symlinkSync(join(ROOT, dir), join(root, dir));
  writeFileSync(join(root, 'package.json'), '{}');
  const eu = JSON.parse(readFileSync(join(root, 'region-configs/eu.json'), 'utf8'));
  eu.security = { csp: { reportOnly: true, reportUri: '/api/web/v1/csp-report', sources: { img: ['https://img.gate.eu'] } } };
  writeFileSync(join(root, 'region-configs/eu.json'), JSON.stringify(eu, null, 2));
  return root;
}

/** A build whose client manifest makes every page fail before rendering (the entry's chunk with malformed CSS). */
function brokenDist(): string {
  const dist = join(tmp, 'broken-dist');
  mkdirSync(join(dist, 'client/.vite'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(DIST, 'client/.vite/manifest.json'), 'utf8'));
  manifest['host/client/entry.tsx'] = { ...manifest['host/client/entry.tsx'], css: 1 };
  writeFileSync(join(dist, 'client/.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'shell-security-'));
  const root = reportOnlyRoot();
  [direct, proxied, reportOnly, broken] = await Promise.all([
    startServer(),
    startServer({ env: { TRUST_PROXY: '1' } }),
    startServer({ entry: ENTRY, env: { SHELL_ROOT: root, SHELL_DIST: DIST } }),
    startServer({ entry: ENTRY, env: { SHELL_DIST: brokenDist(), TRUST_PROXY: '1' }, waitReady: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop(), reportOnly?.stop(), broken?.stop()]);
  rmSync(tmp, { recursive: true, force: true });
});

const header = (r: Reply, name: string) => String(r.headers[name.toLowerCase()] ?? '');
const directives = (policy: string) => new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
const cookies = (r: Reply) => (r.headers['set-cookie'] as string[] | undefined) ?? [];

/** Checks a shell page's headers and that every script in it carries the response's nonce. */
function expectShellPage(r: Reply, where: string) {
  const policy = header(r, 'content-security-policy');
  const d = directives(policy);
  const script = d.get('script-src') ?? [];
  expect(script, where).not.toContain("'unsafe-inline'");
  expect(script, where).not.toContain("'unsafe-eval'");
  const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(script.find((s) => s.startsWith("'nonce-")) ?? '')?.[1];
  expect(nonce, `${where}: a nonce in script-src`).toBeTruthy();
  expect(d.get('object-src'), where).toEqual(["'none'"]);
  expect(d.get('base-uri'), where).toEqual(["'self'"]);
  expect(d.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(header(r, 'x-frame-options'), where).toBe('DENY');
  expect(header(r, 'x-content-type-options'), where).toBe('nosniff');
  expect(header(r, 'referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(header(r, 'cross-origin-opener-policy'), where).toBe('same-origin');
  expect(header(r, 'permissions-policy'), where).toBe('camera=(), microphone=(), geolocation=()');
  // Every script that runs carries the nonce; the boot state's data blocks (JSON) never run.
  const scripts = (r.text.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/\stype="application\/json"/.test(tag));
  expect(scripts.length, `${where}: scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, where).toContain(`nonce="${nonce}"`);
  expect(r.text, `${where}: no inline handler`).not.toMatch(/<[^>]+\son[a-z]+=/i);
  expect(r.text, `${where}: no javascript: URL`).not.toMatch(/(href|src|action)="javascript:/i);
  return { policy, nonce: nonce! };
}

describe('shell pages', () => {
  const pages: Array<[region: string, path: string, status: number, cookie?: string]> = [
    ['main', '/', 200],
    ['main', '/no-such-page', 404],
    ['main', '/myaccount/security', 200, LOGGED_IN.cookie],
    ['main', '/myaccount/deposit/BTC', 200, LOGGED_IN.cookie],
    ['main', '/ar/', 200],
    ['tr', '/', 200, LOGGED_IN.cookie],
    ['uk', '/en-uk/no-such-page', 404],
    ['us', '/en-us/myaccount/security', 200, LOGGED_IN.cookie],
    ['ae', '/en-dubai/', 200],
  ];
  for (const [region, path, status, cookie] of pages) {
    it(`${region} ${path}${cookie ? ' (logged in)' : ''}: the policy, a nonce on every script, no framing`, async () => {
      const r = await get(direct!.port, path, { host: region === 'main' ? 'localhost' : `${region}.localhost`, headers: cookie ? { cookie } : {} });
      expect(r.status).toBe(status);
      expectShellPage(r, `${region} ${path}`);
      expect(header(r, 'strict-transport-security')).toBe('');
    });
  }

  it("each response has its own nonce; the rest of the policy is the region's", async () => {
    const [a, b] = await Promise.all([get(direct!.port, '/'), get(direct!.port, '/')]);
    const [pa, pb] = [expectShellPage(a, 'first'), expectShellPage(b, 'second')];
    expect(pa.nonce).not.toBe(pb.nonce);
    expect(pa.policy.replace(pa.nonce, '')).toBe(pb.policy.replace(pb.nonce, ''));
    expect(directives(pa.policy).get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'wss://ws.gate.com', 'wss://fx-ws.gate.com']));
    const tr = directives(header(await get(direct!.port, '/', { host: 'tr.localhost' }), 'content-security-policy'));
    expect(tr.get('connect-src')).toEqual(expect.arrayContaining(['wss://ws.gate.tr', 'wss://fx-ws.gate.tr']));
  });

  it('a redirect carries the fixed headers (no policy: it has no body)', async () => {
    const r = await get(direct!.port, '/en/');
    expect(r.status).toBe(302);
    expect(header(r, 'x-frame-options')).toBe('DENY');
    expect(header(r, 'x-content-type-options')).toBe('nosniff');
  });
});

describe('pages the shell frames itself', () => {
  for (const path of [
    '/groupchat/chatroom?platform=web&locale=en',
    '/groupchat/call_service?platform=web&locale=en',
    '/micro/funds-transfer/index.html',
    '/micro/sub-account-transfer/index.html',
  ]) {
    it(`${path}: framed by this site only`, async () => {
      const r = await get(direct!.port, path, { headers: LOGGED_IN });
      expect(r.status).toBe(200);
      expect(header(r, 'content-security-policy')).toBe("frame-ancestors 'self'");
      expect(header(r, 'x-frame-options')).toBe('SAMEORIGIN');
    });
  }
});

describe('HTTPS', () => {
  it('behind a trusted proxy (TRUST_PROXY=1, X-Forwarded-Proto: https): HSTS and Secure cookies', async () => {
    const r = await get(proxied!.port, '/zh/', { headers: HTTPS });
    expect(r.status).toBe(200);
    expect(header(r, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(cookies(r).length).toBeGreaterThan(0);
    for (const c of cookies(r)) expect(c).toMatch(/; Secure/);
    const redirect = await get(proxied!.port, '/en/', { headers: HTTPS });
    expect(redirect.status).toBe(302);
    expect(header(redirect, 'strict-transport-security')).toContain('max-age=');
  });

  it('the same proxy saying http: neither', async () => {
    const r = await get(proxied!.port, '/zh/', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(header(r, 'strict-transport-security')).toBe('');
    for (const c of cookies(r)) expect(c).not.toMatch(/Secure/);
  });

  it("TRUST_PROXY=0 ignores a client's X-Forwarded-Proto", async () => {
    const r = await get(direct!.port, '/zh/', { headers: HTTPS });
    expect(r.status).toBe(200);
    expect(header(r, 'strict-transport-security')).toBe('');
    expect(cookies(r).length).toBeGreaterThan(0);
    for (const c of cookies(r)) expect(c).not.toMatch(/Secure/);
  });
});

describe('the 500 page', () => {
  it('has no script and no inline handler, and a policy that allows none', async () => {
    const r = await get(broken!.port, '/', { headers: HTTPS });
    expect(r.status).toBe(500);
    expect(r.text).toContain('Something went wrong');
    expect(r.text).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    expect(r.text).toMatch(/<a href="">Refresh<\/a>|<a href=""[^>]*>Refresh<\/a>/);
    const d = directives(header(r, 'content-security-policy'));
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.has('script-src')).toBe(false);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header(r, 'x-frame-options')).toBe('DENY');
    expect(header(r, 'strict-transport-security')).toContain('max-age=');
  });
});

describe('a report-only region', () => {
  it('reports to the configured URL instead of enforcing; framing stays refused', async () => {
    const r = await get(reportOnly!.port, '/en-eu/', { host: 'eu.localhost' });
    expect(r.status).toBe(200);
    expect(header(r, 'content-security-policy')).toBe('');
    const d = directives(header(r, 'content-security-policy-report-only'));
    expect(d.get('report-uri')).toEqual(['/api/web/v1/csp-report']);
    expect(d.get('report-to')).toEqual(['csp']);
    expect(d.get('img-src')).toContain('https://img.gate.eu');
    expect(header(r, 'reporting-endpoints')).toBe('csp="/api/web/v1/csp-report"');
    expect(header(r, 'x-frame-options')).toBe('DENY');
    // Other regions of the same server keep enforcing.
    const main = await get(reportOnly!.port, '/');
    expect(header(main, 'content-security-policy')).toContain("frame-ancestors 'none'");
    expect(header(main, 'content-security-policy-report-only')).toBe('');
  });
});
