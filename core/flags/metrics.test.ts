import fc from 'fast-check';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { flagEvaluationCounter } from './metrics';
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
