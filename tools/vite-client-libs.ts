import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const SYNC_STORE_SHIM = '\0shell:use-sync-external-store-shim';
const NO_FETCH_ADAPTER = '\0shell:axios-no-fetch-adapter';
const NO_OPTIONS_SCHEMA = '\0shell:plugin-options-schema';

/**
 * The browser build's picks among library builds (the client bundle only; the server and tests keep Node's):
 * - tsyringe's ES2015 build instead of its ES5 one (native classes and generators: no tslib helpers but `__awaiter`);
 * - one tslib (the root one, which rxjs uses too) instead of tsyringe's own nested tslib 1.x copy;
 * - `use-sync-external-store/shim` (react-i18next) as React 19's own `useSyncExternalStore`, which the shim
 *   only polyfills for React before 18;
 * - axios without its fetch adapter: browsers take its first default, XMLHttpRequest (`xhr`), and nothing asks for
 *   `fetch`, so that adapter's code (3 KB gz of the axios chunk) was never run;
 * - no plugin options schemas (`plugins/<id>/schema.json` as imported by the plugin's `index.ts`): the server
 *   validates each region's options and fills their defaults before it plans, and the browser takes the planned
 *   options from the page; the schemas' descriptions were 0.5 to 1.6 KB gz of every plugin's activation chunk.
 */
export function clientLibs(root: string): Plugin {
  const require = createRequire(`${root}/package.json`);
  const tsyringe = require.resolve('tsyringe/package.json').replace(/package\.json$/, 'dist/esm2015/index.js');
  // The tslib rxjs depends on (not a dependency of ours): its ES module build.
  const tslib = createRequire(require.resolve('rxjs'))
    .resolve('tslib')
    .replace(/[^\\/]+$/, 'tslib.es6.mjs');
  return {
    name: 'shell:client-libs',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    resolveId(source, importer) {
      if (source === 'tsyringe') return tsyringe;
      if (source === 'tslib') return tslib;
      if (source === 'use-sync-external-store/shim') return SYNC_STORE_SHIM;
      if (source === './schema.json' && importer && /[\\/]plugins[\\/][^\\/]+[\\/]index\.tsx?$/.test(importer)) return NO_OPTIONS_SCHEMA;
      if (source === './fetch.js' && importer && /[\\/]axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/.test(importer)) return NO_FETCH_ADAPTER;
      return null;
    },
    load(id) {
      if (id === SYNC_STORE_SHIM) return "export { useSyncExternalStore } from 'react';";
      // axios asks `getFetch(config)` for the fetch adapter; null means "not available here" (it takes another).
      if (id === NO_FETCH_ADAPTER) return 'export const getFetch = () => null;\nexport default null;';
      if (id === NO_OPTIONS_SCHEMA) return 'export default undefined;';
      return null;
    },
  };
}
