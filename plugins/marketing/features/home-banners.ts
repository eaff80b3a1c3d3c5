import { BehaviorSubject, combineLatest, map } from 'rxjs';
import { bindView, createServiceRef, lazyView, useService, type PluginContext, type SlotEntryDef } from '../../../core/plugin-api';
import type { Perk } from '../components/PerkBanner';
import { dismissal } from '../services/dismissal';
import { fetchNewbiePrize } from '../services/newbie';
import { STORE_KEYS, type MarketingOptions } from '../types';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const PromoBanner = lazyView(() => import('../components/PromoBanner').then((m) => m.PromoBanner));
const PerkBanner = lazyView(() => import('../components/PerkBanner').then((m) => m.PerkBanner));

/** The page's perk (null until its amount came, or once closed) and whether the promo banner is open. */
interface HomeBanners {
  perk$: BehaviorSubject<Perk | null>;
  promoOpen$: BehaviorSubject<boolean>;
}

const HOME_BANNERS = createServiceRef<HomeBanners>('marketing.homeBanners');

/** The exclusive-perk banner, once hydrated and its amount came; closing it hides it for `closeHours`. */
const PERK_ENTRY: SlotEntryDef = {
  slot: 'home',
  key: 'perk',
  priority: 90,
  active: (env, services) => combineLatest([env.state.hydrated$, services.get(HOME_BANNERS).perk$]).pipe(map(([h, p]) => h && !!p)),
  render: bindView(PerkBanner, function usePerkProps() {
    const { perk$ } = useService(HOME_BANNERS);
    const close = () => {
      dismissal.close(STORE_KEYS.perkClosedAt);
      perk$.next(null);
    };
    return perk$.value ? { perk: perk$.value, onClose: close } : null;
  }),
};

/** The promotional banner, unless closed in the last `closeHours`. */
const PROMO_ENTRY: SlotEntryDef = {
  slot: 'home',
  key: 'promo',
  priority: 50,
  active: (_env, services) => services.get(HOME_BANNERS).promoOpen$,
  render: bindView(PromoBanner, function usePromoProps() {
    const { promoOpen$ } = useService(HOME_BANNERS);
    const close = () => {
      dismissal.close(STORE_KEYS.promoClosedAt);
      promoOpen$.next(false);
    };
    return { onClose: close };
  }),
};

export const homeBannersEntries = ({ perkBanner, promoBanner }: MarketingOptions): SlotEntryDef[] => [
  ...(perkBanner.enabled ? [PERK_ENTRY] : []),
  ...(promoBanner.enabled ? [PROMO_ENTRY] : []),
];

/**
 * The exclusive-perk and promotional banners of the home page. Both depend on browser state (a close remembered
 * for some hours), so they start hidden and appear after hydration; the perk also waits for its amount.
 */
export function setupHomeBanners(ctx: PluginContext<MarketingOptions>): void {
  const { perkBanner, promoBanner, newbie } = ctx.options;
  const banners: HomeBanners = { perk$: new BehaviorSubject<Perk | null>(null), promoOpen$: new BehaviorSubject(false) };
  ctx.provide(HOME_BANNERS, banners);
  ctx.onTeardown(() => {
    banners.perk$.complete();
    banners.promoOpen$.complete();
  });
  const onHome = () => ctx.state.route$.value.path === '/';

  if (perkBanner.enabled) {
    ctx.effect(() => {
      if (!onHome() || dismissal.closed(STORE_KEYS.perkClosedAt, perkBanner.closeHours)) return;
      let alive = true;
      const isLogin = ctx.state.data.user.isLogin;
      void fetchNewbiePrize(ctx.http, newbie, newbie.experimentField).then((prize) => {
        const amount = isLogin ? prize.guideTotal : prize.groupA;
        if (alive && amount) banners.perk$.next({ kind: isLogin ? 'tasks' : 'signup', amount, currency: prize.currency });
      });
      return () => {
        alive = false;
      };
    });
  }

  if (promoBanner.enabled) {
    ctx.effect(() => {
      if (!dismissal.closed(STORE_KEYS.promoClosedAt, promoBanner.closeHours)) banners.promoOpen$.next(true);
    });
  }
}
