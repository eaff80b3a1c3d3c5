import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedOptionTypes, optionTypeName, optionTypesText } from './option-types';

describe('tools/schemas/option-types', () => {
  it("each plugin's committed options.generated.ts matches its schema.json (run npm run schemas)", async () => {
    const generated = await generatedOptionTypes();
    expect(generated.length).toBeGreaterThan(10);
    for (const { file, text } of generated) {
      let committed = '';
      try {
        committed = readFileSync(file, 'utf8');
      } catch {
        /* missing: compared as empty */
      }
      expect(committed, `${file} is stale: run npm run schemas`).toBe(text);
    }
  });

  it('names the type after the plugin id', () => {
    expect(['chat', 'ip-check', 'cookie-consent'].map(optionTypeName)).toEqual(['ChatOptions', 'IpCheckOptions', 'CookieConsentOptions']);
  });

  it('makes a property with a default required (defaults are applied before the plugin sees its options)', async () => {
    const text = await optionTypesText('demo', {
      title: 'ignored title',
      type: 'object',
      properties: {
        limit: { type: 'integer', default: 3 },
        label: { type: 'string' },
        nested: { type: 'object', properties: { on: { type: 'boolean', default: false } } },
      },
    });
    expect(text).toContain('export interface DemoOptions {');
    expect(text).toMatch(/\blimit: number;/);
    expect(text).toMatch(/\blabel\?: string;/);
    expect(text).toMatch(/\bnested\?: \{\s*on: boolean;\s*\};/);
    expect(text).not.toContain('[k: string]');
  });
});
