// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { definePlugin } from '../../core/plugin';
import { createPluginTester } from '../../core/testing';
import { DEFAULT_COIN_ICON } from '../../core/util/coin-icon';
import { CoinIcon } from './CoinIcon';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function tester(node: React.ReactNode, whitelist = ['trump'], coinIconVersion?: string) {
  const plugin = definePlugin({ id: 'coin-test', slotEntries: () => [{ slot: 'home', render: () => <>{node}</> }] });
  return createPluginTester(plugin, { data: { commonConfig: { coinIconVersionWhiteList: whitelist }, ...(coinIconVersion ? { coinIconVersion } : {}) } });
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('CoinIcon', () => {
  it('renders width 28 / quality 75 with the hourly version for whitelisted coins only', () => {
    const html = tester(
      <>
        <CoinIcon symbol="TRUMP" />
        <CoinIcon symbol="btc" decorative />
      </>,
    ).renderSlot('home');
    expect(html).toMatch(/src="\/cdn\/coin-icons\/trump\.png\?w=28&amp;q=75&amp;v=\d{10}"/);
    expect(html).toContain('width="28"');
    expect(html).toContain('alt="TRUMP"');
    expect(html).toContain('src="/cdn/coin-icons/btc.png?w=28&amp;q=75"');
    expect(html).toContain('alt=""');
    expect(html).toContain('aria-hidden="true"');
  });

  it('falls back to the default icon when the image fails to load', () => {
    const t = tester(<CoinIcon symbol="eth" size={40} />);
    const host = document.createElement('div');
    root = createRoot(host);
    act(() => root!.render(t.element({ slot: 'home' })));
    const img = host.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/cdn/coin-icons/eth.png?w=40&q=75');
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(host.querySelector('img')!.getAttribute('src')).toBe(DEFAULT_COIN_ICON);
    expect(host.querySelector('img')!.getAttribute('alt')).toBe('ETH');
    t.dispose();
  });

  it("uses the server render's hourly version (ShellData.coinIconVersion), not the local clock", () => {
    const html = tester(<CoinIcon symbol="TRUMP" />, ['trump'], '2020010203').renderSlot('home');
    expect(html).toContain('src="/cdn/coin-icons/trump.png?w=28&amp;q=75&amp;v=2020010203"');
  });
});
