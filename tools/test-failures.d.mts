/** Types of tools/test-failures.mjs. */
export interface TestFailure {
  runner: 'unit' | 'server' | 'browser';
  name: string;
  message: string;
}
export function failedTests(reports: { unit: string; server: string; browser: string }): TestFailure[];
export function failureLines(failures: TestFailure[]): string[];
