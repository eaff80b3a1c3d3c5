import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester } from '../../../../core/plugin-api/testing';
import plugin from './index';
import { showsOn } from './rules';

describe('hello plugin', () => {
  it('shows its footer row on the pages its options name', async () => {
    const t = createPluginTester(plugin, { path: '/markets/spot', options: { paths: ['/markets'] } });
    await t.preload();
    expect(t.renderSlot('footer')).toContain('data-plugin="hello"');
    expect(t.dispose()).toEqual([]);
  });

  it('shows nothing on other pages', async () => {
    const t = createPluginTester(plugin, { path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    await t.preload();
    expect(t.renderSlot('footer')).not.toContain('data-plugin="hello"');
    expect(t.dispose()).toEqual([]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { paths: ['markets'] } })).toThrow(/paths\/0/);
  });
});

describe('showsOn', () => {
  it("matches a path, the pages below it, and every page for '/'", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(showsOn(path, ['/'])).toBe(true);
        expect(showsOn(path, [])).toBe(false);
      }),
    );
    expect(showsOn('/markets', ['/markets'])).toBe(true);
    expect(showsOn('/markets/spot', ['/markets'])).toBe(true);
    expect(showsOn('/marketsx', ['/markets'])).toBe(false);
  });
});
