import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester } from '../../../../core/plugin-api/testing';
import plugin, { CAMPAIGN_SUMMARY } from './index';
import { SUMMARY_PATH, summaryOf } from './rules';

const answer = (data: unknown) => ({ [SUMMARY_PATH]: { body: { code: 0, message: 'success', data } } });

describe('campaign plugin', () => {
  it('serves its page at /campaign with the figure its server loader fetched, labelled by its heading', async () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/campaign', scenario: answer({ count: 1234 }) });
    const loaded = await t.load();
    expect(loaded).toEqual({ [CAMPAIGN_SUMMARY.id]: { count: 1234 } });
    await t.preload();
    const html = t.renderRoute('/campaign', loaded);
    expect(html).toContain('data-plugin="campaign"');
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>\s*<h1 id="\1"/);
    expect(html).toContain('class="campaign__figure"');
    expect(html).not.toContain('role="status"');
    expect(t.dispose()).toEqual([]);
  });

  it('says the figure is not available when the back end fails, and loads nothing on other pages', async () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/campaign', scenario: { [SUMMARY_PATH]: { status: 500 } } });
    const loaded = await t.load();
    expect(loaded).toEqual({ [CAMPAIGN_SUMMARY.id]: null });
    await t.preload();
    expect(t.renderRoute('/campaign', loaded)).toContain('role="status"');
    expect(t.dispose()).toEqual([]);
    const other = createPluginTester(plugin, { side: 'server', path: '/markets', scenario: answer({ count: 1 }) });
    expect(await other.load()).toEqual({});
    expect(other.calls).toEqual([]);
    expect(other.dispose()).toEqual([]);
  });

  it('moves to the path its options name, and refuses one the schema does not allow', () => {
    const t = createPluginTester(plugin, { options: { path: '/spring/offers' } });
    expect(t.activation.routes.map((r) => r.def.path)).toEqual(['/spring/offers']);
    expect(t.dispose()).toEqual([]);
    expect(() => createPluginTester(plugin, { options: { path: '/' } })).toThrow(/path/);
    expect(() => createPluginTester(plugin, { options: { path: 'spring' } })).toThrow(/path/);
  });
});

describe('summaryOf', () => {
  it('keeps a whole count of 0 or more, from a number or digits, and gives null for anything else', () => {
    fc.assert(
      fc.property(fc.nat(), (count) => {
        expect([summaryOf({ count }), summaryOf({ count: String(count) })]).toEqual([{ count }, { count }]);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const summary = summaryOf(data);
        expect(summary === null || (Number.isSafeInteger(summary.count) && summary.count >= 0)).toBe(true);
      }),
    );
    expect([summaryOf(undefined), summaryOf({ count: -1 }), summaryOf({ count: 1.5 }), summaryOf({ count: '' }), summaryOf([3])]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
