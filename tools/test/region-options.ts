import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RegionConfig } from '../../core/config/region';

const ROOT = resolve(import.meta.dirname, '../..');

/** A region file as committed (`region-configs/<key>.json`), for tests that run something as that region does. */
export function regionFile(regionKey: string): RegionConfig {
  return JSON.parse(readFileSync(resolve(ROOT, 'region-configs', `${regionKey}.json`), 'utf8')) as RegionConfig;
}

/** The options a region file sets for one plugin (`plugins.<id>.options`, `{}` when unset). */
export function regionOptions(regionKey: string, pluginId: string): Record<string, unknown> {
  return { ...(regionFile(regionKey).plugins?.[pluginId]?.options ?? {}) };
}
