import { defaultClientConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { viewSources } from './tools/vite-view-sources';
import { clientLibs } from './tools/vite-client-libs';
import { serverOnlyParts } from './tools/vite-server-only';
import { releaseInfo } from './tools/release.mjs';
import { MODULE_MOCKING_TESTS } from './tools/unit-test-isolation';

/** Modules the entry and every plugin chunk import (see `codeSplitting` below). */
const SHARED_BY_EVERY_CHUNK =
  /node_modules[\\/](rxjs|tslib|react|tsyringe|@abraham)[\\/]|^\0@oxc-project\+runtime@.*[\\/]decorate|vite[\\/]preload-helper|[\\/]core[\\/]plugin[\\/](refs|types|define)\.ts|[\\/]core[\\/]util[\\/]links\.ts/;

/** The client entry's chunk (`assets/entry-<hash>.js`). */
const isEntryChunk = (file: string) => /(^|\/)entry-[^/]*\.js$/.test(file);

const UNIT_TESTS = ['core/**/*.test.{ts,tsx}', 'kit/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}', 'tools/**/*.test.{ts,tsx}'];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [clientLibs(import.meta.dirname), serverOnlyParts(), react(), viewSources(import.meta.dirname)],
  publicDir: 'host/public',
  // The release the page names and monitoring tags reports with (core/util/release.ts); whether this is the browser
  // build, which leaves out the definition checks the server already made and the request's guard and load phases,
  // which only the server runs (core/util/browser-build.ts).
  define: { __SHELL_RELEASE__: JSON.stringify(releaseInfo()), __SHELL_BROWSER_BUILD__: JSON.stringify(command === 'build' && !isSsrBuild) },
  // rxjs's ES2015 build (classes, few tslib helpers) in the browser: smaller than its ES5 default.
  resolve: { conditions: ['es2015', ...defaultClientConditions] },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node20', sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: true,
        target: 'es2022',
        // No preload lists in the entry (0.5 KB gz): the plugins it imports come with their imports in the page's
        // modulepreload links (the server names them), and its other imports (axios, the translation backends, the
        // float menu) need little beyond the entry. CSS still goes with each import; plugins' lazy views keep theirs,
        // without the entry, which has run before any of them (a link for it would be one more element for nothing).
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId }) => (isEntryChunk(hostId) ? [] : deps.filter((dep) => !isEntryChunk(dep))),
        },
        rollupOptions: {
          input: 'host/client/entry.tsx',
          // The core's and the kit's modules have no import-time effects (CSS aside): a plugin importing `definePlugin`
          // from the plugin API then depends on define.ts only, not on every module the barrel re-exports. Without
          // this, Dialog, AmountInput, SideMenuLayout, SafeHtml... sat in the one chunk every page loads even when only
          // lazy views use them.
          treeshake: { moduleSideEffects: (id: string) => (/[\\/](core|kit)[\\/][^?]*\.tsx?$/.test(id) && !id.includes('node_modules') ? false : undefined) },
          // What the entry and every plugin's activation use, in one chunk beside the entry: rxjs, tslib, the decorator
          // helpers, React, tsyringe with its reflection polyfill, the core's refs, `definePlugin` and link checks, and
          // Vite's preload helper. Left alone they came as eight small chunks (together: 2 KB gz more on every page,
          // and longer import lists in every plugin chunk).
          output: { codeSplitting: { groups: [{ name: 'shared', test: SHARED_BY_EVERY_CHUNK }] } },
        },
      },
  ssr: { target: 'node' },
  test: {
    setupFiles: ['tools/test/setup.ts'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'threads',
    // Test files share their worker's module cache (a module's imports load once, not once per file: 3.5 times less
    // time for the unit suite). Files that mock modules or reset the cache run isolated (tools/unit-test-isolation.ts).
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_TESTS, isolate: false, exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS] } },
      { extends: true, test: { name: 'unit (isolated)', include: MODULE_MOCKING_TESTS } },
    ],
  },
}));
