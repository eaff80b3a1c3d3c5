import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales';
import { PLUGIN_ID_PATTERN } from '../plugin/define';
import { BASE_SCHEMA, createAjv } from './schema-check';
import { REGION_KEYS, type RegionConfig, type RegionDocs } from './region';

type Kinds<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? 'optional' : 'required' };

/** Every RegionConfig field with whether it is optional: the compiler keeps this in step with the type. */
const FIELDS = {
  $schema: 'optional',
  key: 'required',
  id: 'required',
  name: 'required',
  webSiteDomain: 'required',
  ogSiteName: 'required',
  logo: 'required',
  ws: 'required',
  hiddenReferral: 'required',
  hiddenFooterSignup: 'required',
  hiddenThemeSwitch: 'required',
  hiddenLangAndRate: 'required',
  vipTier: 'optional',
  footer: 'optional',
  flags: 'optional',
  defaultCurrB: 'required',
  tradingViewExchange: 'optional',
  support: 'required',
  business: 'required',
  totpName: 'required',
  antiDomains: 'required',
  defaultLang: 'required',
  languages: 'required',
  localePrefix: 'required',
  unprefixedPaths: 'required',
  seo: 'optional',
  docs: 'required',
  marks: 'optional',
  api: 'required',
  allowedLinkHosts: 'required',
  menus: 'optional',
  otherApps: 'optional',
  plugins: 'required',
  security: 'optional',
} as const satisfies Kinds<RegionConfig>;
const DOCS = ['agreement', 'privacy_policy', 'risk_disclosure', 'licenses', 'about', 'important_notes'] as const satisfies readonly (keyof RegionDocs)[];

const schema = BASE_SCHEMA as any;

/** Every subschema with its JSON path, for walking the whole schema. */
function walk(node: any, path: string, visit: (node: any, path: string) => void): void {
  if (!node || typeof node !== 'object') return;
  visit(node, path);
  for (const [k, v] of Object.entries(node.properties ?? {})) walk(v, `${path}/properties/${k}`, visit);
  for (const [k, v] of Object.entries(node.$defs ?? {})) walk(v, `${path}/$defs/${k}`, visit);
  if (node.items) walk(node.items, `${path}/items`, visit);
  if (typeof node.additionalProperties === 'object') walk(node.additionalProperties, `${path}/additionalProperties`, visit);
}

describe('schemas/region-config.base.schema.json', () => {
  it('has exactly the fields of RegionConfig, required where the type requires them', () => {
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(FIELDS).sort());
    const required = Object.entries(FIELDS)
      .filter(([, kind]) => kind === 'required')
      .map(([k]) => k);
    expect([...schema.required].sort()).toEqual(required.sort());
    expect(Object.keys(schema.properties.docs.properties)).toEqual([...DOCS]);
    expect(schema.properties.docs.required).toEqual([...DOCS]);
  });

  it('lists the same region keys, locale codes and plugin-id pattern as the code', () => {
    expect(schema.properties.key.enum).toEqual([...REGION_KEYS]);
    expect(schema.$defs.localeCode.enum).toEqual(Object.keys(LOCALES));
    expect(schema.properties.plugins.propertyNames.pattern).toBe(PLUGIN_ID_PATTERN.source);
  });

  it('describes every field and closes every object (but the plugin and side-menu maps and options, closed by generate.ts)', () => {
    const open = ['#/properties/plugins', '#/properties/menus', '#/$defs/pluginEntry/properties/options', '#/properties/flags/properties/options'];
    const visited: string[] = [];
    walk(schema, '#', (node, path) => {
      visited.push(path);
      if (!node.$ref || node.description) expect(typeof node.description, `${path} has a description`).toBe('string');
      if (node.type === 'object' && !open.includes(path)) expect(node.additionalProperties, `${path} is closed`).toBe(false);
    });
    expect(visited).toContain('#/properties/docs/properties/important_notes');
  });

  it('compiles under strict ajv', () => {
    expect(() => createAjv().compile(schema)).not.toThrow();
  });
});
