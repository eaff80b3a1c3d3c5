import { PluginError } from './errors';
import type { BrowserPermission, PluginDefinition } from './types';

const PERMISSIONS: readonly BrowserPermission[] = ['camera', 'microphone', 'geolocation'];

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a plugin; checks its id and dependency list at creation. */
export function definePlugin<O = Record<string, unknown>>(def: PluginDefinition<O>): PluginDefinition<O> {
  if (typeof def.id !== 'string' || !PLUGIN_ID_PATTERN.test(def.id)) {
    throw new PluginError(String(def.id), `id must be kebab-case (${PLUGIN_ID_PATTERN}), e.g. 'site-switch'`);
  }
  if (typeof def.setup !== 'function') throw new PluginError(def.id, 'setup(ctx) must be a function');
  if (def.csp !== undefined && typeof def.csp !== 'function')
    throw new PluginError(def.id, "csp must be a function (options, region) => ({ connect?: ['https://…'], … })");
  for (const p of def.permissions ?? []) {
    if (!PERMISSIONS.includes(p)) throw new PluginError(def.id, `permissions: '${p}' is not one of ${PERMISSIONS.join(', ')}`);
  }
  const requires = def.requires ?? [];
  const optional = def.optional ?? [];
  if (requires.includes(def.id) || optional.includes(def.id)) throw new PluginError(def.id, 'requires itself');
  for (const dep of [...requires, ...optional]) {
    if (!PLUGIN_ID_PATTERN.test(dep)) throw new PluginError(def.id, `requires '${dep}', which is not a valid plugin id`);
  }
  const both = requires.find((dep) => optional.includes(dep));
  if (both) throw new PluginError(def.id, `'${both}' is both required and optional: keep it in one list`);
  return Object.freeze({ ...def, requires, optional });
}
