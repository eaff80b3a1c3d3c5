import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { i18n, Resource, ResourceLanguage } from 'i18next';
import { createServerI18n, memoizeSelectingCalls } from '../../core/i18n/server';
import { localeInfo } from '../../core/i18n/locales';
import { ENGLISH_ERROR_TEXTS, type ErrorPageTexts } from './error-page';

/** All translation bundles, read once at start-up: `locales/<lng>/<ns>.json` and `plugins/<id>/locales/<lng>.json`. */
export class TranslationCatalogue {
  private readonly bundles = new Map<string, Record<string, unknown>>();
  private readonly instances = new Map<string, i18n>();

  /** Public strings that texts interpolate (region names and domains): calls with only these are memoized too. */
  private constants: Set<string>;

  constructor(
    localesDir: string,
    pluginsDir: string,
    private readonly log: (m: string) => void = console.warn,
    constants: Iterable<string> = [],
  ) {
    this.constants = new Set(constants);
    if (existsSync(localesDir)) {
      for (const lng of readdirSync(localesDir)) {
        const dir = join(localesDir, lng);
        if (!existsSync(dir) || !safeName(lng)) continue;
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) this.read(lng, file.slice(0, -5), join(dir, file));
      }
    }
    if (existsSync(pluginsDir)) {
      for (const id of readdirSync(pluginsDir)) {
        const dir = join(pluginsDir, id, 'locales');
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) this.read(file.slice(0, -5), id, join(dir, file));
      }
    }
  }

  /**
   * Replaces the public strings (a new configuration version's region names and domains). When they change, the
   * per-language instances are made afresh: their memos hold texts of the old names, which no page asks for again.
   */
  setConstants(values: Iterable<string>): void {
    const next = new Set(values);
    if (next.size === this.constants.size && [...next].every((v) => this.constants.has(v))) return;
    this.constants = next;
    this.instances.clear();
  }

  private read(lng: string, ns: string, file: string) {
    try {
      this.bundles.set(`${lng}/${ns}`, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
    } catch (err) {
      this.log(`[i18n] ${file} is not valid JSON: ${(err as Error).message}`);
    }
  }

  /**
   * The 500 page's texts for a locale code (locales/<lng>/error.json), English when the code is unknown or the bundle
   * is missing: the page that shows when nothing else can must never fail itself.
   */
  errorTexts(localeCode: string | undefined): ErrorPageTexts {
    const info = localeCode ? localeInfo(localeCode) : undefined;
    const b = info ? this.get(info.lng, 'error') : undefined;
    if (!info || !b || typeof b.title !== 'string' || typeof b.body !== 'string' || typeof b.refresh !== 'string') return ENGLISH_ERROR_TEXTS;
    return { lang: info.html, dir: info.dir, title: b.title, body: b.body, refresh: b.refresh };
  }

  get(lng: string, ns: string): Record<string, unknown> | undefined {
    if (!safeName(lng) || !safeName(ns)) return undefined;
    return this.bundles.get(`${lng}/${ns}`);
  }

  /**
   * One i18next instance per language with every namespace, shared by all requests in that language: the server
   * only reads it (no language change, no resource added), so a request pays nothing to set up translations.
   */
  instance(lng: string): i18n {
    let instance = this.instances.get(lng);
    if (!instance) {
      const namespaces = [...new Set([...this.bundles.keys()].map((k) => k.slice(k.indexOf('/') + 1)))];
      instance = memoizeSelectingCalls(createServerI18n(lng, this.resources(lng, namespaces), namespaces), this.constants);
      this.instances.set(lng, instance);
    }
    return instance;
  }

  private readonly inlineResources = new Map<string, Resource>();

  /** `resources(lng, namespaces)` made once per language and namespace list (the page's inline translations). */
  inline(lng: string, namespaces: readonly string[]): Resource {
    const key = `${lng}|${namespaces.join(',')}`;
    let value = this.inlineResources.get(key);
    if (!value) this.inlineResources.set(key, (value = this.resources(lng, namespaces)));
    return value;
  }

  /** Resources of the namespaces for the language and the English fallback. */
  resources(lng: string, namespaces: readonly string[]): Resource {
    const out: Resource = {};
    for (const l of new Set([lng, 'en'])) {
      const lang: ResourceLanguage = {};
      for (const ns of namespaces) {
        const bundle = this.get(l, ns);
        if (bundle) lang[ns] = bundle;
      }
      out[l] = lang;
    }
    return out;
  }
}

function safeName(s: string): boolean {
  return /^[a-z0-9-]{1,40}$/i.test(s);
}
