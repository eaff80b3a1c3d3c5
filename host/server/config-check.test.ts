import { describe, expect, it } from 'vitest';
import { PluginCatalogue } from '../../core/registry/catalogue';
import { HOST_PLACES } from '../app/slots';
import { frozenCheck, inProcessChecker } from './config-check';
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
