import type { Resource } from 'i18next';
import type { RegionConfig } from '../../core/config/region';
import type { ShellData } from '../../core/data/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { RouteState } from '../../core/state/shell-state';

/** Everything the server hands the browser for hydration (serialized as window.__SHELL__). */
export interface BootState {
  region: RegionConfig;
  /** Region key -> production domain, for cross-region links. */
  regionDomains: Record<string, string>;
  plan: RegionPlan;
  locale: string;
  langPrefix: string;
  route: RouteState;
  data: ShellData;
  loaderData: Record<string, unknown>;
  i18n: { inline: Resource; namespaces: string[]; loadPaths: string[] };
  viewportWidth: number;
  inApp: boolean;
  mobileAgent: boolean;
  theme: 'light' | 'dark';
  status: number;
  head: PageHead;
  /** On a *.localhost development host: its port part (':3000' or ''); null in production. */
  devPort: string | null;
}

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  stylesheets: string[];
  modulepreload: string[];
  /** Open-graph values (og_show may override them). */
  og: { site_name: string; image: string };
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe to put inside a <script> element (one pass over the characters that could end it or break JS). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]);
}

/** The region's part of the boot state (config, domains, plan) serialized once: the same for every request. */
const regionParts = new WeakMap<RegionConfig, { plan: RegionPlan; domains: Record<string, string>; json: string }>();

/** The boot state as script-safe JSON; the region's constant part is reused from the first request. */
export function serializeBoot(state: BootState): string {
  const { region, regionDomains, plan, ...request } = state;
  let part = regionParts.get(region);
  if (!part || part.plan !== plan || part.domains !== regionDomains) {
    part = { plan, domains: regionDomains, json: scriptSafeJson({ region, regionDomains, plan }) };
    regionParts.set(region, part);
  }
  return `${part.json.slice(0, -1)},${scriptSafeJson(request).slice(1)}`;
}

/** Origin of a region's site: the dev host on localhost, else its production domain. */
export function regionOriginFor(key: string, domains: Record<string, string>, devPort: string | null): string {
  if (devPort !== null) return `http://${key === 'main' ? 'localhost' : `${key}.localhost`}${devPort}`;
  return `https://${domains[key] ?? domains.main}`;
}
