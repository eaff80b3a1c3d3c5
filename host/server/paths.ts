import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: SHELL_ROOT, else the nearest folder above this module with the project's package.json. */
function findRoot(): string {
  if (process.env.SHELL_ROOT) return resolve(process.env.SHELL_ROOT);
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    if (existsSync(resolve(dir, 'package.json')) && existsSync(resolve(dir, 'region-configs'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

const PROJECT_ROOT = findRoot();
/** Build output folder (SHELL_DIST, default dist): lets several builds coexist. */
const DIST = resolve(PROJECT_ROOT, process.env.SHELL_DIST ?? 'dist');

export const paths = {
  root: PROJECT_ROOT,
  /** Region configs and flags.json (REGION_CONFIGS_DIR, default <project>/region-configs; relative to the working folder). */
  regionConfigs: process.env.REGION_CONFIGS_DIR?.trim() ? resolve(process.env.REGION_CONFIGS_DIR.trim()) : resolve(PROJECT_ROOT, 'region-configs'),
  locales: resolve(PROJECT_ROOT, 'locales'),
  plugins: resolve(PROJECT_ROOT, 'plugins'),
  clientDist: resolve(DIST, 'client'),
  manifest: resolve(DIST, 'client/.vite/manifest.json'),
};
