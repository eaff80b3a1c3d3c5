import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRegionFiles } from '../../core/config/validate';
import { editAt, fixture, fixtureCatalogue, FIXTURE_LOCALES } from './fixture-helpers';

/**
 * The region-config validator against hostile files (a config file is input too): whatever the text, it never
 * throws, and every problem it reports names the file and a real line:col in it. A valid config edited at a random
 * place is either still valid or refused with such problems, never half-accepted.
 */
const catalogue = fixtureCatalogue();
const dir = mkdtempSync(join(tmpdir(), 'region-fuzz-'));
const file = join(dir, 'main.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const valid = JSON.parse(readFileSync(fixture('valid/main.json'), 'utf8')) as Record<string, unknown>;

function check(text: string) {
  writeFileSync(file, text);
  return checkRegionFiles([file], catalogue, { localesDir: FIXTURE_LOCALES });
}

function expectPlacedProblems(text: string, result: ReturnType<typeof check>) {
  const lines = text.split(/\r\n|\r|\n/);
  for (const p of result.problems) {
    expect(p.file).toBe(file);
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.line).toBeLessThanOrEqual(Math.max(1, lines.length));
    expect(p.col).toBeGreaterThanOrEqual(1);
    expect(p.message.length).toBeGreaterThan(0);
  }
  // A file with problems is never among the accepted configs.
  if (result.problems.length) expect(result.configs.size).toBe(0);
  else expect(result.configs.size).toBe(1);
}

describe('the region-config validator under fuzzing', () => {
  it('any text: never throws, every problem placed in the file', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\n', ' ', 'a', '1') })),
        (text) => {
          expectPlacedProblems(text, check(text));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('a valid config edited at a random place (values of any JSON type, removed keys): valid, or refused with placed problems', () => {
    expect(check(JSON.stringify(valid, null, 2)).problems).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }), (picks, next) => {
        const text = JSON.stringify(editAt(valid, picks, next), null, 2) ?? '';
        expectPlacedProblems(text, check(text));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
