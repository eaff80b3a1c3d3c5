/** Test helpers for plugin authors (Vitest, Node). */
export { createPluginTester, type PluginTester, type PluginTesterOptions } from './plugin-tester';
export { createTestHttp, scenarioAdapter, type TestResponse, type RecordedCall } from './fake-http';
