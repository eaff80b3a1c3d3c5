/**
 * Unit test files that mock modules (`vi.mock`, `vi.doMock`) or reset the module cache (`vi.resetModules`). The other
 * files share their worker's module cache (vite.config.ts); these run isolated, so what they replace reaches no other
 * file. `unit-test-isolation.test.ts` fails when a file that does either is missing here.
 */
export const MODULE_MOCKING_TESTS = [
  'core/http/lazy-client.test.ts',
  'plugins/share/index.test.tsx',
  'plugins/chart/components/ChartWidget.test.tsx',
  'plugins/chart/runtime/chart-mount.test.ts',
  'plugins/chart/primitives/sb-point/sb-point.test.ts',
];

/** What marks a file as mocking modules or resetting the module cache. */
export const MODULE_MOCKING = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules|importMock)\s*\(/;
