import { defineConfig } from 'vitest/config';

/**
 * Process-level tests of the built server (`npm test` runs them after the build): each file starts
 * `node dist/server/entry.js` (or SHELL_DIST) with its own environment and talks to it over HTTP.
 * One file at a time: they measure memory and time, and each one owns its processes.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
