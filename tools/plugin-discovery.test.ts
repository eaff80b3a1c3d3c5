import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPluginFolder, pluginDefinitions, pluginFolderOf } from '../core/registry/discovery';
import { discoverPlugins, pluginEntries } from './plugin-discovery';

const definition = (id: string) => ({ default: { id, setup: () => {} } });

describe('plugin discovery (one rule for Vite, the Node tools and the tests)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('Vite glob and the file-system scan find the same plugins, in the same order', () => {
    const globbed = pluginDefinitions(import.meta.glob<{ default: { id: string } }>('../plugins/*/index.ts', { eager: true }));
    expect(globbed.map((d) => d.id)).toEqual(pluginEntries().map((e) => e.folder));
    expect(globbed.length).toBeGreaterThan(10);
  });

  it('refuses a plugin whose id is not its folder name, on both paths', async () => {
    expect(() => pluginDefinitions({ '../../plugins/chat/index.ts': definition('chats') })).toThrow(
      "plugins/chat: the plugin id is 'chats' but the folder is 'chat': they must be equal",
    );
    const dir = mkdtempSync(join(tmpdir(), 'plugins-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'hello'));
    writeFileSync(join(dir, 'hello/index.ts'), "export default { id: 'hi', setup() {} };\n");
    await expect(discoverPlugins(dir)).rejects.toThrow("plugins/hello: the plugin id is 'hi' but the folder is 'hello'");
  });

  it('refuses a module without a definition', () => {
    expect(() => pluginDefinitions({ '../../plugins/x/index.ts': { default: { setup: () => {} } } })).toThrow('plugins/x: index must');
  });

  it("skips folders starting with '.' or '_' and sorts by folder", () => {
    expect(['_draft', '.cache', 'chat'].map(isPluginFolder)).toEqual([false, false, true]);
    const defs = pluginDefinitions({
      '/p/plugins/b/index.ts': definition('b'),
      '/p/plugins/_old/index.ts': definition('nope'),
      '/p/plugins/a/index.ts': definition('a'),
    });
    expect(defs.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('names the folder of a glob key and rejects deeper paths', () => {
    expect(pluginFolderOf('../../plugins/chart/fake-api.ts')).toBe('chart');
    expect(() => pluginFolderOf('../../plugins/chart/fake/market.ts')).toThrow('not a file directly inside');
  });
});
