import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definePlugin } from '../plugin/define';
import { createPluginTester } from '../testing';
import { REGION_KEYS, SITE_FACTS, siteFactsOf, type RegionConfig } from './region';

const config = (key: string) => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../region-configs', `${key}.json`), 'utf8')) as RegionConfig;

describe('siteFactsOf', () => {
  it('keeps only the site facts of every shipped region, frozen, one object per config', () => {
    for (const key of REGION_KEYS) {
      const region = config(key);
      const facts = siteFactsOf(region);
      expect(
        Object.keys(facts).every((k) => (SITE_FACTS as readonly string[]).includes(k)),
        key,
      ).toBe(true);
      for (const k of SITE_FACTS) expect(facts[k], `${key}.${k}`).toEqual(region[k]);
      expect(Object.isFrozen(facts)).toBe(true);
      expect(siteFactsOf(region)).toBe(facts);
    }
  });

  it("gives a plugin's declarations and its request's environment the facts only: not the other plugins' options, the support contacts or the security policy", () => {
    const seen: object[] = [];
    const probe = definePlugin({
      id: 'probe',
      routes: (_options, region) => (seen.push(region), []),
      setup: (ctx) => void seen.push(ctx.region),
    });
    const t = createPluginTester(probe, { region: 'main' });
    expect(seen).toHaveLength(2);
    for (const region of seen)
      for (const hidden of ['plugins', 'support', 'business', 'security', 'flags', 'antiDomains']) expect(region).not.toHaveProperty(hidden);
    expect(t.env.region).toMatchObject({ key: 'main', name: 'Gate', defaultCurrB: 'usdt' });
    t.dispose();
  });
});
