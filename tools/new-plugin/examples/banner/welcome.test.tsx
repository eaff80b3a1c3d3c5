import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester, defaultShellData } from '../../../../core/plugin-api/testing';
import plugin from './index';
import { showsTo } from './rules';

const user = { ...defaultShellData().user, isLogin: true };

describe('welcome plugin', () => {
  it('renders its banner in the home page stack, a labelled section with its link in the page locale', async () => {
    const t = createPluginTester(plugin, { region: 'eu', side: 'server', options: { link: '/markets' } });
    await t.preload();
    const html = t.renderSlot('home');
    expect(html).toContain('data-plugin="welcome"');
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[\s\S]*<h2 id="\1"/);
    expect(html).toContain(`href="${t.env.href('/markets')}"`);
    expect(t.dispose()).toEqual([]);
  });

  it('shows to the audience its options name', async () => {
    const shown = async (audience: string, isLogin: boolean) => {
      const t = createPluginTester(plugin, { side: 'server', options: { audience }, data: isLogin ? { user } : {} });
      await t.preload();
      const html = t.renderSlot('home');
      expect(t.dispose()).toEqual([]);
      return html.includes('data-plugin="welcome"');
    };
    expect([await shown('everyone', false), await shown('everyone', true)]).toEqual([true, true]);
    expect([await shown('visitors', false), await shown('visitors', true)]).toEqual([true, false]);
    expect([await shown('users', false), await shown('users', true)]).toEqual([false, true]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { link: 'https://example.com' } })).toThrow(/link/);
    expect(() => createPluginTester(plugin, { options: { audience: 'vips' } })).toThrow(/audience/);
  });
});

describe('showsTo', () => {
  it('shows to everyone, to visitors only or to users only', () => {
    fc.assert(
      fc.property(fc.boolean(), (isLogin) => {
        expect(showsTo('everyone', isLogin)).toBe(true);
        expect(showsTo('visitors', isLogin)).toBe(!isLogin);
        expect(showsTo('users', isLogin)).toBe(isLogin);
      }),
    );
  });
});
