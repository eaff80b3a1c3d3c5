import type { PluginDefinition } from '../../core/plugin/types';

/** Every installed plugin definition (server side: all of them, eagerly). */
export function installedPlugins(): PluginDefinition<any>[] {
  const modules = import.meta.glob<{ default: PluginDefinition<any> }>('../../plugins/*/index.ts', { eager: true });
  return Object.values(modules).map((m) => m.default);
}
