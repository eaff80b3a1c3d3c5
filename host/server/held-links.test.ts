import { describe, expect, it } from 'vitest';
import type { RegionConfig } from '../../core/config/region';
import type { RegionPlan } from '../../core/registry/plan';
import { heldLinksScriptOf } from './held-links';

const region = { key: 'eu', languages: ['en-eu', 'it-eu'] } as unknown as RegionConfig;
const planOf = (...ids: string[]): RegionPlan => ({ region: 'eu', plugins: ids.map((id) => ({ id, options: { paths: [`/${id}`] } })) });
const definitions = new Map([
  ['legal', { delivery: { holdsLinks: (o: { paths: string[] }) => o.paths } }],
  ['promo', { delivery: { holdsLinks: () => ['/legal', '/promo'] } }],
  [
    'broken',
    {
      delivery: {
        holdsLinks: () => {
          throw new Error('bad options');
        },
      },
    },
  ],
  ['plain', {}],
]) as Map<string, { delivery?: { holdsLinks?: (options: any, region: RegionConfig) => readonly string[] } }>;

describe('heldLinksScriptOf', () => {
  it("holds the union of the region's plugins' paths, with the region's languages, once per plan", () => {
    const plan = planOf('legal', 'promo', 'plain');
    const script = heldLinksScriptOf(plan, region, definitions, () => {});
    expect(script).toContain('{"paths":["/legal","/promo"],"languages":["en-eu","it-eu"]}');
    expect(heldLinksScriptOf(plan, region, new Map(), () => {})).toBe(script); // computed once for this plan
  });

  it('is empty where no plugin holds links, and logs a plugin whose answer throws', () => {
    const log: string[] = [];
    expect(heldLinksScriptOf(planOf('plain'), region, definitions, (m) => log.push(m))).toBe('');
    expect(heldLinksScriptOf(planOf('broken', 'plain'), region, definitions, (m) => log.push(m))).toBe('');
    expect(log).toEqual(['[plugin] broken: holdsLinks threw (bad options); its links are not held before it is active']);
  });
});
