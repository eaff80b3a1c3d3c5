/** The OpenFeature value type of each flag target, read from the plugin's options schema. */
import type { PluginDefinition } from '../plugin/types';
import type { FlagTarget } from './keys';

export type FlagValueType = 'boolean' | 'string' | 'number' | 'object';

const BY_SCHEMA_TYPE: Record<string, FlagValueType> = {
  boolean: 'boolean',
  string: 'string',
  number: 'number',
  integer: 'number',
  object: 'object',
  array: 'object',
};

/** The schema of one top-level option, or undefined when the plugin has no such option. */
export function optionSchema(def: PluginDefinition<any>, option: string): Record<string, unknown> | undefined {
  const properties = (def.options as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties;
  return properties && Object.hasOwn(properties, option) ? properties[option] : undefined;
}

/** The value type of an option, from its schema's `type` (or its `enum` values); undefined when mixed or unknown. */
function optionValueType(schema: Record<string, unknown>): FlagValueType | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
  const kinds = new Set(types.map((t) => BY_SCHEMA_TYPE[String(t)]));
  if (!types.length && Array.isArray(schema.enum)) for (const v of schema.enum) kinds.add(BY_SCHEMA_TYPE[v === null ? 'null' : typeof v]);
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/** The value type a flag must have for its target, or why the target does not exist. */
export function targetValueType(target: FlagTarget, def: PluginDefinition<any>): { type: FlagValueType } | { problem: string } {
  if (target.kind === 'enabled') return { type: 'boolean' };
  if (target.kind === 'priority') return { type: 'number' };
  const schema = optionSchema(def, target.option);
  if (!schema) return { problem: `plugin '${target.plugin}' has no option '${target.option}'` };
  const type = optionValueType(schema);
  return type ? { type } : { problem: `option '${target.option}' of plugin '${target.plugin}' has no single value type a flag could serve` };
}
