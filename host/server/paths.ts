import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: two levels above this module, both in the source tree (host/server) and the build (dist/server). */
export const PROJECT_ROOT = process.env.SHELL_ROOT ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const paths = {
  root: PROJECT_ROOT,
  regionConfigs: resolve(PROJECT_ROOT, 'region-configs'),
  locales: resolve(PROJECT_ROOT, 'locales'),
  plugins: resolve(PROJECT_ROOT, 'plugins'),
  clientDist: resolve(PROJECT_ROOT, 'dist/client'),
  manifest: resolve(PROJECT_ROOT, 'dist/client/.vite/manifest.json'),
};
