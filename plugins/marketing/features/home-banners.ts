import { BehaviorSubject, combineLatest, map } from 'rxjs';
import { bindView, lazyView, type PluginContext } from '../../../core';
import type { Perk } from '../components/PerkBanner';
import { dismissal } from '../services/dismissal';
import { fetchNewbiePrize } from '../services/newbie';
import { STORE_KEYS, type MarketingOptions } from '../types';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const PromoBanner = lazyView(() => import('../components/PromoBanner').then((m) => m.PromoBanner));
const PerkBanner = lazyView(() => import('../components/PerkBanner').then((m) => m.PerkBanner));

/**
 * The exclusive-perk and promotional banners of the home page. Both depend on browser state (a close remembered
 * for some hours), so they start hidden and appear after hydration; the perk also waits for its amount.
 */
export function setupHomeBanners(ctx: PluginContext<MarketingOptions>): void {
  const { perkBanner, promoBanner, newbie } = ctx.options;
  const perk$ = new BehaviorSubject<Perk | null>(null);
  const promoOpen$ = new BehaviorSubject(false);
  ctx.onTeardown(() => {
    perk$.complete();
    promoOpen$.complete();
  });
  const onHome = () => ctx.state.route$.value.path === '/';

  if (perkBanner.enabled) {
    ctx.effect(() => {
      if (!onHome() || dismissal.closed(STORE_KEYS.perkClosedAt, perkBanner.closeHours)) return;
      let alive = true;
      const isLogin = ctx.state.data.user.isLogin;
      void fetchNewbiePrize(ctx.http, newbie, newbie.experimentField).then((prize) => {
        const amount = isLogin ? prize.guideTotal : prize.groupA;
        if (alive && amount) perk$.next({ kind: isLogin ? 'tasks' : 'signup', amount, currency: prize.currency });
      });
      return () => {
        alive = false;
      };
    });
    const closePerk = () => {
      dismissal.close(STORE_KEYS.perkClosedAt);
      perk$.next(null);
    };
    ctx.slot('home', {
      key: 'perk',
      priority: 90,
      active: () => combineLatest([ctx.state.hydrated$, perk$]).pipe(map(([h, p]) => h && !!p)),
      render: bindView(PerkBanner, () => (perk$.value ? { perk: perk$.value, onClose: closePerk } : null)),
    });
  }

  if (promoBanner.enabled) {
    ctx.effect(() => {
      if (!dismissal.closed(STORE_KEYS.promoClosedAt, promoBanner.closeHours)) promoOpen$.next(true);
    });
    ctx.slot('home', {
      key: 'promo',
      priority: 50,
      active: () => promoOpen$,
      render: bindView(PromoBanner, () => ({
        onClose: () => {
          dismissal.close(STORE_KEYS.promoClosedAt);
          promoOpen$.next(false);
        },
      })),
    });
  }
}
