import { distinctUntilChanged, map } from 'rxjs';
import { definePlugin, isLoggedIn, lazyView, localStore, MODAL_LEVEL } from '../../core';
import schema from './schema.json';
import { IP_CHECK_CONTROLLER, IpCheckController } from './check';
import type { IpCheckOptions } from './options';
import { shouldCheck } from './reply';
import { gatherIps } from './webrtc';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const IpCheckDialog = lazyView(() => import('./IpCheckDialog').then((m) => m.IpCheckDialog));

/** IP penetration check: after hydration, one POST per page (unless a token is stored); dialogs in the modal queue. */
export default definePlugin<IpCheckOptions>({
  id: 'ip-check',
  options: schema,
  setup(ctx) {
    const { options, cookies } = ctx;
    const uid = cookies.get('uid') ?? '';
    const controller = new IpCheckController({
      http: ctx.http,
      uid,
      store: localStore,
      gather: () => gatherIps({ stunServer: options.stunServer }),
      ttlMs: options.tokenTtlMinutes * 60_000,
      answerTypes: options.answerTypes,
    });
    ctx.provide(IP_CHECK_CONTROLLER, controller);
    ctx.onTeardown(() => controller.dispose());
    ctx.slot('modal', {
      key: 'ip-check',
      priority: MODAL_LEVEL.elevated,
      active: () => controller.view$.pipe(map((v) => v.dialog !== 'none'), distinctUntilChanged()),
      render: IpCheckDialog,
    });
    ctx.effect(() => {
      const loggedIn = isLoggedIn({ uid: cookies.get('uid'), nickname: cookies.get('nickname') });
      const path = ctx.state.route$.value.path;
      if (shouldCheck({ loggedIn, requireLogin: options.requireLogin, path, skipPaths: options.skipPaths })) void controller.run();
    });
  },
});
