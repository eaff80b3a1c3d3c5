import { defineConfig } from 'vitest/config';

/**
 * Process-level tests of the built server (`npm test` runs them after the build): each file starts
 * `node dist/server/entry.js` (or SHELL_DIST) with its own environment and talks to it over HTTP.
 * Two files at a time: each owns its processes and ports (free ones, picked at start), and most of a file's time is
 * spent waiting (drain delays, deadlines, slow back ends), which the other file fills (alone on a quiet 2-core
 * machine: 187 s against 250 s one at a time).
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
