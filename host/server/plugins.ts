import type { PluginDefinition } from '../../core/plugin/types';
import type { FakeApiModule } from '../fake-api/types';

/** Every installed plugin definition (server side: all of them, eagerly). */
export function installedPlugins(): PluginDefinition<any>[] {
  const modules = import.meta.glob<{ default: PluginDefinition<any> }>('../../plugins/*/index.ts', { eager: true });
  return Object.values(modules).map((m) => m.default);
}

/** Every plugin's fake-API module (endpoints and personas). */
export function pluginFakeApis(): FakeApiModule[] {
  const modules = import.meta.glob<{ default: FakeApiModule }>('../../plugins/*/fake-api.ts', { eager: true });
  return Object.entries(modules).map(([path, m]) => ({ name: path.split('/').at(-2), ...m.default }));
}
