import { describe, expect, it } from 'vitest';
import type { DownloadLinks } from '../../core/plugin-api';
import { appLinkEntry, appLinkFor } from './app-links';

const entry = (c: string) => ({ c, china_apk: `https://dl.example.com/cn/${c}.apk`, overseas_apk: `https://dl.example.com/global/${c}.apk` });
const links: DownloadLinks = {
  home: { h5: entry('h5_home'), web: entry('web_home') },
  trade: { h5: entry('h5_trade'), web: entry('web_trade') },
  webonly: { web: entry('web_webonly') },
  evil: { h5: { c: 'x', china_apk: 'javascript:alert(1)', overseas_apk: '//evil.example/app.apk' } },
  relative: { h5: { c: 'r', china_apk: '/download/cn.apk', overseas_apk: 'http://insecure.example/app.apk' } },
};

describe('appLinkFor(page, { isMobile, isChina })', () => {
  it.each([
    ['trade', true, false, 'https://dl.example.com/global/h5_trade.apk'],
    ['trade', true, true, 'https://dl.example.com/cn/h5_trade.apk'],
    ['trade', false, false, 'https://dl.example.com/global/web_trade.apk'],
    ['trade', false, true, 'https://dl.example.com/cn/web_trade.apk'],
    ['unknown', true, false, 'https://dl.example.com/global/h5_home.apk'],
    ['webonly', false, false, 'https://dl.example.com/global/web_webonly.apk'],
    ['webonly', true, false, 'https://dl.example.com/global/h5_home.apk'],
    ['evil', true, true, null],
    ['evil', true, false, null],
    ['relative', true, true, '/download/cn.apk'],
    ['relative', true, false, null],
  ])('%s mobile=%s china=%s → %s', (page, isMobile, isChina, url) => {
    expect(appLinkFor(page, { isMobile, isChina, links })).toBe(url);
  });

  it('no fallback page, or an empty config (download-links failure: {}), gives null', () => {
    expect(appLinkFor('unknown', { isMobile: true, isChina: false, links, fallbackPage: null })).toBeNull();
    expect(appLinkFor('home', { isMobile: true, isChina: false, links: {} })).toBeNull();
  });

  it('appLinkEntry exposes the channel code', () => {
    expect(appLinkEntry('trade', { isMobile: true, links })?.c).toBe('h5_trade');
  });
});
