import { BehaviorSubject } from 'rxjs';
import { createServiceRef, entryWhileSet, lazyView, localStore, MODAL_LEVEL, type PluginContext, type SlotEntryDef, matchPath } from '../../../core/plugin-api';
import { fetchNewbiePrize, hasPrize, mayShowNewbie, type NewbiePrize } from '../services/newbie';
import { STORE_KEYS, type MarketingOptions } from '../types';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const NewbiePopup = lazyView(() => import('../components/NewbiePopup').then((m) => m.NewbiePopup));

/** The prize to show, with the page's counter key (null until the back end offered one). */
const NEWBIE_PRIZE = createServiceRef<BehaviorSubject<{ prize: NewbiePrize; counterKey: string } | null>>('marketing.newbiePrize');

/** The new-user popup in the modal queue, up once a prize came. */
export const newbiePopupEntries = ({ newbie }: MarketingOptions): SlotEntryDef[] =>
  newbie.enabled
    ? [entryWhileSet(NEWBIE_PRIZE, { slot: 'modal', key: 'newbie', priority: MODAL_LEVEL.low }, NewbiePopup, (shown, { dismiss }) => ({ ...shown, dismiss }))]
    : [];

/**
 * New-user reward popup: visitors only, on the configured pages, when the experiment variable is 1 or 2, at most
 * `maxPerDay` times a day and `minGapMinutes` apart (counter per page in localStorage as `count/timestamp`).
 */
export function setupNewbiePopup(ctx: PluginContext<MarketingOptions>): void {
  const o = ctx.options.newbie;
  if (!o.enabled) return;
  const prize$ = new BehaviorSubject<{ prize: NewbiePrize; counterKey: string } | null>(null);
  ctx.provide(NEWBIE_PRIZE, prize$);
  ctx.onTeardown(() => prize$.complete());
  ctx.effect(() => {
    const path = ctx.state.route$.value.path;
    if (ctx.state.data.user.isLogin || !o.paths.some((p) => matchPath(p, path))) return;
    const counterKey = STORE_KEYS.newbieCounter(path);
    if (!mayShowNewbie(localStore.get(counterKey), Date.now(), { maxPerDay: o.maxPerDay, minGapMs: o.minGapMinutes * 60_000 })) return;
    let alive = true;
    void fetchNewbiePrize(ctx.http, o, o.experimentField).then((prize) => {
      if (alive && hasPrize(prize) && !ctx.state.data.user.isLogin) prize$.next({ prize, counterKey });
    });
    return () => {
      alive = false;
    };
  });
}
