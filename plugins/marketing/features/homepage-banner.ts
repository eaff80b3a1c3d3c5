import type { PluginContext } from '../../../core';
import { HomepageBanner } from '../components/HomepageBanner';
import { deviceId, fetchTargetedPlan } from '../services/plans';
import type { MarketingOptions } from '../types';
import { HOME_BANNER_LOADER } from '../refs';

/** Homepage banner: a server loader for the plan (resource_type 4, position index) and a `home` slot item showing it. */
export function setupHomepageBanner(ctx: PluginContext<MarketingOptions>): void {
  const o = ctx.options.homepageBanner;
  if (!o.enabled) return;
  ctx.loader({
    key: HOME_BANNER_LOADER,
    when: ({ path }) => path === '/',
    run: ({ env }) => fetchTargetedPlan(env.http, { position: o.position, resourceType: o.resourceType, deviceId: deviceId(env.cookies) }),
  });
  ctx.slot('home', { key: 'banner', priority: 100, shows: HOME_BANNER_LOADER, render: HomepageBanner });
}
