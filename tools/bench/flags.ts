/**
 * Rollout-flag benchmark (printed, never asserted): requests per second through `FlagEvaluator.evaluate` and
 * `applyDecisions` for main's plan with 20 flags in the flag file (8 kill switches / rollouts, 8 option variants,
 * 4 slot priorities, targeting on uid, country, locale, path and app version), against the same flags asked through
 * the OpenFeature client (as a named provider is), resolved by flagd's evaluator alone, and no flags. Run alone: `npx tsx tools/bench/flags.ts`.
 * Their cost in served pages (the same build with and without them as flags.json) is flags-ssr.ts's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlagdCore } from '@openfeature/flagd-core';
import type { RegionConfig } from '../../core/config/region';
import { applyDecisions } from '../../core/flags/apply';
import { FlagEvaluator } from '../../core/flags/evaluator';
import { FlagdFileProvider } from '../../core/flags/flagd-provider';
import type { FlagContext } from '../../core/flags/types';
import { loadCatalogue, PROJECT_ROOT } from '../plugin-discovery';

const SECONDS = 2;
const rollout = (on: number, [a, b] = ['on', 'off']) => ({
  fractional: [
    [a, on],
    [b, 100 - on],
  ],
});
const bool = (targeting: unknown) => ({ state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'on', targeting });
const numbers = (a: number, b: number, targeting?: unknown) => ({
  state: 'ENABLED',
  variants: { a, b },
  defaultVariant: 'a',
  ...(targeting ? { targeting } : {}),
});

/** 20 flags on main's plugins. */
export const BENCH_FLAGS = {
  'plugin.chat.enabled': bool(rollout(90)),
  'plugin.share.enabled': bool({ if: [{ '==': [{ var: 'country' }, 'TR'] }, 'off', null] }),
  'plugin.marketing.enabled': bool(rollout(50)),
  'plugin.referral.enabled': bool({ if: [{ var: 'loggedIn' }, 'on', rollout(20)] }),
  'plugin.growth-tabs.enabled': bool({ if: [{ in: [{ var: 'locale' }, ['en', 'zh']] }, 'on', 'off'] }),
  'plugin.kyc.enabled': bool({ if: [{ '>=': [{ var: 'kycLevel' }, 2] }, 'on', null] }),
  'plugin.fund-password.enabled': bool({ if: [{ starts_with: [{ var: 'path' }, '/myaccount'] }, 'on', null] }),
  'plugin.notifications.enabled': bool({ if: [{ sem_ver: [{ var: 'appVersion' }, '>=', '6.0.0'] }, 'on', null] }),
  'plugin.chat.option.height': numbers(700, 600, rollout(10, ['b', 'a'])),
  'plugin.share.option.qrSize': numbers(140, 200, { if: [{ '==': [{ var: 'appPlatform' }, 'ios'] }, 'b', null] }),
  'plugin.app-bar.option.hideForDays': numbers(7, 14, rollout(30, ['b', 'a'])),
  'plugin.cookie-consent.option.cookieDays': numbers(180, 90, { if: [{ in: [{ var: 'country' }, ['DE', 'FR', 'IT']] }, 'b', null] }),
  'plugin.notifications.option.maxBadge': numbers(99, 999, rollout(5, ['b', 'a'])),
  'plugin.kyc.option.tipBar': { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'on', targeting: rollout(50) },
  'plugin.share.option.mobileLayout': {
    state: 'ENABLED',
    variants: { v: 'vertical', h: 'horizontal' },
    defaultVariant: 'v',
    targeting: {
      fractional: [
        ['v', 50],
        ['h', 50],
      ],
    },
  },
  'plugin.not-found.option.variant': { state: 'ENABLED', variants: { s: 'shell', m: 'module' }, defaultVariant: 's' },
  'plugin.site-switch.priority.topbar': numbers(10, 20, rollout(50, ['b', 'a'])),
  'plugin.auth.priority.modal': numbers(800, 850),
  'plugin.marketing.priority.modal': numbers(400, 450, rollout(50, ['b', 'a'])),
  'plugin.legal.priority.modal': numbers(800, 900, { if: [{ '==': [{ var: 'region' }, 'main'] }, 'b', null] }),
};

const contextOf = (i: number): FlagContext => ({
  region: 'main',
  locale: ['en', 'zh', 'tr', 'ja'][i % 4],
  path: i % 3 ? '/' : '/myaccount/profile',
  loggedIn: i % 2 === 0,
  uid: `visitor-${i}`,
  country: ['TR', 'DE', 'US', 'BR', 'FR'][i % 5],
  kycLevel: i % 4,
  vipTier: i % 6,
  appPlatform: i % 7 ? 'web' : 'ios',
  appVersion: `${5 + (i % 3)}.2.0`,
});

async function rate(run: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 2000; i++) await run(i); // warm-up
  const end = performance.now() + SECONDS * 1000;
  let n = 0;
  while (performance.now() < end) for (let k = 0; k < 200; k++) await run(n++);
  return n / SECONDS;
}

export async function runFlagsBench(): Promise<void> {
  const catalogue = await loadCatalogue();
  const raw = JSON.parse(readFileSync(join(PROJECT_ROOT, 'region-configs/main.json'), 'utf8')) as RegionConfig;
  for (const [id, entry] of Object.entries(raw.plugins)) entry.options = catalogue.validateOptions(id, entry.options).value;
  const plan = catalogue.plan(raw);
  const text = JSON.stringify({ flags: BENCH_FLAGS });
  const evaluator = FlagEvaluator.fromFlagFile(text, { catalogue });
  const none = FlagEvaluator.fromFlagFile('{"flags":{}}', { catalogue });
  // The same flags served as any named provider would be: through the OpenFeature client.
  const viaClient = await FlagEvaluator.fromProvider(new FlagdFileProvider(text), Object.keys(BENCH_FLAGS), { catalogue, timeoutMs: 0 });
  const core = new FlagdCore();
  core.setConfigurations(text);
  const keys = Object.keys(BENCH_FLAGS);

  const full = await rate(async (i) => applyDecisions(plan, await evaluator.evaluate(raw, plan, contextOf(i)), catalogue));
  const client = await rate(async (i) => applyDecisions(plan, await viaClient.evaluate(raw, plan, contextOf(i)), catalogue));
  const bare = await rate((i) => {
    const ctx = { ...contextOf(i), targetingKey: `visitor-${i}` };
    for (const key of keys)
      core.resolve(
        key.includes('.enabled') || key.endsWith('tipBar') ? 'boolean' : key.includes('Layout') || key.endsWith('variant') ? 'string' : 'number',
        key,
        0 as never,
        ctx,
      );
  });
  const empty = await rate(async (i) => applyDecisions(plan, await none.evaluate(raw, plan, contextOf(i)), catalogue));
  const us = (perSecond: number) => `${(1e6 / perSecond).toFixed(1)} µs`;
  console.log(`  20 flags, evaluate + applyDecisions:  ${full.toFixed(0).padStart(7)} requests/s  (${us(full)} a request, ${us(full * 20)} a flag)`);
  console.log(`  the same through the OpenFeature client: ${client.toFixed(0).padStart(7)} requests/s  (${us(client)}: how a named provider is asked)`);
  console.log(
    `  the same 20 flags, flagd core alone:  ${bare.toFixed(0).padStart(7)} requests/s  (${us(bare)}: the OpenFeature client and the shell's checks cost the rest)`,
  );
  console.log(`  no flags:                             ${empty.toFixed(0).padStart(7)} requests/s  (${us(empty)})`);
  await Promise.all([evaluator.close(), none.close(), viaClient.close()]);
}

if (import.meta.url === `file://${process.argv[1]}`) await runFlagsBench(); // run alone
