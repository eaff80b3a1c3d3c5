import { definePlugin, derived, lazyPage, lazyView, loader, MODAL_LEVEL } from '../../core/plugin-api';
import schema from './schema.json';
import { fetchFrequency } from './services/api';
import { FUND_PASSWORD, FundPasswordFlowState, flowStateOf, openFromMarkup } from './services/flow';
import { FREQUENCY_LOADER } from './refs';
import { AUTH_PLUGIN } from '../auth/refs';
import type { FundPasswordOptions } from './options.generated';

export { FUND_PASSWORD, type FundPasswordService, type FundPasswordResult } from './services/flow';
export { FREQUENCIES, type Frequency } from './services/frequency';

export const SECURITY_PATH = '/myaccount/security';

/** Above the page-load notices: the user asked for this dialog, so it is not queued behind them. */
const FUND_PASSWORD_PRIORITY = MODAL_LEVEL.critical + 50;

const FundPasswordModal = lazyView(() => import('./components/FundPasswordModal').then((m) => m.FundPasswordModal));
const SecurityPage = lazyPage(() => import('./components/SecurityPage').then((m) => m.SecurityPage));

export { FREQUENCY_LOADER } from './refs';

/**
 * The fund-password flow (spec 001 fund-password modal), exported for any page under FUND_PASSWORD and through
 * `[data-fund-password]` markup, and the /myaccount/security page that opens it.
 */
export default definePlugin<FundPasswordOptions>({
  id: 'fund-password',
  options: schema,
  /** The logged-out security page's login link opens the auth modal ('auth:open') where the region runs it. */
  optional: [AUTH_PLUGIN],
  delivery: {
    /** `[data-fund-password]` buttons work from the first click for users who have a fund password (logged in). */
    beforeHydration: (env, options) => options.markupTrigger && env.state.data.user.isLogin,
    /** The flow needs an account: a visitor's browser has nothing of it to run but the security page (its first render). */
    inBrowser: (env) => env.state.data.user.isLogin,
  },
  routes: ({ securityPage }) => (securityPage ? [{ path: SECURITY_PATH, component: SecurityPage, titleKey: 'security.title' }] : []),
  menuEntries: ({ securityPage }) =>
    securityPage
      ? [
          {
            menu: 'account',
            key: 'security',
            label: 'menu.security',
            path: SECURITY_PATH,
            icon: 'M12 3 5 6v6c0 4.2 3 7.6 7 9 4-1.4 7-4.8 7-9V6l-7-3Z',
            order: 30,
          },
        ]
      : [],
  loaders: ({ securityPage }) =>
    securityPage
      ? [
          loader({
            key: FREQUENCY_LOADER,
            perUser: true,
            when: ({ path, env }) => path === SECURITY_PATH && env.state.data.user.isLogin,
            run: ({ env }) => fetchFrequency(env.http),
          }),
        ]
      : [],
  slotEntries: () => [
    {
      slot: 'modal',
      key: 'flow',
      priority: FUND_PASSWORD_PRIORITY,
      active: (_env, services) => derived([flowStateOf(services.get(FUND_PASSWORD)).pending$], Boolean),
      render: FundPasswordModal,
    },
  ],
  setup(ctx) {
    // Built by the request container on first use (the modal entry asks first).
    ctx.provide(FUND_PASSWORD, FundPasswordFlowState);
    const flow = () => flowStateOf(ctx.get(FUND_PASSWORD));
    ctx.onTeardown(() => flow().dispose());
    if (ctx.options.markupTrigger && !ctx.isServer) ctx.effect(() => openFromMarkup(document, flow()));
  },
});
