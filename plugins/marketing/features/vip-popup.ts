import { BehaviorSubject } from 'rxjs';
import { createServiceRef, entryWhileSet, lazyView, MODAL_LEVEL, type PluginContext, type SlotEntryDef } from '../../../core/plugin-api';
import { deviceIdWhenKnown } from '../services/device-id';
import { fetchTargetedPlan, vipExtras, type MarketingPlan, type VipExtras } from '../services/plans';
import type { MarketingOptions } from '../types';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const VipPopup = lazyView(() => import('../components/VipPopup').then((m) => m.VipPopup));

/** The popup's plan once the back end offered one (null until then). */
const VIP_POPUP = createServiceRef<BehaviorSubject<{ plan: MarketingPlan; extras: VipExtras } | null>>('marketing.vipPopup');

/** The VIP popup in the modal queue, up once a plan came. */
export const vipPopupEntries = ({ vipPopup }: MarketingOptions): SlotEntryDef[] =>
  vipPopup.enabled
    ? [entryWhileSet(VIP_POPUP, { slot: 'modal', key: 'vip', priority: MODAL_LEVEL.low }, VipPopup, (popup, { dismiss }) => ({ ...popup, dismiss }))]
    : [];

/**
 * VIP popup: logged-in users where the region's file turns it on (main); asks for the vip_index plan after hydration, with the
 * device id (waiting for the fingerprint's first one when the page came without).
 */
export function setupVipPopup(ctx: PluginContext<MarketingOptions>): void {
  const o = ctx.options.vipPopup;
  if (!o.enabled) return;
  const popup$ = new BehaviorSubject<{ plan: MarketingPlan; extras: VipExtras } | null>(null);
  ctx.provide(VIP_POPUP, popup$);
  ctx.onTeardown(() => popup$.complete());
  ctx.effect(() => {
    if (!ctx.state.data.user.isLogin) return;
    let alive = true;
    void deviceIdWhenKnown(ctx, ctx.options.deviceIdWaitMs)
      .then((deviceId) => fetchTargetedPlan(ctx.http, { position: o.position, resourceType: o.resourceType, deviceId }))
      .then((plan) => {
        const extras = vipExtras(plan);
        if (alive && plan && extras) popup$.next({ plan, extras });
      });
    return () => {
      alive = false;
    };
  });
}
