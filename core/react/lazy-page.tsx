import { lazy, type ComponentType } from 'react';
import type { RouteProps } from '../plugin/types';

/** A component whose code is its own chunk, fetched when first needed (or on `preload()`). */
export type LazyView<P> = ComponentType<P> & {
  preload(): Promise<void>;
  /** True once the code has arrived: the view then renders synchronously. */
  readonly loaded: boolean;
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a view may take any props (or none)
export function lazyView<P extends object = any>(load: () => Promise<ComponentType<any>>): LazyView<P> {
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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- props pass through unchanged
    return Loaded ? <Loaded {...(props as any)} /> : <Suspending {...(props as any)} />;
  }
  View.preload = preload;
  Object.defineProperty(View, 'loaded', { get: () => loaded !== null });
  return View as LazyView<P>;
}

/** A route's page as a lazy view (the host preloads the matched route). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page may take the route props or none
export function lazyPage(load: () => Promise<ComponentType<any>>): LazyPage<RouteProps> {
  return lazyView<RouteProps>(load);
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
