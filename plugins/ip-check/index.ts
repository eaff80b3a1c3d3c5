import { definePlugin, derived, lazyView, MODAL_LEVEL } from '../../core/plugin-api';
import schema from './schema.json';
import { IP_CHECK_CONTROLLER, IP_CHECK_HOOKS, IpCheckController, PageHooks } from './check';
import type { IpCheckOptions } from './options';
import { shouldCheck } from './reply';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const IpCheckDialog = lazyView(() => import('./IpCheckDialog').then((m) => m.IpCheckDialog));

/** IP penetration check: after hydration, one POST per page (unless a token is stored); dialogs in the modal queue. */
export default definePlugin<IpCheckOptions>({
  id: 'ip-check',
  options: schema,
  delivery: {
    /** Where the page's check does not run (a visitor when it needs a login, a skipped path), nothing of it can show. */
    inBrowser: (env, o) =>
      shouldCheck({ loggedIn: env.state.data.user.isLogin, requireLogin: o.requireLogin, path: env.state.route$.value.path, skipPaths: o.skipPaths }),
  },
  slotEntries: () => [
    {
      slot: 'modal',
      key: 'ip-check',
      priority: MODAL_LEVEL.elevated,
      active: (_env, services) => derived([services.get(IP_CHECK_CONTROLLER).view$], (v) => v.dialog !== 'none'),
      render: IpCheckDialog,
    },
  ],
  setup(ctx) {
    const { options } = ctx;
    // Built by the request container on first use: http, the environment (the user's uid), options and hooks (storage, WebRTC) by ref.
    ctx.provide(IP_CHECK_HOOKS, PageHooks);
    ctx.provide(IP_CHECK_CONTROLLER, IpCheckController);
    let made: IpCheckController | null = null;
    const controller = () => (made ??= ctx.get(IP_CHECK_CONTROLLER));
    ctx.onTeardown(() => made?.dispose()); // one never built (a server render) has nothing to dispose
    ctx.effect(() => {
      // The user as the page's core data has it (the server's user-info answer), as `delivery.inBrowser` reads it.
      const loggedIn = ctx.state.data.user.isLogin;
      const path = ctx.state.route$.value.path;
      if (shouldCheck({ loggedIn, requireLogin: options.requireLogin, path, skipPaths: options.skipPaths })) void controller().run();
    });
  },
});
