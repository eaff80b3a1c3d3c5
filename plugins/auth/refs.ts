import { createPluginRef, createServiceRef } from '../../core/plugin-api';
import type { AuthStore } from './store';

/** This plugin, for other plugins' `requires`/`optional`. */
export const AUTH_PLUGIN = createPluginRef('auth');

/** The page's AuthStore in the request container. */
export const AUTH_STORE = createServiceRef<AuthStore>('auth.store');

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Ask the auth plugin to open its modal. */
    'auth:open': { mode: 'login' | 'signup' };
  }
}
