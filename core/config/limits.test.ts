import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CONFIG_DEPTH, MAX_CONFIG_FILE_BYTES, nestingDepth, readConfigFile } from './limits';

const dir = mkdtempSync(join(tmpdir(), 'config-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));

describe('readConfigFile', () => {
  it('reads a file up to the limit, and refuses a larger one by its size', () => {
    const fits = '{"a":"' + 'x'.repeat(MAX_CONFIG_FILE_BYTES - 8) + '"}';
    expect(readConfigFile(write('fits.json', fits))).toEqual({ text: fits });
    const large = write('large.json', '{"a":"' + 'x'.repeat(10 * 1024 * 1024) + '"}');
    expect(readConfigFile(large)).toEqual({ refused: `larger than ${MAX_CONFIG_FILE_BYTES} bytes (${10 * 1024 * 1024 + 8}): not read` });
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = '['.repeat(MAX_CONFIG_DEPTH + 1) + ']'.repeat(MAX_CONFIG_DEPTH + 1);
    expect(readConfigFile(write('deep.json', deep))).toEqual({ refused: `nested ${MAX_CONFIG_DEPTH + 1} levels deep; at most ${MAX_CONFIG_DEPTH}` });
    const edge = '{"a":'.repeat(MAX_CONFIG_DEPTH - 1) + '{}' + '}'.repeat(MAX_CONFIG_DEPTH - 1);
    expect(readConfigFile(write('edge.json', edge))).toEqual({ text: edge });
  });
});

describe('nestingDepth', () => {
  it('is the nesting of any JSON value, brackets inside strings not counted', () => {
    const depthOf = (v: unknown): number =>
      Array.isArray(v) ? 1 + Math.max(0, ...v.map(depthOf)) : v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(nestingDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
    );
  });
});
