/**
 * Enables (or disables) a plugin in region configs (rewrites each file formatted by Prettier, keeps the map's order):
 *   npm run plugins -- <id> [--regions main,tr|all] [--options '{"k":1}'] [--disable]
 * A lock file serializes concurrent edits.
 */
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { REGION_KEYS } from '../core/config/region';

export interface RegionEdit {
  /** Project root holding region-configs/. */
  root: string;
  id: string;
  regions: readonly string[];
  options?: Record<string, unknown>;
  disable?: boolean;
  log?: (line: string) => void;
}

/** Runs `fn` holding the lock file (waits up to 10 s for another edit to finish). */
async function withLock(lock: string, fn: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      closeSync(openSync(lock, 'wx'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      return await fn();
    } finally {
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`could not take ${lock} (remove it if no edit is running)`);
}

/** Sets the plugin's entry in each region's config: enabled (or disabled), with the options when given. */
export async function setPluginInRegions({ root, id, regions, options, disable = false, log = console.log }: RegionEdit): Promise<void> {
  // The project's Prettier settings (`npm run lint` checks the region configs with them).
  const style = (await resolveConfig(resolve(import.meta.dirname, '../region-configs/main.json'))) ?? {};
  await withLock(resolve(root, 'region-configs/.lock'), async () => {
    for (const key of regions) {
      const file = resolve(root, 'region-configs', `${key}.json`);
      const config = JSON.parse(readFileSync(file, 'utf8')) as { plugins: Record<string, { enabled?: boolean; options?: Record<string, unknown> }> };
      const entry = { ...(config.plugins[id] ?? {}) };
      if (disable) entry.enabled = false;
      else delete entry.enabled;
      if (options) entry.options = options;
      config.plugins[id] = entry;
      writeFileSync(file, await format(JSON.stringify(config, null, 2), { ...style, filepath: file }));
      log(`${key}: ${id} ${disable ? 'disabled' : 'enabled'}`);
    }
  });
}

async function main(args: string[]): Promise<number> {
  const id = args.find((a) => !a.startsWith('--') && !args[args.indexOf(a) - 1]?.startsWith('--'));
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (!id) {
    console.error("usage: npm run plugins -- <plugin-id> [--regions main,tr|all] [--options '{...}'] [--disable]");
    return 2;
  }
  const regions = !flag('regions') || flag('regions') === 'all' ? REGION_KEYS : flag('regions')!.split(',');
  const options = flag('options') ? (JSON.parse(flag('options')!) as Record<string, unknown>) : undefined;
  await setPluginInRegions({ root: resolve(import.meta.dirname, '..'), id, regions, options, disable: args.includes('--disable') });
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: Error) => {
      console.error(e.message);
      process.exitCode = 1;
    },
  );
}
