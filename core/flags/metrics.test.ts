import fc from 'fast-check';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { flagEvaluationCounter, flagVariantCounter } from './metrics';
import type { FlagEvaluationEvent } from './types';

/** The counter's series as `{flag}|{reason}|{error}` → value, as a scrape reads them. */
async function scrape(registry: Registry): Promise<Record<string, number>> {
  const [metric] = await registry.getMetricsAsJSON();
  const out: Record<string, number> = {};
  for (const v of metric.values) out[`${v.labels.flag}|${v.labels.reason}|${v.labels.error}`] = v.value;
  return out;
}

const eventArb = fc.record({
  key: fc.constantFrom('plugin.chat.enabled', 'plugin.share.option.qrSize', 'plugin.auth.priority.modal'),
  reason: fc.constantFrom('STATIC', 'TARGETING_MATCH', 'DEFAULT', 'ERROR'),
  errorCode: fc.option(fc.constantFrom('GENERAL', 'TYPE_MISMATCH'), { nil: undefined }),
});

describe('flagEvaluationCounter', () => {
  it('shows every evaluation counted before each scrape, whatever the order of counts and scrapes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(eventArb, { maxLength: 30 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        const registry = new Registry();
        const count = flagEvaluationCounter(registry);
        const expected: Record<string, number> = {};
        for (const batch of batches) {
          for (const e of batch) {
            count(e);
            const id = `${e.key}|${e.reason}|${e.errorCode ?? ''}`;
            expected[id] = (expected[id] ?? 0) + 1;
          }
          expect(await scrape(registry)).toEqual(expected);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("counts flags past the 500th distinct key as 'other'", async () => {
    const registry = new Registry();
    const count = flagEvaluationCounter(registry);
    const event = (i: number): FlagEvaluationEvent => ({ key: `plugin.p${i}.enabled`, reason: 'STATIC' });
    for (let i = 0; i < 502; i++) count(event(i));
    count(event(0));
    count(event(501));
    const series = await scrape(registry);
    expect(series['plugin.p0.enabled|STATIC|']).toBe(2);
    expect(series['plugin.p499.enabled|STATIC|']).toBe(1);
    expect(series['other|STATIC|']).toBe(3);
    expect(Object.keys(series)).toHaveLength(501);
  });
});

describe('flagVariantCounter', () => {
  it('counts each decision by flag and variant, on /metrics and for the page alike, whatever the order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: eventArb.map((e) => e.key), variant: fc.option(fc.constantFrom('on', 'off', 'once-a-day'), { nil: undefined }) }), {
          maxLength: 60,
        }),
        async (events) => {
          const registry = new Registry();
          const variants = flagVariantCounter(registry);
          const expected: Record<string, Record<string, number>> = {};
          for (const e of events) {
            variants.count({ ...e, reason: 'STATIC' });
            const byVariant = (expected[e.key] ??= {});
            byVariant[e.variant ?? ''] = (byVariant[e.variant ?? ''] ?? 0) + 1;
          }
          expect(variants.counts()).toEqual(expected);
          const [metric] = await registry.getMetricsAsJSON();
          const scraped: Record<string, Record<string, number>> = {};
          for (const v of metric.values) (scraped[String(v.labels.flag)] ??= {})[String(v.labels.variant)] = v.value;
          expect(scraped).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps at most 32 variant labels a flag, counting the rest as other', () => {
    const variants = flagVariantCounter(new Registry());
    for (let i = 0; i < 40; i++) variants.count({ key: 'k', variant: `v${i}`, reason: 'STATIC' });
    const counts = variants.counts().k;
    expect(Object.keys(counts)).toHaveLength(33);
    expect(counts.other).toBe(8);
  });
});
