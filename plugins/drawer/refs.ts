import { createLoaderRef, createPluginRef } from '../../core/plugin-api';
import type { DepositAddress } from './networks';

/** This plugin, for other plugins' `requires`/`optional`. */
export const DRAWER_PLUGIN = createPluginRef('drawer');

/** The deposit page's address (logged in, valid currency). */
export const ADDRESS_LOADER = createLoaderRef<DepositAddress | null>('drawer/address');

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Ask the drawer plugin to open the deposit drawer. */
    'drawer:open': void;
  }
}
