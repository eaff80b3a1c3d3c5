import { describe, expect, it, vi } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import type { PlannedLoader } from '../../core/registry/plan-declarations';
import { Monitor } from '../../core/util/monitoring';
import { MASKING } from '../../core/util/mask';
import { headOg } from './head-og';

const region = { key: 'main', ogSiteName: 'Gate.com', allowedLinkHosts: ['static.example.com'] } as unknown as RegionConfig;
const origin = 'https://www.example.com';

function ogLoader(head: (value: unknown) => { og?: { site_name?: string; image?: string } } | undefined): PlannedLoader {
  return { pluginId: 'share', def: { key: 'og', head } } as unknown as PlannedLoader;
}

const reply = (over: Record<string, unknown> = {}) => ({ site_name: ' Show ', site_image: 'https://static.example.com/og.png', ...over });
const byReply = (value: unknown) => ({ og: { site_name: (value as { site_name: string }).site_name, image: (value as { site_image: string }).site_image } });

describe('headOg', () => {
  const monitor = () => new Monitor(() => {}, MASKING);

  it('gives the site defaults, overridden by a loader head: a trimmed name, an image on an allowed host or the site', () => {
    const loader = ogLoader(byReply);
    expect(headOg([loader], {}, { region, origin, monitor: monitor() })).toEqual({ site_name: 'Gate.com', image: `${origin}/static/og-image.jpg` });
    expect(headOg([loader], { 'share/og': reply() }, { region, origin, monitor: monitor() })).toEqual({
      site_name: 'Show',
      image: 'https://static.example.com/og.png',
    });
    expect(headOg([loader], { 'share/og': reply({ site_image: '/cdn/og.svg' }) }, { region, origin, monitor: monitor() }).image).toBe(`${origin}/cdn/og.svg`);
    expect(headOg([loader], { 'share/og': reply({ site_image: 'https://evil.example/og.png' }) }, { region, origin, monitor: monitor() }).image).toBe(
      `${origin}/static/og-image.jpg`,
    );
  });

  it('checks an image once per region config, origin and image, and again for a new config or another origin', () => {
    // Configs are replaced, never changed in place: one changed in place shows which answers were kept.
    const site = { ...region, allowedLinkHosts: ['static.example.com'] };
    const loader = ogLoader(byReply);
    const image = (value: object, r = site, o = origin) => headOg([loader], { 'share/og': value }, { region: r, origin: o, monitor: monitor() }).image;
    const allowed = reply({ site_image: 'https://static.example.com/once.png' });
    expect(image(allowed)).toBe('https://static.example.com/once.png');
    site.allowedLinkHosts.pop();
    expect(image(allowed)).toBe('https://static.example.com/once.png');
    expect(image(reply({ site_image: 'https://static.example.com/other.png' }))).toBe(`${origin}/static/og-image.jpg`);
    expect(image(allowed, site, 'http://localhost:3000')).toBe('http://localhost:3000/static/og-image.jpg');
    expect(image(allowed, { ...site })).toBe(`${origin}/static/og-image.jpg`);
    expect(image(reply({ site_image: '/cdn/once.svg' }), site, 'http://localhost:3000')).toBe('http://localhost:3000/cdn/once.svg');
  });

  it('reports a head that throws, each time, and keeps the defaults', () => {
    const m = monitor();
    const report = vi.spyOn(m, 'captureError');
    const loader = ogLoader(() => {
      throw new Error('bad og');
    });
    for (let i = 0; i < 2; i++) expect(headOg([loader], { 'share/og': reply() }, { region, origin, monitor: m }).site_name).toBe('Gate.com');
    expect(report).toHaveBeenCalledTimes(2);
    expect(report.mock.calls[0][1]).toEqual({ plugin: 'share', phase: 'head' });
  });
});
