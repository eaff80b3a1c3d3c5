import { describe, expect, it } from 'vitest';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { HOST_PLACES } from '../app/slots';
import { firstCheckHere, frozenCheck, inProcessChecker, type ConfigChecker, type FolderCheck } from './config-check';
import { paths } from './paths';
import { installedPlugins } from './plugins';

describe('the check of the shipped config folder', () => {
  it('is plain data: what the check thread posts arrives whole, and is frozen on arrival', async () => {
    const checker = inProcessChecker(paths.regionConfigs, new PluginCatalogue(installedPlugins(), HOST_PLACES), paths.locales);
    const check = await checker.check();
    expect(check.set.problems).toEqual([]);
    const posted = structuredClone(check);
    expect(posted).toStrictEqual(check);
    expect(Object.isFrozen(posted.set.configs[0].plugins)).toBe(false);
    const received = frozenCheck(posted);
    expect(Object.isFrozen(received.set.configs[0].plugins)).toBe(true);
    expect(Object.isFrozen(received.set.flags!.value.flags)).toBe(true);
    // The checker keeps its cache: a second check of the same files checks none again.
    const again = await checker.check();
    expect(again.use).toEqual({ reused: check.use.checked, checked: 0 });
  });
});

describe('firstCheckHere', () => {
  it('checks the first set on the calling thread, starting nothing else; every later check, change and close go to the later checker', async () => {
    const asked: string[] = [];
    const answer = { set: { problems: [], configs: [], flags: null, flagsDraft: null }, use: { reused: 0, checked: 0 } } as FolderCheck;
    const later: ConfigChecker = {
      check: () => (asked.push('check'), Promise.resolve(answer)),
      prepare: (change) => (asked.push(`prepare ${change.file}`), Promise.resolve({ outcome: 'unchanged' })),
      close: () => (asked.push('close'), Promise.resolve()),
    };
    const checker = firstCheckHere(paths.regionConfigs, new PluginCatalogue(installedPlugins(), HOST_PLACES), paths.locales, later);
    const first = await checker.check();
    expect(first.set.configs.map((c) => c.key)).toContain('main');
    expect(asked).toEqual([]);
    expect(await checker.check()).toBe(answer);
    expect(await checker.prepare({ file: 'main.json', text: '{}', actor: '', comment: '' })).toEqual({ outcome: 'unchanged' });
    await checker.close();
    expect(asked).toEqual(['check', 'prepare main.json', 'close']);
  });
});
