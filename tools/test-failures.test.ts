import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedTests, failureLines } from './test-failures.mjs';

const dir = mkdtempSync(join(tmpdir(), 'test-failures-'));
const write = (name: string, body: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
};
const cwd = process.cwd();

const vitestReport = {
  testResults: [
    {
      name: join(cwd, 'core/a.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        { fullName: 'a fails', status: 'failed', failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3:5'] },
      ],
    },
    { name: join(cwd, 'core/b.test.ts'), status: 'failed', message: 'Failed to load ./missing', assertionResults: [] },
    { name: join(cwd, 'core/c.test.ts'), status: 'passed', message: '', assertionResults: [{ fullName: 'c', status: 'passed' }] },
  ],
};

const playwrightReport = {
  suites: [
    {
      file: 'home.spec.ts',
      specs: [
        { title: 'ok', tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
        { title: 'breaks', tests: [{ status: 'unexpected', results: [{ status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.' } }] }] },
      ],
      suites: [
        {
          title: 'inner',
          specs: [
            { title: 'wobbles', tests: [{ status: 'flaky', results: [{ status: 'failed', error: { message: 'expected visible' } }, { status: 'passed' }] }] },
          ],
        },
      ],
    },
  ],
};

describe('failedTests', () => {
  it('names each failed test with its error, a file that failed to load, and a flaky browser test', () => {
    const failures = failedTests({
      unit: write('unit.json', vitestReport),
      server: join(dir, 'absent.json'),
      browser: write('browser.json', playwrightReport),
    });
    expect(failures).toEqual([
      { runner: 'unit', name: 'core/a.test.ts › a fails', message: 'AssertionError: expected 1 to be 2\n    at a.test.ts:3:5' },
      { runner: 'unit', name: 'core/b.test.ts', message: 'Failed to load ./missing' },
      { runner: 'browser', name: 'e2e/home.spec.ts › breaks', message: 'Test timeout of 30000ms exceeded.' },
      { runner: 'browser', name: 'e2e/home.spec.ts › wobbles (flaky: passed on retry)', message: 'expected visible' },
    ]);
  });

  it('is empty when every report passed or is missing', () => {
    expect(failedTests({ unit: join(dir, 'none.json'), server: join(dir, 'none.json'), browser: join(dir, 'none.json') })).toEqual([]);
  });

  it('keeps the first six lines of a long error, indented under the name', () => {
    const long = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const [failure] = failedTests({
      unit: write('long.json', {
        testResults: [{ name: join(cwd, 'x.test.ts'), status: 'failed', assertionResults: [{ fullName: 'x', status: 'failed', failureMessages: [long] }] }],
      }),
      server: '',
      browser: '',
    });
    expect(failureLines([failure])).toEqual(['✗ [unit] x.test.ts › x', ...Array.from({ length: 6 }, (_, i) => `    line ${i}`)]);
  });
});
