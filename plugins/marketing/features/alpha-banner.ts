import { BehaviorSubject } from 'rxjs';
import { createServiceRef, entryWhileSet, lazyView, localStore, type PluginContext, type SlotEntryDef, matchPath } from '../../../core/plugin-api';
import { createSpacer, currencyOf, fetchAlphaCards, nextIndex, type AlphaCard } from '../services/alpha';
import { dismissal } from '../services/dismissal';
import { deviceIdWhenKnown } from '../services/device-id';
import { STORE_KEYS, type MarketingOptions } from '../types';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const AlphaBanner = lazyView(() => import('../components/AlphaBanner').then((m) => m.AlphaBanner));

/** The card shown (null while none is). */
const ALPHA_CARD = createServiceRef<BehaviorSubject<AlphaCard | null>>('marketing.alphaCard');

/** The alpha card as a floating item, up while a card is shown; closing it hides it for `closeHours`. */
export const alphaBannerEntries = ({ alphaBanner }: MarketingOptions): SlotEntryDef[] =>
  alphaBanner.enabled ? [entryWhileSet(ALPHA_CARD, { slot: 'floating', key: 'alpha', priority: 20 }, AlphaBanner, alphaProps)] : [];

/** The card's view props: a new key mounts a fresh view for the next card. */
function alphaProps(card: AlphaCard, { subject }: { subject: BehaviorSubject<AlphaCard | null> }) {
  const close = () => {
    dismissal.close(STORE_KEYS.alphaClosedAt);
    subject.next(null);
  };
  return { key: card.id, card, onClose: close };
}

/**
 * Alpha banner: a floating card on the alpha and trade pages. Cards rotate round-robin (index in localStorage),
 * a manual close hides it for `closeHours`, requests go out at least `throttleMs` apart (a later one waits its turn),
 * each with the device id (the first waiting for the fingerprint's first id when the page came without).
 */
export function setupAlphaBanner(ctx: PluginContext<MarketingOptions>): void {
  const o = ctx.options.alphaBanner;
  if (!o.enabled) return;
  const card$ = new BehaviorSubject<AlphaCard | null>(null);
  ctx.provide(ALPHA_CARD, card$);
  ctx.onTeardown(() => card$.complete());
  ctx.effect(() => {
    let alive = true;
    let lastPath: string | null = null;
    const spacer = createSpacer(o.throttleMs);
    const fetchCard = (path: string) =>
      void deviceIdWhenKnown(ctx, ctx.options.deviceIdWaitMs)
        .then((deviceId) => fetchAlphaCards(ctx.http, { deviceId, resourceType: o.resourceType, currency: currencyOf(path) }))
        .then(({ cards }) => {
          if (!alive) return;
          const i = nextIndex(localStore.get(STORE_KEYS.alphaIndex), cards.length);
          if (i >= 0) localStore.set(STORE_KEYS.alphaIndex, String(i));
          card$.next(i >= 0 ? cards[i] : null);
        });
    const load = (path: string) => {
      if (!o.paths.some((p) => matchPath(p, path))) return card$.next(null);
      if (dismissal.closed(STORE_KEYS.alphaClosedAt, o.closeHours) || path === lastPath) return;
      lastPath = path;
      spacer.run(() => fetchCard(path));
    };
    const sub = ctx.state.route$.subscribe((r) => load(r.path));
    return () => {
      alive = false;
      spacer.cancel();
      sub.unsubscribe();
    };
  });
}
