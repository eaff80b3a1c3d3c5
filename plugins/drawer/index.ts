import { definePlugin, derived, lazyPage, loader, type MenuEntryDef, type SlotEntryDef } from '../../core/plugin-api';
import schema from './schema.json';
import type { DrawerOptions } from './options';
import { DepositButton, DrawerHost } from './DrawerHost';
import { fetchAddress } from './address';
import { isValidCurrency, networksOf } from './networks';
import { PICKER_MODAL_ENTRY, providePickerRequest } from './picker-modal';
import { ADDRESS_LOADER } from './refs';
import { AUTH_PLUGIN } from '../auth/refs';

export { DepositMethodPicker, DepositPickerDialog, type DepositMethodPickerProps } from './DepositMethodPicker';
export { drawerGroups, depositMethods, otherWaysAllowed } from './entries';
export { DEPOSIT_PICKER_PRIORITY, type DepositPickerRequest } from './picker-modal';

const DEPOSIT_ROUTE = '/myaccount/deposit/:currency';

/** The deposit page's entry in the account menu. */
const DEPOSIT_MENU_ENTRY: MenuEntryDef = {
  menu: 'account',
  key: 'deposit',
  label: 'menu.deposit',
  path: '/myaccount/deposit/USDT',
  match: '/myaccount/deposit',
  icon: 'M12 4v12m0 0-5-5m5 5 5-5M5 20h14',
  order: 10,
};

/** The header's Deposit button, for logged-in users. */
const DEPOSIT_BUTTON_ENTRY: SlotEntryDef = {
  slot: 'header-actions',
  key: 'deposit',
  priority: 100,
  active: (env) => derived([env.state.user$], (u) => u.isLogin),
  render: DepositButton,
};

/** Shows nothing until asked for: not part of the server render, so a visitor's first render needs no drawer code. */
const DRAWER_ENTRY: SlotEntryDef = { slot: 'floating', key: 'drawer', active: (env) => env.state.hydrated$, render: DrawerHost };

const DepositPage = lazyPage(() => import('./DepositPage').then((m) => m.DepositPage));

export { ADDRESS_LOADER, DRAWER_PLUGIN } from './refs';

/** The deposit drawer ("fund wallet"), its header button, the deposit-method picker and the deposit page. */
export default definePlugin<DrawerOptions>({
  id: 'drawer',
  options: schema,
  /** Logged-out deposit clicks open the auth modal ('auth:open') where the region runs it, else go to /login. */
  optional: [AUTH_PLUGIN],
  delivery: {
    /**
     * Opened by logged-in users' Deposit button; a visitor's page runs it only where a plugin that opens its picker
     * runs (the trade page's chart lists it as optional) or on its deposit page (first render).
     */
    inBrowser: (env) => env.state.data.user.isLogin,
  },
  routes: ({ depositPage }) => (depositPage ? [{ path: DEPOSIT_ROUTE, component: DepositPage, titleKey: 'page.docTitle' }] : []),
  menuEntries: ({ depositPage }) => (depositPage ? [DEPOSIT_MENU_ENTRY] : []),
  loaders: ({ depositPage }) =>
    depositPage
      ? [
          loader({
            key: ADDRESS_LOADER,
            perUser: true,
            when: ({ path, env }) => path.startsWith('/myaccount/deposit/') && env.state.data.user.isLogin,
            run: async ({ params, env }) => {
              const currency = (params.currency ?? 'USDT').toUpperCase();
              return isValidCurrency(currency) ? fetchAddress(env.http, currency, networksOf(currency)[0].id) : null;
            },
          }),
        ]
      : [],
  slotEntries: ({ headerButton }) => [...(headerButton ? [DEPOSIT_BUTTON_ENTRY] : []), DRAWER_ENTRY, PICKER_MODAL_ENTRY],
  setup: providePickerRequest,
});
