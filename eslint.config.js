// ESLint 10 flat config: typescript-eslint's type-checked rules (project service over tsconfig.json), React hooks and the
// layering (tools/lint/).
// `npm run lint` runs it with Prettier and knip; `npm run lint:fix` (tools/lint-fix.sh) applies the automatic fixes.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layering from './tools/lint/plugin.mjs';

const TESTS = ['**/*.test.{ts,tsx}', 'e2e/**', 'tests/**', 'tools/test/**'];
/** Code without React: Playwright's fixture `use`, the fake API's `use*` helpers are not hooks. */
const NO_REACT = ['e2e/**', 'tests/**', 'tools/**', 'host/fake-api/**', 'plugins/*/fake-api.ts', 'plugins/*/fake/**', '**/*.{js,mjs,cjs}'];

export default defineConfig(
  { ignores: ['dist/**', 'dist-*/**', '.tmp/**', 'test-results/**', 'playwright-report/**', '**/*.generated.ts'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Kept as errors, they find real defects: a promise nobody awaits or catches, a promise where a callback is
      // expected, an unused variable or import (a leading _ marks a deliberate one).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off: the `any`s are deliberate where one list holds plugin definitions with different option types
      // (`PluginDefinition<any>`) or walks JSON schemas; the no-unsafe-* rules still flag an `any` reaching typed code.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: NO_REACT,
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // React Compiler diagnostics, shown but not blocking: the flagged places set state on mount on purpose (what
      // the server rendered must hydrate unchanged first) or read refs in handlers built during render.
      'react-hooks/set-state-in-effect': 'warn',
      'react-hooks/refs': 'warn',
      'react-hooks/purity': 'warn',
    },
  },
  {
    files: TESTS,
    rules: {
      // Off in tests (~320 places): tests read JSON replies and mocks as `any` on purpose; a wrong field fails the test.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Off in tests (~140 places): async fakes and callbacks stand in for promise-returning interfaces without awaiting.
      '@typescript-eslint/require-await': 'off',
      // Off in tests: `expect(obj.method).toHaveBeenCalled()` and spies pass methods unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The layering (tools/lint/layers.mjs): core imports only core; the kit only the plugin API; a plugin imports the
    // plugin API (in its tests too), the kit and other plugins' index.ts;
    // host never imports tools, tools import host only through host/index.ts; no import cycles. No exceptions in
    // production code; tests may reach any layer's internals, but are held to no-cycle too.
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    plugins: { layering },
    rules: { 'layering/boundaries': 'error', 'layering/no-cycle': 'error' },
  },
  {
    // Plain JavaScript (tools/*.mjs, the service worker, this file) is outside tsconfig.json: no type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
