import { lazy, type ComponentType } from 'react';
import type { RouteProps } from '../plugin/types';

/** A page component whose code is its own chunk, fetched when first needed (or on `preload()`). */
export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * Splits a route's page out of the plugin's always-loaded chunk. The host preloads the matched route before
 * rendering on the server and before hydrating in the browser, so the page renders synchronously there; other
 * pages load on demand (suspending inside the plugin's boundary).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page may take the route props or none
export function lazyPage(load: () => Promise<ComponentType<any>>): LazyPage<RouteProps> {
  let loaded: ComponentType<RouteProps> | null = null;
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
  function Page(props: RouteProps) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  Page.preload = preload;
  return Page;
}

/** Preloads a route component when it is a lazy page (no-op otherwise). */
export function preloadPage(component: unknown): Promise<void> {
  const preload = (component as Partial<LazyPage<object>> | null)?.preload;
  return typeof preload === 'function' ? preload() : Promise.resolve();
}
