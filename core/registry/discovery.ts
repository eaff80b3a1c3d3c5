/**
 * The one rule for finding installed plugins, shared by every way of listing them: Vite's `import.meta.glob`
 * (server and client bundles, Vitest) and the file-system scan of the Node tools (tools/plugin-discovery.ts).
 *
 * A plugin is a folder `plugins/<id>/` (not starting with '.' or '_') whose `index.ts` default-exports
 * `definePlugin({ id, setup, ... })` with `id` equal to the folder name.
 */
import type { PluginDefinition } from '../plugin/types';

/** The entry file of a plugin folder. */
export const PLUGIN_ENTRY = 'index.ts';

/** Whether a folder under plugins/ holds a plugin ('_draft', '.cache' do not). */
export function isPluginFolder(name: string): boolean {
  return !!name && !name.startsWith('.') && !name.startsWith('_');
}

/** The plugin folder of a path like '../../plugins/<id>/index.ts' (a glob key) or '/abs/plugins/<id>/fake-api.ts'. */
export function pluginFolderOf(path: string): string {
  const parts = path.split(/[\\/]/);
  const at = parts.lastIndexOf('plugins');
  const folder = at >= 0 ? parts[at + 1] : undefined;
  if (!folder || at + 2 !== parts.length - 1) throw new Error(`${path}: not a file directly inside plugins/<id>/`);
  return folder;
}

/** A plugin module's default export, checked to be a definition whose id is its folder name. */
export function pluginDefinitionOf(folder: string, mod: { default?: unknown }): PluginDefinition<any> {
  const def = mod.default as PluginDefinition<any> | undefined;
  if (!def || typeof def !== 'object' || typeof def.id !== 'string') {
    throw new Error(`plugins/${folder}: index must \`export default definePlugin({ id, ... })\``);
  }
  if (def.id !== folder) throw new Error(`plugins/${folder}: the plugin id is '${def.id}' but the folder is '${folder}': they must be equal`);
  return def;
}

/** Plugin modules keyed by path (an eager `import.meta.glob` of 'plugins/*\/index.ts'): checked definitions sorted by folder. */
export function pluginDefinitions(modules: Record<string, { default?: unknown }>): PluginDefinition<any>[] {
  return Object.entries(modules)
    .map(([path, mod]) => ({ folder: pluginFolderOf(path), mod }))
    .filter(({ folder }) => isPluginFolder(folder))
    .sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0))
    .map(({ folder, mod }) => pluginDefinitionOf(folder, mod));
}
