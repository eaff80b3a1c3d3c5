import type { Observable } from 'rxjs';
import { derived, type ShellEnv } from '../../core/plugin-api';
import { canShowChat } from './rules';

/** The page URL as the browser sees it (server: a stand-in built from the region's domain and the route). */
export function pageUrl(env: ShellEnv, path: string): URL {
  if (typeof window !== 'undefined' && window.location) return new URL(window.location.href);
  return new URL(path, `https://${env.region.webSiteDomain}`);
}

/**
 * The widget's visibility: false on the server and the first browser render (width and user agent are only
 * trusted after hydration), then spec 000 §5's rule, following resizes. Registered wherever the plugin runs.
 */
export function chatVisible$(env: ShellEnv): Observable<boolean> {
  const { state } = env;
  return derived(
    [state.hydrated$, state.viewport$, state.route$],
    (hydrated, viewport, route) => hydrated && canShowChat({ mobileAgent: state.mobileAgent, width: viewport.width, url: pageUrl(env, route.path) }),
  );
}
