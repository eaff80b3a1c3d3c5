/** Finds the installed plugins (plugins/<id>/index.ts) without Vite, for the CLI tools, by the rule of core/registry/discovery.ts. */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginDefinition } from '../core/plugin/types';
import { PluginCatalogue } from '../core/registry/catalogue';
import { HOST_PLACES } from '../host';
import { isPluginFolder, PLUGIN_ENTRY, pluginDefinitionOf } from '../core/registry/discovery';

import { PROJECT_ROOT } from './project-root';

export { PROJECT_ROOT };

/** Default plugins folder of the project. */
export const PLUGINS_DIR = join(PROJECT_ROOT, 'plugins');

/** The entry files of every plugin folder (core/registry/discovery.ts rule), sorted by folder name. */
export function pluginEntries(pluginsDir: string = PLUGINS_DIR): Array<{ folder: string; file: string }> {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && isPluginFolder(d.name))
    .map((d) => d.name)
    .sort()
    .flatMap((folder) => (existsSync(join(pluginsDir, folder, PLUGIN_ENTRY)) ? [{ folder, file: resolve(pluginsDir, folder, PLUGIN_ENTRY) }] : []));
}

/**
 * Imports every plugin's index file and returns its default export, checked by the one discovery rule (a
 * definition whose id is its folder name). Plugin files may import React, CSS and images: under plain Node the
 * assets hook (tools/tsx-assets-hook.mjs) is registered first; under Vite/Vitest, Vite handles them.
 */
export async function discoverPlugins(pluginsDir: string = PLUGINS_DIR): Promise<PluginDefinition<any>[]> {
  await ensureAssetsHook();
  const defs: PluginDefinition<any>[] = [];
  for (const { folder, file } of pluginEntries(pluginsDir)) {
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (err) {
      throw new Error(`plugins/${folder}: cannot import ${file}: ${(err as Error).message}`, { cause: err });
    }
    defs.push(pluginDefinitionOf(folder, mod));
  }
  return defs;
}

/** The catalogue of the installed plugins, with the slots and menus the host declares. */
export async function loadCatalogue(pluginsDir?: string): Promise<PluginCatalogue> {
  return new PluginCatalogue(await discoverPlugins(pluginsDir), HOST_PLACES);
}

async function ensureAssetsHook(): Promise<void> {
  // Vite (and Vitest) load plugin files themselves; Node needs the hook to ignore CSS and images.
  if (process.env.VITEST || (globalThis as Record<symbol, unknown>)[Symbol.for('exchange-shell.tsx-assets-hook')]) return;
  // @ts-expect-error: plain .mjs module without types
  await import('./tsx-assets-hook.mjs');
}
