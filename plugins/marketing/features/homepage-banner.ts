import { createElement } from 'react';
import { BehaviorSubject } from 'rxjs';
import {
  createServiceRef,
  derived,
  loader,
  useLoaderData,
  useObservable,
  useService,
  type LoaderInput,
  type PluginContext,
  type SlotEntryDef,
} from '../../../core/plugin-api';
import { HomepageBanner, PlanBanner } from '../components/HomepageBanner';
import { deviceIdNow, deviceIdPending, deviceIdWhenKnown, type DeviceIdSource } from '../services/device-id';
import { fetchTargetedPlan, type MarketingPlan } from '../services/plans';
import type { MarketingOptions } from '../types';
import { HOME_BANNER_LOADER } from '../refs';

const onHome = (path: string) => path === '/';

/** The device id's sources of a loader's request. */
const sourceOf = ({ env, services }: LoaderInput): DeviceIdSource => ({ getOptional: (ref) => services.getOptional(ref), cookies: env.cookies });

/** The homepage banner's loader: a request carrying a device id gets the banner in the server's render. */
export function homepageBannerLoaders({ homepageBanner: o }: MarketingOptions) {
  if (!o.enabled) return [];
  return [
    loader({
      key: HOME_BANNER_LOADER,
      when: (input) => onHome(input.path) && !deviceIdPending(sourceOf(input)),
      run: (input) => fetchTargetedPlan(input.env.http, { position: o.position, resourceType: o.resourceType, deviceId: deviceIdNow(sourceOf(input)) }),
    }),
  ];
}

/** The plan asked for in the browser, for a page the server served without a device id (null until it comes). */
const LATE_PLAN = createServiceRef<BehaviorSubject<MarketingPlan | null>>('marketing.latePlan');

/** Where the server did ask (its loader left a value, a plan or null), never a second banner. */
function LateBanner() {
  const late$ = useService(LATE_PLAN);
  const plan = useObservable(late$, late$.value);
  return useLoaderData(HOME_BANNER_LOADER) === undefined ? createElement(PlanBanner, { plan }) : null;
}

/** The banner the server rendered (its loader's plan), and the same banner asked for in the browser. */
export function homepageBannerEntries({ homepageBanner: o }: MarketingOptions): SlotEntryDef[] {
  if (!o.enabled) return [];
  return [
    { slot: 'home', key: 'banner', priority: 100, shows: HOME_BANNER_LOADER, render: HomepageBanner },
    { slot: 'home', key: 'banner-late', priority: 100, active: (_env, services) => derived([services.get(LATE_PLAN)], Boolean), render: LateBanner },
  ];
}

/**
 * Homepage banner (resource_type 4, position index). A request carrying a device id gets it from a server loader,
 * rendered in the page; a page served without one (a new browser) asks in the browser once the fingerprint plugin has
 * made the id, so the call carries device_id, and shows the plan then.
 */
export function setupHomepageBanner(ctx: PluginContext<MarketingOptions>): void {
  const o = ctx.options.homepageBanner;
  if (!o.enabled) return;
  const ask = (deviceId: string) => fetchTargetedPlan(ctx.http, { position: o.position, resourceType: o.resourceType, deviceId });
  const late$ = new BehaviorSubject<MarketingPlan | null>(null);
  ctx.provide(LATE_PLAN, late$);
  ctx.onTeardown(() => late$.complete());
  ctx.effect(() => {
    if (!onHome(ctx.state.route$.value.path) || !deviceIdPending(ctx)) return;
    let alive = true;
    void deviceIdWhenKnown(ctx, ctx.options.deviceIdWaitMs)
      .then(ask)
      .then((plan) => {
        if (alive) late$.next(plan);
      });
    return () => {
      alive = false;
    };
  });
}
