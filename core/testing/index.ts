/** Test helpers for plugin authors (Vitest, Node). */
export { createPluginTester, TESTER_REGION_DEFAULTS, type PluginTester, type PluginTesterOptions, type TesterPage } from './plugin-tester';
export { setTesterHost } from './tester-host';
export { createTestHttp, scenarioAdapter, type TestResponse, type RecordedCall } from './fake-http';
/** The fake-endpoint kit a plugin's `fake-api.ts` uses (import it from './fake-api-kit' there: no React). */
export * from './fake-api-kit';
