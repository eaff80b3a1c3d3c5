import type { Resource } from 'i18next';
import type { RegionConfig } from '../../core/config/region';
import type { ShellData } from '../../core/data/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { Activation } from '../../core/registry/activate';
import type { RouteState } from '../../core/state/shell-state';
import { SideTable } from '../../core/util/side-table';

/** Everything the server hands the browser for hydration (`window.__SHELL__`, from the page's data blocks: `BootParts`). */
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
  /** Slot entries the server's first render shows: the browser's slots show these while they hydrate. */
  shown: string[];
  /** The plugins the first render needs: loaded and activated before hydrating, the others after. */
  firstRender: string[];
  /** Active plugins the browser neither loads nor activates on this page (their menu entries stay the server's). */
  serverOnly: string[];
  /** The side menus' plugin entries as the server rendered them (data): the browser shows them as they are. */
  menus: Activation['menus'];
  i18n: { inline: Resource; namespaces: readonly string[]; loadPaths: readonly string[] };
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
  alternates: ReadonlyArray<{ hreflang: string; href: string }>;
  noindex: boolean;
  stylesheets: readonly string[];
  /** The stylesheets' text is in the head's `<style id="shell-css">` (their links are then disabled markers). */
  inlineCss?: boolean;
  modulepreload: readonly string[];
  /** Open-graph values (og_show may override them). */
  og: Readonly<{ site_name: string; image: string }>;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
/** The same, plus every character past Latin-1 (which would make V8 hold the whole boot script as a two-byte string). */
const SCRIPT_UNSAFE_WIDE = /[<>&\u0100-\uffff]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };
const escapeChar = (c: string) => SCRIPT_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON safe to put inside a <script> element (one pass over the characters that could end it or break JS). `narrow`
 * also writes characters past Latin-1 as `\uXXXX` (the same value once parsed), so the text stays one byte per
 * character in V8: the ~47 KB boot state then takes half the memory and is written to the socket without re-encoding.
 */
function scriptSafeJson(value: unknown, narrow = false): string {
  return JSON.stringify(value).replace(narrow ? SCRIPT_UNSAFE_WIDE : SCRIPT_UNSAFE, escapeChar);
}

/** Growth (in characters) a constant part may take to stay one byte per character (Latin-script pages: a few hundred). */
const NARROW_GROWTH = 0.01;

/** A constant part: narrowed when that costs little (Latin-script languages), else as is (e.g. Chinese translations). */
function constantJson(value: unknown): { json: string; narrow: boolean } {
  const json = scriptSafeJson(value);
  const narrow = scriptSafeJson(value, true);
  return narrow.length - json.length <= json.length * NARROW_GROWTH ? { json: narrow, narrow: true } : { json, narrow: false };
}

/** `{a}` without its braces (`a`), for objects joined into one. */
const members = (objectJson: string) => objectJson.slice(1, -1);

/**
 * The boot state as two JSON documents, each in a data block of the page (`<script type="application/json">`, written
 * as is: no escaping pass over it, no copy of it per request): `shared`, the members of a region and language (its
 * config, domains, plan, and inline translations as `inline`), one string object built on the first request and
 * reused (most of the bytes; comparing it is comparing a pointer); `own`, the request's members. BOOT_SCRIPT joins
 * them into `window.__SHELL__`.
 */
export interface BootParts {
  shared: string;
  own: string;
}

/** The data blocks' ids. */
export const BOOT_IDS = { shared: 'shell-boot-shared', own: 'shell-boot' } as const;

/** What the entry module leaves on `window` when it runs before the boot state is there: called once it is. */
export const BOOTED_CALLBACK = '__SHELL_BOOTED__';

/**
 * Inline script (in the page's bootstrap script, after the data blocks): the boot state from its two parts (the ids
 * are BOOT_IDS', written out so the browser's bundle, which needs only the ids, keeps nothing of this); then it tells
 * an entry module that ran first (`bootState()`).
 */
export const BOOT_SCRIPT =
  'window.__SHELL__=(function(d){var s=JSON.parse(d.getElementById("shell-boot-shared").textContent),' +
  'b=JSON.parse(d.getElementById("shell-boot").textContent);' +
  'b.region=s.region;b.regionDomains=s.regionDomains;b.plan=s.plan;b.i18n.inline=s.inline;return b})(document);' +
  `if(window.${BOOTED_CALLBACK})window.${BOOTED_CALLBACK}();`;

/**
 * The browser's boot state: at once when the start script has run, else when it runs. The entry is an async module,
 * which React puts ahead of the page's last part: from the cache, it can run before the data blocks are parsed.
 */
export function bootState(win: Window & { __SHELL__?: BootState; [BOOTED_CALLBACK]?: () => void }): Promise<BootState> {
  if (win.__SHELL__) return Promise.resolve(win.__SHELL__);
  return new Promise((resolve) => {
    win[BOOTED_CALLBACK] = () => {
      delete win[BOOTED_CALLBACK];
      resolve(win.__SHELL__!);
    };
  });
}

interface Shared {
  domains: Record<string, string>;
  text: string;
  /** Every part is one byte per character: the request's members are narrowed too. */
  narrow: boolean;
}
/** Plans kept per region config and translations: requests whose flags made other plans do not recompute it in turn. */
const PLANS_KEPT = 4;
/** By region config, translations, then plan (the most recently made last). */
const sharedParts = new WeakMap<RegionConfig, WeakMap<Resource, Map<RegionPlan, Shared>>>();

/** A part's JSON as is and narrowed, per object: a flagged plan changes only the plan's part of the shared string. */
const partJson = new WeakMap<object, { json: string; narrow: string }>();
const inlineParts = new WeakMap<Resource, { json: string; narrow: boolean }>();

function jsonOf(value: object): { json: string; narrow: string } {
  let part = partJson.get(value);
  if (!part) partJson.set(value, (part = { json: scriptSafeJson(value), narrow: scriptSafeJson(value, true) }));
  return part;
}

/** `constantJson({ region, regionDomains, plan })`, from each member's JSON kept apart. */
function regionJson(region: RegionConfig, regionDomains: Record<string, string>, plan: RegionPlan): { json: string; narrow: boolean } {
  const [r, d, p] = [jsonOf(region), jsonOf(regionDomains), jsonOf(plan)];
  const json = `{"region":${r.json},"regionDomains":${d.json},"plan":${p.json}}`;
  const narrow = `{"region":${r.narrow},"regionDomains":${d.narrow},"plan":${p.narrow}}`;
  return narrow.length - json.length <= json.length * NARROW_GROWTH ? { json: narrow, narrow: true } : { json, narrow: false };
}

function sharedFor(region: RegionConfig, regionDomains: Record<string, string>, plan: RegionPlan, inline: Resource): Shared {
  let byInline = sharedParts.get(region);
  if (!byInline) sharedParts.set(region, (byInline = new WeakMap()));
  let byPlan = byInline.get(inline);
  if (!byPlan) byInline.set(inline, (byPlan = new Map<RegionPlan, Shared>()));
  let shared = byPlan.get(plan);
  if (!shared || shared.domains !== regionDomains) {
    const regionPart = regionJson(region, regionDomains, plan);
    let inlinePart = inlineParts.get(inline);
    if (!inlinePart) inlineParts.set(inline, (inlinePart = constantJson(inline)));
    const text = `{${members(regionPart.json)},"inline":${inlinePart.json}}`;
    shared = { domains: regionDomains, text, narrow: regionPart.narrow && inlinePart.narrow };
    byPlan.delete(plan);
    if (byPlan.size >= PLANS_KEPT) byPlan.delete(byPlan.keys().next().value!);
    byPlan.set(plan, shared);
  }
  return shared;
}

/** The boot state's two data blocks (see `BootParts`). */
export function serializeBootParts(state: BootState): BootParts {
  const { region, regionDomains, plan, i18n, data, loaderData, ...rest } = state;
  const shared = sharedFor(region, regionDomains, plan, i18n.inline);
  const n = shared.narrow;
  const i18nOwn = valuesJson({ namespaces: i18n.namespaces, loadPaths: i18n.loadPaths }, n);
  const tail = tailJson(rest, n);
  return { shared: shared.text, own: `{"i18n":${i18nOwn},"data":${valuesJson(data, n)},"loaderData":${valuesJson(loaderData, n)}${tail && `,${tail}`}}` };
}

/**
 * The members' JSON of the last rest serialized with its head (the head's frozen members, such as its language links
 * and asset lists, serialized once: `valuesJson`): a logged-in page's key (its boot state with the user
 * as every user's, server/page.tsx) shares every member with the response's own, and is not serialized twice. Kept
 * by the head object (one per request), reused only when every member is the very same value.
 */
const tails = /* @__PURE__ */ new SideTable<object, { rest: Readonly<Record<string, unknown>>; narrow: boolean; json: string }>('boot state tail');

function tailJson(rest: Readonly<Record<string, unknown>> & { head: object }, narrow: boolean): string {
  const seen = tails.get(rest.head);
  if (seen && seen.narrow === narrow && sameMembers(seen.rest, rest)) return seen.json;
  const { head, ...others } = rest;
  const json = `${members(scriptSafeJson(others, narrow))},"head":${valuesJson(head, narrow)}`;
  tails.set(rest.head, { rest, narrow, json });
  return json;
}

const sameMembers = (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
};

/** JSON of frozen values (replies from the shared cache and their shaped forms: one object for many requests), as is and narrowed. */
const frozenJson = [new WeakMap<object, string>(), new WeakMap<object, string>()] as const;

/**
 * An object's JSON, each frozen member's serialized once: the same as `scriptSafeJson(values)` (members JSON leaves
 * out stay out; frozen values come from `deepFreeze`, so nothing inside them changes). Only the object itself is the
 * key, so nothing serialized for one request's own value is ever given to another.
 */
function valuesJson(values: object, narrow: boolean): string {
  const cache = frozenJson[narrow ? 1 : 0];
  let out = '';
  for (const key of Object.keys(values)) {
    const value = (values as Record<string, unknown>)[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    const frozen = value !== null && typeof value === 'object' && Object.isFrozen(value) ? value : undefined;
    let json = frozen && cache.get(frozen);
    if (json === undefined) {
      json = scriptSafeJson(value, narrow);
      if (frozen) cache.set(frozen, json);
    }
    out += `${out ? ',' : ''}${scriptSafeJson(key, narrow)}:${json}`;
  }
  return `{${out}}`;
}

/** Origin of a region's site: the dev host on localhost, else its production domain. */
export function regionOriginFor(key: string, domains: Record<string, string>, devPort: string | null): string {
  if (devPort !== null) return `http://${key === 'main' ? 'localhost' : `${key}.localhost`}${devPort}`;
  return `https://${domains[key] ?? domains.main}`;
}
