import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const SYNC_STORE_SHIM = '\0shell:use-sync-external-store-shim';

/**
 * The browser build's picks among library builds (the client bundle only; the server and tests keep Node's):
 * - tsyringe's ES2015 build instead of its ES5 one (native classes and generators: no tslib helpers but `__awaiter`);
 * - one tslib (the root one, which rxjs uses too) instead of tsyringe's own nested tslib 1.x copy;
 * - `use-sync-external-store/shim` (react-i18next) as React 19's own `useSyncExternalStore`, which the shim
 *   only polyfills for React before 18.
 */
export function clientLibs(root: string): Plugin {
  const require = createRequire(`${root}/package.json`);
  const tsyringe = require.resolve('tsyringe/package.json').replace(/package\.json$/, 'dist/esm2015/index.js');
  const tslib = require.resolve('tslib/package.json').replace(/package\.json$/, 'tslib.es6.mjs');
  return {
    name: 'shell:client-libs',
    enforce: 'pre',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    resolveId(source) {
      if (source === 'tsyringe') return tsyringe;
      if (source === 'tslib') return tslib;
      if (source === 'use-sync-external-store/shim') return SYNC_STORE_SHIM;
      return null;
    },
    load(id) {
      return id === SYNC_STORE_SHIM ? "export { useSyncExternalStore } from 'react';" : null;
    },
  };
}
