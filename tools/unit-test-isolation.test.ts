import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING, MODULE_MOCKING_TESTS } from './unit-test-isolation';

const root = new URL('..', import.meta.url).pathname;

describe('unit test files that mock modules', () => {
  it('are all listed to run isolated, and every listed file still does', () => {
    const files = ['core', 'plugins', 'host', 'tools'].flatMap((dir) =>
      readdirSync(root + dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
        .map((f) => `${dir}/${f}`),
    );
    const mocking = files.filter((f) => f !== 'tools/unit-test-isolation.test.ts' && MODULE_MOCKING.test(readFileSync(root + f, 'utf8')));
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_TESTS].sort());
  });

  it('the pattern finds each way of mocking and nothing else', () => {
    for (const call of ["vi.mock('x')", 'vi.doMock("x", f)', 'vi.resetModules()', 'vi .unmock(x)', 'vi.importMock("x")'])
      expect(MODULE_MOCKING.test(call)).toBe(true);
    for (const call of ['vi.fn()', 'vi.spyOn(a, "b")', 'vi.mocked(x)', 'mock("x")']) expect(MODULE_MOCKING.test(call)).toBe(false);
  });
});
