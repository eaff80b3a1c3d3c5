// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadFloatMenu, shouldLoadFloatMenu } from './footer-float-menu';
import { REGION_KEYS } from '../../core/config/region';
import { regionFile } from '../../tools/test/region-options';
import { floatMenuLinks } from './layouts/float-menu';
import { createServerI18n } from '../../core/i18n/server';
import en from '../../locales/en/shell.json';
import zh from '../../locales/zh/shell.json';

/** The page's i18next t for the shell namespace, as the client passes it. */
const tFor = (lng: string) => createServerI18n(lng, { en: { shell: en }, zh: { shell: zh } }, ['shell']).getFixedT(null, 'shell');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shouldLoadFloatMenu (spec 001 §9)', () => {
  it.each([
    ['main', false, true],
    ['tr', false, true],
    ['us', false, true],
    ['uk', false, true],
    ['testnet', false, true],
    ['hk', false, false],
    ['eu', false, false],
    ['jp', false, false],
    ['main', true, false],
    ['tr', true, false],
    ['hk', true, false],
  ])('%s, phone %s → %s', (region, phone, load) => {
    expect(shouldLoadFloatMenu(regionFile(region).footer, phone)).toBe(load);
  });

  it('loads unless footer.floatMenu is false; the region files skip exactly Hong Kong, EU and Japan', () => {
    expect(shouldLoadFloatMenu(undefined, false)).toBe(true);
    expect(shouldLoadFloatMenu({ floatMenu: true }, false)).toBe(true);
    expect(shouldLoadFloatMenu({ floatMenu: false }, false)).toBe(false);
    expect(REGION_KEYS.filter((k) => regionFile(k).footer?.floatMenu === false)).toEqual(['eu', 'hk', 'jp']);
  });
});

describe('loadFloatMenu', () => {
  it('skipped: mounts nothing', async () => {
    expect(await loadFloatMenu({ footer: regionFile('jp').footer, isPhone: false, t: tFor('ja'), langPrefix: '' })).toBeNull();
    expect(await loadFloatMenu({ footer: regionFile('main').footer, isPhone: true, t: tFor('en'), langPrefix: '' })).toBeNull();
    expect(document.querySelector('[data-shell-floatmenu]')).toBeNull();
  });

  it('mounts once a keyboard-accessible widget with translated quick links, and tears down', async () => {
    const teardown = await loadFloatMenu({ footer: regionFile('main').footer, isPhone: false, t: tFor('zh'), langPrefix: '/zh' });
    expect(await loadFloatMenu({ footer: regionFile('main').footer, isPhone: false, t: tFor('zh'), langPrefix: '/zh' })).toBe(teardown);
    expect(document.querySelectorAll('[data-shell-floatmenu]')).toHaveLength(1);
    const toggle = document.querySelector<HTMLButtonElement>('.shell-floatmenu__toggle')!;
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('打开快捷入口');
    expect(panel.hidden).toBe(true);
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(document.activeElement?.textContent).toBe('帮助中心');
    expect([...panel.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/zh/help',
      '/zh/myaccount/tickets',
      '/groupchat/call_service?platform=web',
      '/zh/fee',
      '/zh/appdownload',
    ]);
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    toggle.click();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(panel.hidden).toBe(true);
    teardown!();
    expect(document.querySelector('[data-shell-floatmenu]')).toBeNull();
  });

  it('Turkey links the app download to /mobileapp (footer.floatMenuDownload); the support chat opens in a new tab', () => {
    expect(REGION_KEYS.filter((k) => regionFile(k).footer?.floatMenuDownload !== undefined)).toEqual(['tr']);
    const links = floatMenuLinks({ langPrefix: '', downloadPath: regionFile('tr').footer!.floatMenuDownload! });
    expect(links.find((l) => l.key === 'download')?.href).toBe('/mobileapp');
    expect(floatMenuLinks({ langPrefix: '/zh', downloadPath: '/get-the-app' }).find((l) => l.key === 'download')?.href).toBe('/zh/get-the-app');
    expect(links.find((l) => l.key === 'support')?.newTab).toBe(true);
  });
});
