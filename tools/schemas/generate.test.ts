import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_SCHEMA, createAjv } from '../../core/config/schema-check';
import { definePlugin } from '../../core/plugin/define';
import { collectPlaces, defineMenu } from '../../core/plugin/slots';
import { createPluginRef } from '../../core/plugin/refs';
import { PROJECT_ROOT } from '../plugin-discovery';
import { FLAG_FILE_NAME } from '../../core/flags/file';
import { composeRegionSchema } from './compose';
import { GENERATED_SCHEMA, generatedSchemaText } from './generate';

const setup = () => {};
const fixturePlugins = [
  definePlugin({ id: 'beta', requires: [createPluginRef('alpha')], setup }),
  definePlugin({
    id: 'alpha',
    options: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      description: 'Alpha things.',
      properties: { limit: { description: 'How many.', type: 'integer', default: 3 }, mode: { $ref: '#/$defs/mode' } },
      $defs: { mode: { description: 'A mode.', enum: ['a', 'b'] } },
    },
    setup,
  }),
];

describe('tools/schemas/generate', () => {
  it('the committed schemas/region-config.schema.json is up to date (run npm run schemas)', async () => {
    const committed = readFileSync(GENERATED_SCHEMA, 'utf8');
    expect(committed, 'schemas/region-config.schema.json is stale: run npm run schemas').toBe(await generatedSchemaText());
  });

  it('validates the shipped region configs like an editor would', () => {
    const validate = createAjv().compile(JSON.parse(readFileSync(GENERATED_SCHEMA, 'utf8')));
    const dir = join(PROJECT_ROOT, 'region-configs');
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json') && n !== FLAG_FILE_NAME)) {
      const ok = validate(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      expect(ok ? [] : validate.errors, name).toEqual([]);
    }
  });
});

describe('composeRegionSchema', () => {
  const places = collectPlaces([
    { id: 'host', menus: [defineMenu('account')] },
    { id: 'alpha', menus: [defineMenu('alpha-tools')] },
  ]);
  const schema = composeRegionSchema(BASE_SCHEMA, fixturePlugins, places.menus);
  const validate = createAjv().compile(schema);
  const withPlugins = (plugins: unknown) => {
    validate({ plugins });
    return (validate.errors ?? []).filter((e) => e.instancePath.startsWith('/plugins'));
  };

  it('closes the plugin map: one property per installed plugin, sorted, unknown ids rejected', () => {
    expect(Object.keys(schema.properties.plugins.properties)).toEqual(['alpha', 'beta']);
    expect(schema.properties.plugins.additionalProperties).toBe(false);
    expect(withPlugins({ gamma: {} })).toMatchObject([{ keyword: 'additionalProperties', params: { additionalProperty: 'gamma' } }]);
    expect(schema.$defs.pluginEntry).toBeUndefined();
  });

  it("checks each plugin's options with its own schema, closed, with local $refs working", () => {
    expect(withPlugins({ alpha: { enabled: false, options: { limit: 2, mode: 'a' } }, beta: {} })).toEqual([]);
    expect(withPlugins({ alpha: { options: { limit: 'x' } } })).toMatchObject([{ instancePath: '/plugins/alpha/options/limit', keyword: 'type' }]);
    expect(withPlugins({ alpha: { options: { mode: 'c' } } })).toMatchObject([{ instancePath: '/plugins/alpha/options/mode', keyword: 'enum' }]);
    expect(withPlugins({ alpha: { options: { other: 1 } } })).toMatchObject([{ keyword: 'additionalProperties', params: { additionalProperty: 'other' } }]);
    expect(withPlugins({ beta: { options: { any: 1 } } })).toMatchObject([{ keyword: 'additionalProperties', params: { additionalProperty: 'any' } }]);
    expect(withPlugins({ beta: { enable: true } })).toMatchObject([{ keyword: 'additionalProperties', params: { additionalProperty: 'enable' } }]);
  });

  it('closes the side-menu map over the declared menus, each named with its declarer', () => {
    const item = { key: 'a', label: 'menu.a', path: '/a' };
    expect(Object.keys(schema.properties.menus.properties)).toEqual(['account', 'alpha-tools']);
    expect(schema.properties.menus.properties['alpha-tools'].description).toBe("Entries of side menu 'alpha-tools' (declared by plugin 'alpha').");
    validate({ menus: { account: [item], 'alpha-tools': [item] } });
    expect((validate.errors ?? []).filter((e) => e.instancePath.startsWith('/menus'))).toEqual([]);
    validate({ menus: { trade: [item] } });
    expect((validate.errors ?? []).filter((e) => e.instancePath.startsWith('/menus'))).toMatchObject([{ params: { additionalProperty: 'trade' } }]);
  });

  it('describes each plugin with its dependencies and leaves the base untouched', () => {
    expect(schema.properties.plugins.properties.alpha.description).toBe("Plugin 'alpha' (plugins/alpha/). Alpha things.");
    expect(schema.properties.plugins.properties.beta.description).toBe("Plugin 'beta' (plugins/beta/). Requires: alpha.");
    expect(schema.properties.plugins.properties.alpha.properties.enabled).toMatchObject({ type: 'boolean', default: true });
    expect(schema.properties.plugins.properties.alpha.properties.options.$schema).toBeUndefined();
    expect(schema.$id).toBe('urn:exchange-shell:region-config');
    expect((BASE_SCHEMA as any).properties.plugins.additionalProperties).toEqual({ $ref: '#/$defs/pluginEntry' });
  });

  it('checks every list of unique items in one pass: its items declare a scalar type', () => {
    // Without a scalar `type` beside the items' `$ref` or `enum`, ajv compares each pair of items: a long list of
    // distinct hosts near the file size limit took about 20 s to check; with it, a lookup table makes it linear.
    const slow: string[] = [];
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as { uniqueItems?: boolean; items?: { type?: unknown } };
      const type = schema.items?.type;
      if (schema.uniqueItems && !(typeof type === 'string' && ['string', 'integer', 'number', 'boolean'].includes(type))) slow.push(pointer);
      for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key}`);
    };
    walk(JSON.parse(readFileSync(GENERATED_SCHEMA, 'utf8')), '');
    expect(slow).toEqual([]);
  });
});
