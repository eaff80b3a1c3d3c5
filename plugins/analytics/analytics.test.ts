// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import { createPluginTester } from '../../core/plugin-api/testing';
import { sinksFor, trackTarget, type TrackNode } from './collect';
import plugin from './index';
import { CONSENT_SERVICE } from '../cookie-consent';

const node = (track: string | null, parent: TrackNode | null = null): TrackNode => ({
  getAttribute: (n) => (n === 'data-track' ? track : null),
  parentElement: parent,
});

describe('trackTarget (click-collect walks up to 5 parents)', () => {
  it('finds data-track on the element or an ancestor within reach', () => {
    let chain: TrackNode = node('hero.signup');
    for (let i = 0; i < 5; i++) chain = node(null, chain);
    expect(trackTarget(chain, 5)).toBe('hero.signup');
    expect(trackTarget(node('self'), 5)).toBe('self');
  });
  it('stops after 5 parents and ignores malformed names', () => {
    let chain: TrackNode = node('too.far');
    for (let i = 0; i < 6; i++) chain = node(null, chain);
    expect(trackTarget(chain, 5)).toBeNull();
    expect(trackTarget(node('<script>'), 5)).toBeNull();
  });
});

describe('sinksFor', () => {
  it('big data only where the bigData option is on; analytics where a gtag id is set; the pixel where an fbId is', () => {
    const ep = { bigData: '/bd', analytics: '/ga', pixel: '/px' };
    expect(sinksFor({ bigData: true, collectId: 'c1', gtagId: 'G-1', fbId: '' }, ep).map((s) => s.kind)).toEqual(['big-data', 'analytics']);
    expect(sinksFor({ bigData: false, collectId: 'c1', gtagId: 'G-1', fbId: '' }, ep).map((s) => s.kind)).toEqual(['analytics']);
    expect(sinksFor({ bigData: false, collectId: '', gtagId: '', fbId: '1092683614771435' }, ep)).toEqual([
      { kind: 'pixel', endpoint: '/px', id: '1092683614771435' },
    ]);
    expect(sinksFor({ bigData: false, collectId: '', gtagId: '', fbId: '' }, ep)).toEqual([]);
  });
});

describe('tracking', () => {
  afterEach(() => vi.unstubAllGlobals());

  function setup(consent?: BehaviorSubject<{ analytics: boolean }>) {
    const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(init.body as string) });
      return new Response(null, { status: 204 });
    });
    const t = createPluginTester(plugin, {
      region: { key: 'main', id: 0, allowedLinkHosts: [] },
      options: { bigData: true, collectId: 'main-web', gtagId: 'G-MAIN1234', fbId: '1092683614771435' },
      services: consent ? [[CONSENT_SERVICE, { state$: consent }]] : [],
    });
    return { t, sent };
  }

  it('sends a page view at once (in a task of its own) where no consent is needed, then tracked clicks', async () => {
    const { t, sent } = setup();
    t.hydrate();
    await Promise.resolve();
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((s) => [s.url, s.body.name, s.body.kind, s.body.id])).toEqual([
      ['/api/web/v1/analytics/collect', 'page_view', 'big-data', 'main-web'],
      ['/api/web/v1/analytics/gtag', 'page_view', 'analytics', 'G-MAIN1234'],
      ['/api/web/v1/analytics/pixel', 'page_view', 'pixel', '1092683614771435'],
    ]);
    const outer = document.createElement('section');
    outer.dataset.track = 'home.products';
    const inner = document.createElement('span');
    outer.append(document.createElement('div'));
    outer.firstChild!.appendChild(inner);
    document.body.append(outer);
    inner.click();
    await Promise.resolve();
    expect(sent.filter((s) => s.body.name === 'click').map((s) => s.body.target)).toEqual(['home.products', 'home.products', 'home.products']);
    expect(t.dispose()).toEqual([]);
    inner.click();
    expect(sent.filter((s) => s.body.name === 'click')).toHaveLength(3);
    outer.remove();
  });

  it('sends no page view once torn down before its task', async () => {
    const { t, sent } = setup();
    t.hydrate();
    t.dispose();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([]);
  });

  it('waits for consent where it is required', async () => {
    const consent = new BehaviorSubject({ analytics: false });
    const { t, sent } = setup(consent);
    t.hydrate();
    await Promise.resolve();
    expect(sent).toEqual([]);
    consent.next({ analytics: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((s) => s.body.name)).toEqual(['page_view', 'page_view', 'page_view']);
    t.dispose();
    expect(consent.observed).toBe(false);
  });
});
