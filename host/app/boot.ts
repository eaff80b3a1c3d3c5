import type { Resource } from 'i18next';
import type { RegionConfig } from '../../core/config/region';
import type { ShellData } from '../../core/data/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { Activation } from '../../core/registry/activate';
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
  /** Slot entries whose lazy views the server rendered: preloaded before hydrating. */
  views: string[];
  /** The plugins the first render needs: loaded and activated before hydrating, the others after. */
  firstRender: string[];
  /** The side menus' plugin entries as the server rendered them (data), until every plugin is active. */
  menus: Activation['menus'];
  i18n: { inline: Resource; namespaces: string[]; loadPaths: string[] };
  viewportWidth: number;
  inApp: boolean;
  mobileAgent: boolean;
  theme: 'light' | 'dark';
  status: number;
  head: PageHead;
  /** Which back end answers (ShellEnv.backend). */
  backend: 'fake' | 'real';
  /** On a *.localhost development host: its port part (':3000' or ''); null in production. */
  devPort: string | null;
}

interface PageHead {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  noindex: boolean;
  stylesheets: string[];
  /** The stylesheets' text is in the head's `<style id="shell-css">` (their links are then disabled markers). */
  inlineCss?: boolean;
  modulepreload: string[];
  /** Open-graph values (og_show may override them). */
  og: { site_name: string; image: string };
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe to put inside a <script> element (one pass over the characters that could end it or break JS). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]);
}

/** Serialized once and reused: the region's part (config, domains, plan) and each language's inline translations. */
const regionParts = new WeakMap<RegionConfig, { plan: RegionPlan; domains: Record<string, string>; json: string }>();
const inlineParts = new WeakMap<Resource, string>();

/** `{a}` and `{b}` as `{a,b}`. */
function mergeObjectsJson(parts: string[]): string {
  return `{${parts
    .map((p) => p.slice(1, -1))
    .filter(Boolean)
    .join(',')}}`;
}

/**
 * The boot state as script-safe JSON. Its constant parts (the region's config, domains and plan; the language's
 * inline translations) are serialized on their first request and reused: they are most of its bytes.
 */
export function serializeBoot(state: BootState): string {
  const { region, regionDomains, plan, i18n, ...request } = state;
  let part = regionParts.get(region);
  if (!part || part.plan !== plan || part.domains !== regionDomains) {
    part = { plan, domains: regionDomains, json: scriptSafeJson({ region, regionDomains, plan }) };
    regionParts.set(region, part);
  }
  let inline = inlineParts.get(i18n.inline);
  if (inline === undefined) inlineParts.set(i18n.inline, (inline = scriptSafeJson({ inline: i18n.inline })));
  const i18nJson = mergeObjectsJson([inline, scriptSafeJson({ namespaces: i18n.namespaces, loadPaths: i18n.loadPaths })]);
  const { data, loaderData, ...rest } = request;
  return mergeObjectsJson([part.json, `{"i18n":${i18nJson},"data":${valuesJson(data)},"loaderData":${valuesJson(loaderData)}}`, scriptSafeJson(rest)]);
}

/** JSON of frozen values (replies from the shared cache and their shaped forms: one object for many requests). */
const frozenJson = new WeakMap<object, string>();

/**
 * An object's JSON, each frozen member's serialized once: the same as `scriptSafeJson(values)` (members JSON leaves
 * out stay out; frozen values come from `deepFreeze`, so nothing inside them changes). Only the object itself is the
 * key, so nothing serialized for one request's own value is ever given to another.
 */
function valuesJson(values: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values) as Array<[string, unknown]>) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    const frozen = value !== null && typeof value === 'object' && Object.isFrozen(value) ? value : undefined;
    let json = frozen && frozenJson.get(frozen);
    if (json === undefined) {
      json = scriptSafeJson(value);
      if (frozen) frozenJson.set(frozen, json);
    }
    parts.push(`${scriptSafeJson(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}

/** Origin of a region's site: the dev host on localhost, else its production domain. */
export function regionOriginFor(key: string, domains: Record<string, string>, devPort: string | null): string {
  if (devPort !== null) return `http://${key === 'main' ? 'localhost' : `${key}.localhost`}${devPort}`;
  return `https://${domains[key] ?? domains.main}`;
}
