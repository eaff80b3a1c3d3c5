import type { RegionConfig } from '../config/region';
import type { ShellEnv } from './env';

/**
 * How a plugin's code reaches the browser, declared apart from what it contributes: `definePlugin({ id, delivery:
 * { … }, setup })`. `setup(ctx)` says what the plugin adds to a page; these hints only say when its code is
 * downloaded and activated. Every hint is optional; `DELIVERY_DEFAULTS` holds what an absent one means.
 *
 * By default a plugin is activated on the server for every request; in the browser, a plugin that the page's first
 * render shows (its route's page, an active slot item) is loaded and activated before hydrating, every other one after
 * hydration. The hints below move a plugin out of (or into) that default.
 *
 * Two hints live beside the contribution they shape rather than here, because the bundler needs them there:
 * - a view's own chunk: `lazyView(() => import('./Dialog').then((m) => m.Dialog))` (slot items) and `lazyPage(…)`
 *   (routes) keep a dialog, widget or page out of the plugin's chunk until it shows; `bindView(view, props)` gives
 *   such a view per-request props. The server preloads the views it renders and names their chunks in the page.
 * - a slot item's `shows: LOADER_REF`: the item is active only when that server loader returned something; where it
 *   returned nothing the page has no trace of the item and its plugin (unless something else needs it) loads after
 *   hydration.
 */
export interface Delivery<O = Record<string, unknown>> {
  /**
   * Whether the browser runs the plugin on this page at all. Default: yes. Say no where it has nothing to do there:
   * no effect, dialog or widget of it can act, no event it listens to can come. The server still activates it (its
   * guards, loaders, menu entries and server render); the browser then neither downloads nor activates it, unless the
   * page's first render needs it or a plugin the browser runs requires it or lists it as optional. Evaluated per
   * request on the server, after its setup; a throw counts as yes. Its route's page is its first render, so a plugin
   * made of pages alone says `() => false`.
   */
  inBrowser?: (env: ShellEnv, options: O) => boolean;
  /**
   * Whether the plugin is loaded and activated before hydrating although it shows nothing in the server render.
   * Default: no. Set it when its effects must be there for the page's first interactions (the app's link
   * interception). Evaluated per request on the server, after its setup; a throw counts as no.
   */
  beforeHydration?: (env: ShellEnv, options: O) => boolean;
  /**
   * Site paths (without a language prefix; a path holds what is below it too) whose links the plugin intercepts in
   * the browser. Default: none. From the page's first paint until the plugins are active, a click on such a link is
   * held, then clicked again for the plugin to take: the plugin can load after hydration and still catch the first
   * click (a page whose start-up never ends follows them after 10 s). Called once per region with the validated
   * options; a throw holds nothing.
   */
  holdsLinks?: (options: O, region: RegionConfig) => readonly string[];
}

/** What each hint means when a plugin leaves it out. */
export const DELIVERY_DEFAULTS: Required<Delivery<any>> = Object.freeze({
  inBrowser: () => true,
  beforeHydration: () => false,
  holdsLinks: () => [],
});

/** The hint names, for the check in `definePlugin` (a misspelt hint is an error there as in the compiler). */
export const DELIVERY_HINTS = Object.keys(DELIVERY_DEFAULTS) as ReadonlyArray<keyof Delivery>;

/** A plugin's delivery with every hint filled in from the defaults. */
export function deliveryOf<O>(def: { delivery?: Delivery<O> } | undefined): Required<Delivery<O>> {
  return { ...DELIVERY_DEFAULTS, ...def?.delivery };
}
