import { createRequire } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const SYNC_STORE_SHIM = '\0shell:use-sync-external-store-shim';
const NO_OPTIONS_SCHEMA = '\0shell:plugin-options-schema';
const AXIOS_UNUSED = '\0shell:axios-unused:';

/**
 * axios modules the browser's one axios user (`core/http/client.ts`) never runs, by their path under `axios/lib/`,
 * and what replaces each:
 * - the fetch adapter (3 KB gz): browsers take axios's first default, XMLHttpRequest (`xhr`), and nothing asks for
 *   `fetch`; axios asks `getFetch(config)` for it, and null means "not available here";
 * - the object and FormData encoders, the deprecated CancelToken and the status-code table (only read from
 *   `axios.HttpStatusCode`), 2.2 KB gz: the client sends form-encoded strings with the query already in the URL and
 *   never cancels a call (it has time-outs). A replaced encoder throws, so a call that needs one fails loudly instead
 *   of sending something else.
 */
const unused = (what: string) => `() => { throw new Error('axios ${what} is not in the browser build'); }`;
const AXIOS_REPLACED: Record<string, string> = {
  'adapters/fetch.js': 'export const getFetch = () => null;\nexport default null;',
  'helpers/HttpStatusCode.js': 'export default {};',
  'helpers/toFormData.js': `export const DEFAULT_FORM_DATA_MAX_DEPTH = 100;\nexport default ${unused('toFormData')};`,
  'helpers/formDataToJSON.js': `export default ${unused('formDataToJSON')};`,
  'helpers/toURLEncodedForm.js': `export default ${unused('toURLEncodedForm')};`,
  'cancel/CancelToken.js': `export default class CancelToken { constructor() { (${unused('CancelToken')})(); } static source() { return new CancelToken(); } }`,
};

/**
 * The browser build's picks among library builds (the client bundle only; the server and tests keep Node's):
 * - tsyringe's ES2015 build instead of its ES5 one (native classes and generators: no tslib helpers but `__awaiter`);
 * - one tslib (the root one, which rxjs uses too) instead of tsyringe's own nested tslib 1.x copy;
 * - `use-sync-external-store/shim` (react-i18next) as React 19's own `useSyncExternalStore`, which the shim
 *   only polyfills for React before 18;
 * - axios without the modules in `AXIOS_REPLACED`;
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
      const axiosLib = importer && /^(.*[\\/]axios[\\/]lib)[\\/]/.exec(importer)?.[1];
      if (axiosLib && source.startsWith('.')) {
        const path = relative(axiosLib, resolve(dirname(importer), source))
          .split(sep)
          .join('/');
        if (path in AXIOS_REPLACED) return AXIOS_UNUSED + path;
      }
      return null;
    },
    load(id) {
      if (id === SYNC_STORE_SHIM) return "export { useSyncExternalStore } from 'react';";
      if (id === NO_OPTIONS_SCHEMA) return 'export default undefined;';
      if (id.startsWith(AXIOS_UNUSED)) return AXIOS_REPLACED[id.slice(AXIOS_UNUSED.length)];
      return null;
    },
  };
}
