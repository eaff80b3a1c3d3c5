import { BehaviorSubject } from 'rxjs';
import { definePlugin, entryWhileSet, lazyView, loader, MODAL_LEVEL, type ShellEnv, type SlotEntryDef } from '../../core/plugin-api';
import schema from './schema.json';
import { fetchNotice, fetchTipBar, footerTipsSource } from './services/api';
import { decideNotice, type NoticeDecision } from './services/notice';
import { tipBarAllowed, type KycOptions } from './services/rules';
import { NOTICE_DECISION, TIPS_LOADER } from './refs';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const KycTipBar = lazyView(() => import('./components/KycTipBar').then((m) => m.KycTipBar));
const KycNoticeDialog = lazyView(() => import('./components/KycNoticeDialog').then((m) => m.KycNoticeDialog));

/** Whether the tip bar is due for this request (the loader's data then says whether the server shows it). */
const tipBarDue = (env: ShellEnv, options: KycOptions) => {
  const { user } = env.state.data;
  return tipBarAllowed({
    isLogin: user.isLogin,
    verified: user.verified,
    closed: !!env.cookies.get(options.tipBarCloseCookie),
    hiddenLevels: options.tipBarHiddenLevels,
  });
};

/** The KYC upgrade or risk-user notice, once the back end said one is due. */
const NOTICE_ENTRY: SlotEntryDef = entryWhileSet(
  NOTICE_DECISION,
  { slot: 'modal', key: 'notice', priority: MODAL_LEVEL.normal },
  KycNoticeDialog,
  (decision, { dismiss }) => ({ decision, dismiss }),
);

export { TIPS_LOADER } from './refs';

/** KYC tip bar (notice slot, server-rendered) and the KYC upgrade / risk-user notices (modal queue). */
export default definePlugin<KycOptions>({
  id: 'kyc',
  options: schema,
  delivery: {
    /** The tip bar and the notices are for logged-in users (the server renders the bar, which loads the plugin). */
    inBrowser: (env) => env.state.data.user.isLogin,
  },
  loaders: (options) =>
    options.tipBar
      ? [
          loader({
            key: TIPS_LOADER,
            when: ({ env }) => tipBarDue(env, options),
            run: ({ env, path }) => fetchTipBar(env.http, footerTipsSource(path, options.legacyTipsPaths), env.region),
          }),
        ]
      : [],
  slotEntries: (options) => [
    ...(options.tipBar
      ? [{ slot: 'notice', key: 'tip-bar', priority: 50, perUser: true, active: (env: ShellEnv) => tipBarDue(env, options), render: KycTipBar } as const]
      : []),
    ...(options.notices ? [NOTICE_ENTRY] : []),
  ],
  setup(ctx) {
    const { options } = ctx;
    if (options.notices) {
      const decision$ = new BehaviorSubject<NoticeDecision | null>(null);
      ctx.provide(NOTICE_DECISION, decision$);
      ctx.onTeardown(() => decision$.complete());
      ctx.effect(() => {
        let alive = true;
        if (ctx.state.data.user.isLogin) {
          void fetchNotice(ctx.http, ctx.locale.code, options.noticePath).then((data) => {
            if (alive) decision$.next(decideNotice(data, (name) => !!ctx.cookies.get(name), options.upgradeNoticeCookie));
          });
        }
        return () => {
          alive = false;
        };
      });
    }
  },
});
