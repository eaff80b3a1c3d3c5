import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { siteFactsOf, type RegionConfig } from '../../core/config/region';
import type { BrowserPermission, CspSourceKind, CspSources, PluginDefinition } from '../../core/plugin/types';
import { CSP_SOURCE_KINDS } from '../../core/plugin/types';
import type { RegionPlan } from '../../core/registry/plan';

/**
 * Security headers of the shell pages. Each region's policy is built once at start-up from its config and its
 * enabled plugins' `csp` declarations; per response only the nonce is spliced in (see `PageSecurity.policy`).
 */

export const HSTS = 'max-age=31536000; includeSubDomains';
/** The last-resort 500 page: no script at all, its inline style, a reload link. */
export const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const CSP_HEADER = 'Content-Security-Policy';
const CSP_REPORT_ONLY_HEADER = 'Content-Security-Policy-Report-Only';
const NONCE = '\u0000nonce\u0000';
/** An https/wss origin (optional `*.` and port), or data:/blob: — what the config schema accepts too (scripts: https only). */
const SOURCE = /^((https|wss):\/\/(\*\.)?[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?|data:|blob:)$/;
const KINDS: readonly CspSourceKind[] = CSP_SOURCE_KINDS;
const PERMISSIONS: readonly BrowserPermission[] = ['camera', 'microphone', 'geolocation'];

export interface PageSecurity {
  /** `Content-Security-Policy`, or `-Report-Only` where the region says so. */
  readonly cspHeader: string;
  /** The region's policy with this response's nonce. */
  policy(nonce: string): string;
  /** The other headers every page of the region carries (HSTS apart: it depends on the request). */
  readonly headers: readonly (readonly [string, string])[];
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, refilled when used up: one call to the system's generator instead of one per page. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/** A fresh nonce for one response (128 random bits from the CSPRNG, each byte used once). */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const start = nonceOffset;
  nonceOffset += NONCE_BYTES;
  return noncePool.toString('base64', start, nonceOffset);
}

/** Checks one declared source; the error names who declared it and what to write instead. */
function checkSource(source: unknown, kind: CspSourceKind, who: string): string {
  if (typeof source !== 'string' || !SOURCE.test(source)) {
    throw new Error(
      `${who}: csp source ${JSON.stringify(source)} in '${kind}' is not an origin such as "https://cdn.example.com" (https or wss, lower case, no path; '*.' may start the host) or data: / blob:`,
    );
  }
  if (kind === 'script' && !source.startsWith('https://')) throw new Error(`${who}: csp source '${source}' is not allowed for scripts (https origins only)`);
  return source;
}

function add(into: Map<CspSourceKind, Set<string>>, sources: CspSources | undefined, who: string): void {
  if (sources === undefined) return;
  if (!sources || typeof sources !== 'object') throw new Error(`${who}: csp must give an object such as { connect: ['https://…'] }`);
  for (const [kind, list] of Object.entries(sources)) {
    if (!KINDS.includes(kind as CspSourceKind)) throw new Error(`${who}: csp key '${kind}' is not one of ${KINDS.join(', ')}`);
    if (!Array.isArray(list)) throw new Error(`${who}: csp '${kind}' must be an array of origins`);
    for (const s of list) into.get(kind as CspSourceKind)!.add(checkSource(s, kind as CspSourceKind, who));
  }
}

const origin = (url: string) => new URL(url).origin;
const list = (base: string, extra: Set<string>) => [base, ...extra].join(' ');

/**
 * The region's page security: the policy template and the fixed headers. Throws (naming the plugin or the config
 * field) when a declared source is not a plain origin.
 */
export function regionSecurity(region: RegionConfig, plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>): PageSecurity {
  const csp = region.security?.csp ?? {};
  const src = new Map<CspSourceKind, Set<string>>(KINDS.map((k) => [k, new Set<string>()]));
  const permissions = new Set<BrowserPermission>();
  // From the config: the market-data sockets, and the hosts back-end links and images may point at (the static CDN).
  add(src, { connect: [origin(region.ws.spot), origin(region.ws.futures)], img: region.allowedLinkHosts.map((h) => `https://${h}`) }, `region '${region.key}'`);
  for (const { id, options } of plan.plugins) {
    const def = definitions.get(id);
    if (!def) continue;
    const who = `Plugin '${id}' (region '${region.key}')`;
    if (def.csp) add(src, def.csp(options, siteFactsOf(region)), who);
    for (const p of def.permissions ?? []) permissions.add(p);
  }
  add(src, csp.sources, `region-configs/${region.key}.json /security/csp/sources`);
  if (csp.reportUri !== undefined && !/^(\/(?!\/)|https:\/\/)[^\s;,"]*$/.test(csp.reportUri)) {
    throw new Error(`region-configs/${region.key}.json /security/csp/reportUri: '${csp.reportUri}' must be a site path or an https URL`);
  }
  const report = csp.reportUri ? [`report-uri ${csp.reportUri}`, 'report-to csp'] : [];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE}'${[...src.get('script')!].map((s) => ` ${s}`).join('')}`,
    // React style props and the plugins' inline styles: style attributes cannot take a nonce.
    list("style-src 'self' 'unsafe-inline'", src.get('style')!),
    list("img-src 'self' data: blob:", src.get('img')!),
    list("font-src 'self' data:", src.get('font')!),
    list("connect-src 'self'", src.get('connect')!),
    list("media-src 'self'", src.get('media')!),
    list("frame-src 'self'", src.get('frame')!),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    list("form-action 'self'", src.get('form')!),
    "frame-ancestors 'none'",
    ...report,
  ].join('; ');
  const [before, after] = directives.split(NONCE);
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', PERMISSIONS.map((p) => `${p}=(${permissions.has(p) ? 'self' : ''})`).join(', ')],
  ];
  if (csp.reportUri) headers.push(['Reporting-Endpoints', `csp="${csp.reportUri}"`]);
  return {
    cspHeader: csp.reportOnly ? CSP_REPORT_ONLY_HEADER : CSP_HEADER,
    policy: (nonce) => before + nonce + after,
    headers,
  };
}

/** Every region's page security, built once at start-up. */
export class SecurityPolicies {
  private readonly byRegion = new Map<string, PageSecurity>();

  constructor(configs: readonly RegionConfig[], plans: ReadonlyMap<string, RegionPlan>, definitions: ReadonlyMap<string, PluginDefinition<any>>) {
    for (const c of configs) this.byRegion.set(c.key, regionSecurity(c, plans.get(c.key)!, definitions));
  }

  get(regionKey: string): PageSecurity {
    const s = this.byRegion.get(regionKey);
    if (!s) throw new Error(`no security policy for region '${regionKey}': it was not loaded at start-up`);
    return s;
  }
}

/** Sets a page's security headers: the policy with `nonce` (none on a redirect), the fixed ones, HSTS over https. */
export function setSecurityHeaders(res: ServerResponse, security: PageSecurity, https: boolean, nonce?: string): void {
  if (nonce !== undefined) res.setHeader(security.cspHeader, security.policy(nonce));
  for (const [name, value] of security.headers) res.setHeader(name, value);
  if (https) res.setHeader('Strict-Transport-Security', HSTS);
}

/** The 500 page's headers: its own script-less policy (any page policy set earlier is dropped), no framing. */
export function setErrorPageHeaders(res: ServerResponse, https: boolean): void {
  res.removeHeader(CSP_REPORT_ONLY_HEADER);
  res.removeHeader('Reporting-Endpoints');
  res.setHeader(CSP_HEADER, ERROR_PAGE_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (https) res.setHeader('Strict-Transport-Security', HSTS);
}
