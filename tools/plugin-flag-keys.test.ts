import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverPlugins } from './plugin-discovery';
import { flagKeysSection, withFlagKeysSection } from './plugin-flag-keys';

const root = new URL('..', import.meta.url).pathname;

describe("each plugin's README", () => {
  it('lists the rollout-flag keys the plugin answers to, as its definition gives them', async () => {
    const defs = await discoverPlugins();
    expect(defs.length).toBeGreaterThan(10);
    for (const def of defs) {
      const readme = readFileSync(join(root, 'plugins', def.id, 'README.md'), 'utf8');
      expect(readme, `plugins/${def.id}/README.md (npx tsx tools/plugin-flag-keys.ts --write)`).toContain(flagKeysSection(def));
    }
  });

  it('the section is replaced in place, or added at the end', () => {
    const section = '## Rollout flags\n\nnew\n';
    expect(withFlagKeysSection('# x\n\n## Rollout flags\n\nold\n\n## Next\n\ntext\n', section)).toBe('# x\n\n## Rollout flags\n\nnew\n\n## Next\n\ntext\n');
    expect(withFlagKeysSection('# x\n\ntext\n', section)).toBe('# x\n\ntext\n\n## Rollout flags\n\nnew\n');
  });
});
