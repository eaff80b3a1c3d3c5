import { beforeAll, describe, expect, it } from 'vitest';
import { createPluginTester } from '../../core/plugin-api/testing';
import plugin from './index';
import { guideWidth } from './AppDownloadGuide';
import { qrPath } from '../../kit/ui/QrCode';

// The plugin's pages are lazy chunks: load them once before rendering routes.
beforeAll(() => createPluginTester(plugin).preload());

describe('download page, guide and banner', () => {
  it('serves /appdownload on main and /mobileapp on Turkey with the three guide variants', () => {
    const main = createPluginTester(plugin, { region: 'main', side: 'server', path: '/appdownload' });
    const html = main.renderRoute('/appdownload');
    expect(html).toContain('app-guide--horizontal');
    expect(html).toContain('width:394px');
    expect(html).toContain('app-guide--line');
    expect(html).toContain('app-guide--shadow');
    expect(html).toContain('width:240px');
    expect(html).toMatch(/<svg[^>]*width="140"[^>]*role="img"[^>]*aria-label="QR code to download the Gate app"/);
    expect(html).toContain('Up to 100 USDT in rewards');
    expect(html).toContain('aria-label="Close the promotion"');
    main.dispose();
    const tr = createPluginTester(plugin, { region: 'tr', side: 'server', path: '/mobileapp', options: { storePath: '/mobileapp' } });
    expect(tr.activation.routes.map((r) => r.def.path)).toEqual(['/mobileapp']);
    tr.dispose();
  });

  it("shows each guide's more button on the download page, leading to the direct downloads below it", () => {
    const main = createPluginTester(plugin, { region: 'main', side: 'server', path: '/appdownload' });
    const html = main.renderRoute('/appdownload');
    const more = [...html.matchAll(/<a class="[^"]*app-guide__more[^"]*" href="([^"]*)">More download options<\/a>/g)].map((m) => m[1]);
    expect(more).toEqual(['#direct-downloads', '#direct-downloads', '#direct-downloads']);
    expect(html).toMatch(/<h2 id="direct-downloads"[^>]*>Direct downloads<\/h2>/);
    main.dispose();
  });

  it('can switch the download page off', () => {
    const t = createPluginTester(plugin, { region: 'main', options: { downloadPage: false } });
    expect(t.activation.routes).toEqual([]);
    t.dispose();
  });

  it('draws the same QR for the same value (server and browser agree)', () => {
    const a = qrPath('https://www.gate.com/appdownload');
    expect(a).toEqual(qrPath('https://www.gate.com/appdownload'));
    expect(a.extent).toBeGreaterThan(20);
    expect(a.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(guideWidth('line')).toBe(240);
    expect(guideWidth('horizontal')).toBe(394);
  });
});
