import { lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { RouteProps } from '../plugin/types';

/** A component whose code is its own chunk, fetched when first needed (or on `preload()`). */
export type LazyView<P> = ((props: P) => ReactNode) & {
  preload(): Promise<void>;
  /** True once the code has arrived: the view then renders synchronously. */
  readonly loaded: boolean;
  /**
   * The module the view imports, relative to the project root (`plugins/kyc/KycDialog.tsx`), when the build named it
   * (`viewSources` in vite.config.ts): the server then names that module's client chunk in the page's modulepreload
   * links when it renders the view, so hydration does not wait on a waterfall.
   */
  readonly source?: string;
};

/** A route's page as a lazy view. */
export type LazyPage<P> = LazyView<P>;

/**
 * Splits a view (a dialog's content, a floating widget, a route's page) out of the plugin's always-loaded chunk:
 * `render: lazyView(() => import('./Dialog').then((m) => m.Dialog))`. The host preloads what the server renders,
 * before rendering it and before hydrating it in the browser, so those render synchronously there; a queued dialog
 * is preloaded as soon as it wants to show (and shown once loaded); anything else loads on demand, suspending inside
 * its plugin's boundary.
 */

export function lazyView<C extends ComponentType<any>>(load: () => Promise<C>, source?: string): LazyView<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function View(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  View.preload = preload;
  View.source = source;
  Object.defineProperty(View, 'loaded', { get: () => loaded !== null });
  return View as LazyView<P>;
}

/** `lazyView.from(source)(load)`: what the build writes for `lazyView(() => import('./X')…)` (see `source`). */
lazyView.from =
  (source: string) =>
  <C extends ComponentType<any>>(load: () => Promise<C>): LazyView<ComponentProps<C>> =>
    lazyView(load, source);

/**
 * A lazy view with its props worked out at render (from this request's controller, a stream, ...): shares the
 * view's code and loading state, so once the code is in every request renders it synchronously. `props` may use
 * hooks, returns null to render nothing, and may name a `key` (a new key mounts a fresh view).
 * `render: bindView(NoticeDialog, (p) => ({ ...p, id, controller }))`.
 */
export function bindView<P extends object, Q extends object>(view: LazyView<Q>, props: (own: P) => (Q & { key?: string }) | null): LazyView<P> {
  function Bound(own: P) {
    const bound = props(own);
    if (!bound) return null;
    const View = view as unknown as ComponentType<Q>;
    const { key, ...rest } = bound;
    return <View key={key} {...(rest as Q)} />;
  }
  Bound.preload = () => view.preload();
  Bound.source = view.source;
  Bound[BOUND_VIEW] = view;
  // Assignments and one accessor: `Object.defineProperties` took 4x as long (~0.5 µs a call; plugins bind per request).
  Object.defineProperty(Bound, 'loaded', { get: boundViewLoaded });
  return Bound as unknown as LazyView<P>;
}

/** The view a bound view renders. */
const BOUND_VIEW = Symbol('bound view');

/**
 * `loaded` of every bound view: one getter for all. Plugins bind views per request, and a getter made per call would
 * give each its own hidden class, kept in the old generation with the request's objects it reaches.
 */
function boundViewLoaded(this: { [BOUND_VIEW]: LazyView<object> }): boolean {
  return this[BOUND_VIEW].loaded;
}

/** A route's page as a lazy view (the host preloads the matched route). */

export function lazyPage(load: () => Promise<ComponentType<any>>, source?: string): LazyPage<RouteProps> {
  return lazyView(load, source) as LazyPage<RouteProps>;
}

/** `lazyPage.from(source)(load)`, as `lazyView.from`. */

lazyPage.from = (source: string) => (load: () => Promise<ComponentType<any>>) => lazyPage(load, source);

/** The source module of a lazy view (see `LazyView.source`), if the component is one and the build named it. */
export function viewSource(component: unknown): string | undefined {
  return isLazyView(component) ? component.source : undefined;
}

/** Whether a component is a lazy view. */
export function isLazyView(component: unknown): component is LazyView<object> {
  return typeof (component as Partial<LazyView<object>> | null)?.preload === 'function';
}

/** Preloads a component when it is a lazy view (no-op otherwise). */
export function preloadPage(component: unknown): Promise<void> {
  return isLazyView(component) ? component.preload() : Promise.resolve();
}

/** Whether a component can render synchronously now (not a lazy view, or one already loaded). */
export function isReady(component: unknown): boolean {
  return !isLazyView(component) || component.loaded;
}
