/**
 * Generates `plugins/<id>/options.generated.ts` from each plugin's schema.json (json-schema-to-typescript): the
 * options type a plugin's code uses (`<Id>Options`, e.g. `IpCheckOptions`). Written by `npm run schemas`; a stale
 * file fails tools/schemas/option-types.test.ts.
 *
 * The type describes options as the plugin receives them: the region's values with the schema's defaults applied
 * (ajv `useDefaults`), so a property with a `default` is required.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { PLUGINS_DIR, pluginEntries } from '../plugin-discovery';

export const OPTION_TYPES_FILE = 'options.generated.ts';

const BANNER = '/* Generated from schema.json by `npm run schemas` (tools/schemas/option-types.ts): do not edit. */';

/** 'ip-check' → 'IpCheckOptions'. */
export function optionTypeName(id: string): string {
  return `${id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Options`;
}

/** A copy of the schema where every property with a `default` is required (it is always present after defaults). */
function withDefaultsRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDefaultsRequired);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'default' || k === 'examples' || k === 'const' || k === 'enum' ? v : withDefaultsRequired(v);
  const props = out.properties as Record<string, { default?: unknown }> | undefined;
  if (props && typeof props === 'object' && !Array.isArray(props)) {
    const defaulted = Object.keys(props).filter((name) => props[name] && typeof props[name] === 'object' && 'default' in props[name]);
    const required = new Set([...((out.required as string[] | undefined) ?? []), ...defaulted]);
    if (required.size) out.required = [...required];
  }
  return out;
}

/** The generated file's text for one plugin's schema. */
export async function optionTypesText(id: string, schema: JSONSchema): Promise<string> {
  const { title: _title, $schema: _schema, ...rest } = schema as JSONSchema & { $schema?: string };
  const body = await compile({ ...(withDefaultsRequired(rest) as JSONSchema), title: optionTypeName(id) }, optionTypeName(id), {
    bannerComment: '',
    additionalProperties: false,
    format: true,
    style: { singleQuote: true, semi: true, printWidth: 160 },
    strictIndexSignatures: false,
    unknownAny: true,
  });
  return `${BANNER}\n\n${body.trimEnd()}\n`;
}

/** Every plugin with a schema.json: the generated file's path and text. */
export async function generatedOptionTypes(pluginsDir: string = PLUGINS_DIR): Promise<Array<{ id: string; file: string; text: string }>> {
  const out: Array<{ id: string; file: string; text: string }> = [];
  for (const { folder } of pluginEntries(pluginsDir)) {
    const schemaFile = join(pluginsDir, folder, 'schema.json');
    if (!existsSync(schemaFile)) continue;
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as JSONSchema;
    out.push({ id: folder, file: join(pluginsDir, folder, OPTION_TYPES_FILE), text: await optionTypesText(folder, schema) });
  }
  return out;
}
