import type { ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import { loadRegionConfigs } from '../../core/config/validate';
import { definePlugin } from '../../core/plugin/define';
import type { PluginDefinition } from '../../core/plugin/types';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { paths } from './paths';
import { installedPlugins } from './plugins';
import { HOST_PLACES } from '../app/slots';
import { ERROR_PAGE_CSP, HSTS, newNonce, regionSecurity, SecurityPolicies, setErrorPageHeaders, setSecurityHeaders } from './security';

let catalogue: PluginCatalogue;
let configs: ReadonlyMap<string, RegionConfig>;

beforeAll(() => {
  catalogue = new PluginCatalogue(installedPlugins(), HOST_PLACES);
  configs = loadRegionConfigs(paths.regionConfigs, catalogue, { localesDir: paths.locales });
});

/** The policy of a region config (optionally changed), with the installed plugins, as a directive map. */
function build(key: string, change: (c: RegionConfig) => RegionConfig = (c) => c, defs = catalogue.definitions, plan = (c: RegionConfig) => catalogue.plan(c)) {
  const config = change(configs.get(key)!);
  const security = regionSecurity(config, plan(config), defs);
  const text = security.policy('NONCE');
  const directives = new Map(text.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  return { security, text, directives };
}

/** A response stand-in that records headers. */
function recorder() {
  const headers = new Map<string, unknown>();
  const res = { setHeader: (n: string, v: unknown) => headers.set(n.toLowerCase(), v), removeHeader: (n: string) => headers.delete(n.toLowerCase()) };
  return { res: res as unknown as ServerResponse, headers };
}

describe('the region policies', () => {
  it('main: the full policy, sockets and link hosts from the config', () => {
    const { text, security } = build('main');
    expect(security.cspHeader).toBe('Content-Security-Policy');
    expect(text).toBe(
      "default-src 'self'; script-src 'self' 'nonce-NONCE'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: https://static.gate.com https://apps.apple.com https://play.google.com; font-src 'self' data:; " +
        "connect-src 'self' wss://ws.gate.com wss://fx-ws.gate.com https://static.gate.com https://apps.apple.com https://play.google.com; " +
        "media-src 'self'; frame-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('every region: nonce scripts without unsafe-inline or eval, no plugins, no base or framing', () => {
    for (const key of configs.keys()) {
      const { directives } = build(key);
      expect(directives.get('script-src'), key).toEqual(["'self'", "'nonce-NONCE'"]);
      expect(directives.get('object-src'), key).toEqual(["'none'"]);
      expect(directives.get('base-uri'), key).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), key).toEqual(["'none'"]);
      expect(directives.get('connect-src'), key).toContain(new URL(configs.get(key)!.ws.spot).origin);
    }
  });

  it("splices in each response's nonce; nonces are 128 random bits", () => {
    const { security } = build('uk');
    const [a, b] = [newNonce(), newNonce()];
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
    // Drawn from a pool refilled every 256: none repeats across refills.
    expect(new Set(Array.from({ length: 600 }, newNonce)).size).toBe(600);
    expect(security.policy(a)).toContain(`script-src 'self' 'nonce-${a}';`);
    expect(security.policy(a).replace(a, b)).toBe(security.policy(b));
  });

  it('report-only and the report URL when the region config says so', () => {
    const { security, directives } = build('eu', (c) => ({ ...c, security: { csp: { reportOnly: true, reportUri: '/api/web/v1/csp-report' } } }));
    expect(security.cspHeader).toBe('Content-Security-Policy-Report-Only');
    expect(directives.get('report-uri')).toEqual(['/api/web/v1/csp-report']);
    expect(directives.get('report-to')).toEqual(['csp']);
    expect(security.headers).toContainEqual(['Reporting-Endpoints', 'csp="/api/web/v1/csp-report"']);
    const plain = build('eu');
    expect(plain.directives.has('report-uri')).toBe(false);
    expect(plain.security.headers.map(([n]) => n)).not.toContain('Reporting-Endpoints');
  });

  it("adds the config's extra sources and refuses bad ones by their place in the file", () => {
    const { directives } = build('jp', (c) => ({
      ...c,
      security: { csp: { sources: { img: ['https://img.cdn.example'], font: ['https://*.fonts.example'] } } },
    }));
    expect(directives.get('img-src')).toContain('https://img.cdn.example');
    expect(directives.get('font-src')).toContain('https://*.fonts.example');
    expect(() => build('jp', (c) => ({ ...c, security: { csp: { sources: { script: ["'unsafe-inline'"] } } } }))).toThrow(
      /region-configs\/jp\.json \/security\/csp\/sources: csp source "'unsafe-inline'" in 'script'/,
    );
    expect(() => build('jp', (c) => ({ ...c, security: { csp: { sources: { script: ['data:'] } } } }))).toThrow(/'data:' is not allowed for scripts/);
    expect(() => build('jp', (c) => ({ ...c, security: { csp: { reportUri: 'http://x.example/r' } } }))).toThrow(
      /reportUri: 'http:\/\/x.example\/r' must be a site path or an https URL/,
    );
  });
});

describe('plugin declarations', () => {
  const hello = definePlugin({
    id: 'hello',
    permissions: ['camera'],
    csp: (options: Record<string, unknown>, region) => ({
      connect: [`https://api.${region.webSiteDomain}`],
      frame: [String(options.frame)],
      script: ['https://sdk.hello.example'],
    }),
    setup() {},
  });
  const defs = new Map<string, PluginDefinition<any>>([['hello', hello]]);
  const plan = (key: string) => ({ region: key, plugins: [{ id: 'hello', options: { frame: 'https://embed.hello.example' } }] });

  it("merges the enabled plugins' origins and permissions, with their validated options", () => {
    const { directives, security } = build('tr', undefined, defs, (c) => plan(c.key));
    expect(directives.get('connect-src')).toContain('https://api.www.gate.tr');
    expect(directives.get('frame-src')).toEqual(["'self'", 'https://embed.hello.example']);
    expect(directives.get('script-src')).toEqual(["'self'", "'nonce-NONCE'", 'https://sdk.hello.example']);
    expect(security.headers).toContainEqual(['Permissions-Policy', 'camera=(self), microphone=(), geolocation=()']);
  });

  it('leaves out plugins the region does not enable', () => {
    const { directives, security } = build('tr', undefined, defs, (c) => ({ region: c.key, plugins: [] }));
    expect(directives.get('script-src')).toEqual(["'self'", "'nonce-NONCE'"]);
    expect(security.headers).toContainEqual(['Permissions-Policy', 'camera=(), microphone=(), geolocation=()']);
  });

  it('refuses a declaration that is not a plain origin, naming the plugin and region', () => {
    const bad = (sources: object) => new Map<string, PluginDefinition<any>>([['hello', { ...hello, csp: () => sources }]]);
    for (const sources of [
      { connect: ['https://api.example.com/v1'] },
      { script: ["'unsafe-eval'"] },
      { img: ['*'] },
      { connect: ['https://a.example; script-src *'] },
    ]) {
      expect(() => build('tr', undefined, bad(sources), (c) => plan(c.key))).toThrow(/^Plugin 'hello' \(region 'tr'\): csp source/);
    }
    expect(() => build('tr', undefined, bad({ worker: ['https://w.example'] }), (c) => plan(c.key))).toThrow(/csp key 'worker' is not one of connect, img/);
  });

  it('the installed plugins: analytics collectors, external micro-apps and poster images', () => {
    const { directives } = build('main', (c) => ({
      ...c,
      plugins: {
        ...c.plugins,
        analytics: { options: { ...c.plugins.analytics.options, bigDataEndpoint: 'https://collect.gate.com/v1', analyticsEndpoint: 'https://evil.example/c' } },
        home: { options: { ...c.plugins.home.options, microApps: { fundsTransfer: 'https://static.gate.com/micro/funds/index.html' } } },
      },
      allowedLinkHosts: [...c.allowedLinkHosts, 'collect.gate.com'],
    }));
    const connect = directives.get('connect-src')!;
    expect(connect).toContain('https://collect.gate.com');
    // The tracker refuses endpoints off the allowed hosts: no entry for them either.
    expect(connect).not.toContain('https://evil.example');
    expect(directives.get('frame-src')).toEqual(["'self'", 'https://static.gate.com']);
  });
});

describe('SecurityPolicies and headers', () => {
  it('builds every region once and names a missing one', () => {
    const plans = new Map([...configs.values()].map((c) => [c.key, catalogue.plan(c)]));
    const all = new SecurityPolicies([...configs.values()], plans, catalogue.definitions);
    expect(all.get('hk')).toBe(all.get('hk'));
    expect(() => all.get('mars')).toThrow(/no security policy for region 'mars'/);
  });

  it('sets HSTS only over https, the policy only with a nonce', () => {
    const { security } = build('main');
    const http = recorder();
    setSecurityHeaders(http.res, security, false, 'n0nce');
    expect(http.headers.get('content-security-policy')).toContain("'nonce-n0nce'");
    expect(http.headers.has('strict-transport-security')).toBe(false);
    expect(http.headers.get('x-frame-options')).toBe('DENY');
    expect(http.headers.get('x-content-type-options')).toBe('nosniff');
    expect(http.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const https = recorder();
    setSecurityHeaders(https.res, security, true);
    expect(https.headers.get('strict-transport-security')).toBe(HSTS);
    expect(https.headers.has('content-security-policy')).toBe(false);
  });

  it('the 500 page replaces any page policy with its script-less one', () => {
    const r = recorder();
    r.res.setHeader('Content-Security-Policy-Report-Only', 'x');
    setErrorPageHeaders(r.res, true);
    expect(r.headers.get('content-security-policy')).toBe(ERROR_PAGE_CSP);
    expect(ERROR_PAGE_CSP).not.toMatch(/script-src/);
    expect(r.headers.has('content-security-policy-report-only')).toBe(false);
    expect(r.headers.get('strict-transport-security')).toBe(HSTS);
  });
});
