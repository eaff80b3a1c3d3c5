import type { PluginDefinition } from '../../core/plugin/types';
import { pluginDefinitions } from '../../core/registry/discovery';

/** Every installed plugin definition (server side: all of them, eagerly), checked by the one discovery rule. */
export function installedPlugins(): PluginDefinition<any>[] {
  return pluginDefinitions(import.meta.glob<{ default: PluginDefinition<any> }>('../../plugins/*/index.ts', { eager: true }));
}
