import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../core/plugin-api/index';
import { createPluginTester } from '../../core/testing';
import { AccountLayout } from './AccountLayout';
import { TradeLayout } from './TradeLayout';

/** A plugin serving one account page (with its menu entry) and rendering both layouts on the home slot. */
const pages = definePlugin({
  id: 'pages',
  menuEntries: () => [{ menu: 'account', key: 'mine', label: 'title', path: '/myaccount/mine', order: 45, icon: 'M4 12h16' }],
  slotEntries: () => [
    {
      slot: 'home',
      key: 'account',
      render: () => (
        <AccountLayout>
          <p>a</p>
        </AccountLayout>
      ),
    },
    {
      slot: 'home',
      key: 'trade',
      render: () => (
        <TradeLayout>
          <p>t</p>
        </TradeLayout>
      ),
    },
  ],
});

/** The links of a layout's side menu (the server's guess also carries them in the dropdown a narrow window shows). */
const hrefs = (html: string, variant: string) =>
  [
    ...html
      .split(`shell-sidemenu-layout--${variant}`)[1]
      .split('shell-sidemenu-layout--')[0]
      .split('<aside')[1]
      .matchAll(/class="shell-sidemenu__link[^"]*" href="([^"]+)"/g),
  ].map((m) => m[1]);

describe('side-menu entries', () => {
  it('are the active plugins’ contributions plus the region config’s, by order', () => {
    const t = createPluginTester(pages, { region: 'main', path: '/myaccount/mine' });
    const html = t.renderSlot('home');
    // Only this plugin's page and the region's outside-the-shell ticket page: no entry for a plugin that is off.
    expect(hrefs(html, 'account')).toEqual(['/myaccount/mine', '/myaccount/tickets']);
    expect(html).toContain('Support tickets');
    expect(hrefs(html, 'trade')).toEqual(['/futures/USDT/BTC_USDT', '/alpha', '/pre-market', '/copytrading', '/strategybot']);
    t.dispose();
  });

  it('leave out an entry whose compliance menu code the region disables', () => {
    const t = createPluginTester(pages, { region: 'main', data: { compliance: { menu: ['futures', 'alpha'] } as never } });
    expect(hrefs(t.renderSlot('home'), 'trade')).toEqual(['/pre-market', '/copytrading', '/strategybot']);
    t.dispose();
  });
});
