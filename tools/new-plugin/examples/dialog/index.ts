import { BehaviorSubject } from 'rxjs';
import { createServiceRef, definePlugin, derived, lazyView, localStore, MODAL_LEVEL } from '../../../../core/plugin-api';
import type { WhatsNewOptions } from './options.generated';
import { CLOSED_AT_KEY, isDue, showsOn } from './rules';
import schema from './schema.json';

export { WHATS_NEW_PLUGIN } from './refs';

/** The dialog's view: its own chunk, loaded when the dialog comes to the front of the queue. */
const WhatsNewDialog = lazyView(() => import('./WhatsNewDialog').then((m) => m.WhatsNewDialog));

/** Whether the dialog is due on this page: when it was closed is the browser's to know (localStorage). */
const DUE = createServiceRef<BehaviorSubject<boolean>>('whats-new.due');

/** whats-new: a dialog on the pages its options name, again some days after the visitor closed it (README.md). */
export default definePlugin<WhatsNewOptions>({
  id: 'whats-new',
  options: schema,
  delivery: {
    /** Only where some page may show the dialog. */
    inBrowser: (_env, options) => options.paths.length > 0,
  },
  // `modal` shows one dialog at a time, the highest level first: `low` is the level of promotions (core/README.md).
  slotEntries: (options) => [
    {
      slot: 'modal',
      priority: MODAL_LEVEL.low,
      active: (env, services) => derived([env.state.route$, services.get(DUE)], (route, due) => due && showsOn(route.path, options.paths)),
      render: WhatsNewDialog,
    },
  ],
  // The page's own state: due after hydration, never on the server.
  setup(ctx) {
    const due$ = new BehaviorSubject(false);
    ctx.provide(DUE, due$);
    ctx.onTeardown(() => due$.complete());
    ctx.effect(() => due$.next(isDue(localStore.get(CLOSED_AT_KEY), Date.now(), ctx.options.closeDays)));
  },
});
