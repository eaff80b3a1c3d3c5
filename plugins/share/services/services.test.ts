import { describe, expect, it, vi } from 'vitest';
import { createTestHttp, type RecordedCall } from '../../../core/plugin-api/testing';
import { SHARE_TYPES } from '../types';
import { allowed, shareTargets } from './links';
import { CARD_WIDTH, isShareType, toShareRequest } from './request';
import { fetchOg } from './og';
import { PosterTimeoutError, withTimeout } from './poster';

const CTX = { pageUrl: 'http://localhost:3000/trade/BTC_USDT?x=1', subWebsiteId: 0, allowedHosts: ['static.gate.com'], forbiddenWays: [] };

describe('share types', () => {
  it('has the 27 keys of spec 001 §3', () => {
    expect(SHARE_TYPES).toHaveLength(27);
    expect(isShareType('futures_position')).toBe(true);
    expect(isShareType('vip-airdrop')).toBe(true);
    expect(isShareType('launchpad_share')).toBe(true);
    expect(isShareType('nope')).toBe(false);
  });
  it('uses the spec card widths', () => {
    expect(CARD_WIDTH).toEqual({ vertical: 240, horizontal: 394 });
  });
});

describe('toShareRequest', () => {
  it('keeps a same-site URL and resolves paths', () => {
    expect(toShareRequest({ source: 'rewards_hub', url: '/rewards_hub' }, CTX).url).toBe('http://localhost:3000/rewards_hub');
    expect(toShareRequest({ source: 'rewards_hub', url: 'http://localhost:3000/a?b=1' }, CTX).url).toBe('http://localhost:3000/a?b=1');
  });
  it('falls back to the current page for foreign or unsafe URLs', () => {
    for (const url of ['https://evil.example/x', 'javascript:alert(1)', '//evil.example', undefined]) {
      expect(toShareRequest({ source: 'promo', url }, CTX).url).toBe(CTX.pageUrl);
    }
  });
  it('cleans texts, source, image, layout and merges forbidden ways', () => {
    const r = toShareRequest(
      {
        source: 'bogus' as never,
        title: '  Hello  ',
        shareContent: 'x'.repeat(900),
        imgSrc: 'https://evil.example/i.png',
        forbiddenWays: ['line', 'fax' as never],
        layout: 'sideways' as never,
        subWebsiteId: 177,
      },
      { ...CTX, forbiddenWays: ['x'] },
    );
    expect(r).toMatchObject({ source: 'promo', title: 'Hello', imgSrc: null, layout: null, subWebsiteId: 177 });
    expect(r.shareContent).toHaveLength(500);
    expect(r.posterContent).toBe(r.shareContent);
    expect(r.forbiddenWays.sort()).toEqual(['line', 'x']);
    expect(toShareRequest({ source: 'promo', imgSrc: 'https://static.gate.com/p.png', posterContent: 'P', layout: 'vertical' }, CTX)).toMatchObject({
      imgSrc: 'https://static.gate.com/p.png',
      posterContent: 'P',
      layout: 'vertical',
      subWebsiteId: 0,
    });
    expect(toShareRequest(undefined, CTX).source).toBe('promo');
  });
});

describe('share targets', () => {
  it('builds encoded links for X, Telegram, Facebook, WhatsApp and LINE', () => {
    const t = Object.fromEntries(shareTargets('https://www.gate.com/a?b=1&c=2', 'Join me & trade').map((s) => [s.way, s.href]));
    expect(t.x).toBe('https://twitter.com/intent/tweet?text=Join+me+%26+trade&url=https%3A%2F%2Fwww.gate.com%2Fa%3Fb%3D1%26c%3D2');
    expect(t.telegram).toBe('https://t.me/share/url?url=https%3A%2F%2Fwww.gate.com%2Fa%3Fb%3D1%26c%3D2&text=Join+me+%26+trade');
    expect(t.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fwww.gate.com%2Fa%3Fb%3D1%26c%3D2');
    expect(t.whatsapp).toBe('https://wa.me/?text=Join+me+%26+trade+https%3A%2F%2Fwww.gate.com%2Fa%3Fb%3D1%26c%3D2');
    expect(t.line).toContain('https://social-plugins.line.me/lineit/share?url=');
    expect(shareTargets('https://x.test/', '')[0].href).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Fx.test%2F');
  });
  it('leaves out forbidden ways', () => {
    expect(shareTargets('https://x.test/', 't', ['x', 'line']).map((s) => s.way)).toEqual(['telegram', 'facebook', 'whatsapp']);
    expect(allowed('copy', ['poster'])).toBe(true);
    expect(allowed('poster', ['poster'])).toBe(false);
  });
});

describe('og_show', () => {
  it('sends url and sub_website_id; empty on failure', async () => {
    const calls: RecordedCall[] = [];
    const http = createTestHttp(
      'browser',
      { '/api/web/v1/marketing-activity/og_show': { body: { code: 0, data: { site_name: 'Gate.com', site_image: '/i.svg' } } } },
      calls,
    );
    expect(await fetchOg(http, 'https://www.gate.com/', 0)).toEqual({ site_name: 'Gate.com', site_image: '/i.svg' });
    expect(calls[0].params).toMatchObject({ url: 'https://www.gate.com/', sub_website_id: '0' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await fetchOg(createTestHttp('browser', {}), 'u')).toEqual({ site_name: '', site_image: '' });
  });
});

describe('poster time-out', () => {
  it('rejects with PosterTimeoutError after the limit, resolves before it', async () => {
    vi.useFakeTimers();
    const slow = withTimeout(new Promise<string>(() => {}), 10_000);
    const caught = slow.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await caught).toBeInstanceOf(PosterTimeoutError);
    await expect(withTimeout(Promise.resolve('png'), 10_000)).resolves.toBe('png');
    await expect(withTimeout(Promise.reject(new Error('boom')), 10_000)).rejects.toThrow('boom');
    vi.useRealTimers();
  });
});
