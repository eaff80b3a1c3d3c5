import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { ShellEnv } from '../../core';
import { shouldShowAppBar } from './decide';
import { HIDDEN_COOKIE } from './constants';

/**
 * The bar's visibility as a stream over the shell state: false on the server and on the first browser render
 * (the viewport is only known after hydration), then spec 000 §4's rule, following resizes.
 */
export function appBarVisible$(env: ShellEnv, extraHiddenPrefixes: readonly string[]): Observable<boolean> {
  const { state, region } = env;
  const closed = env.cookies.get(HIDDEN_COOKIE) === '1';
  return combineLatest([state.hydrated$, state.viewport$, state.route$, state.data$]).pipe(
    map(([hydrated, viewport, route, data]) =>
      shouldShowAppBar({
        hydrated,
        isMobileWidth: viewport.isMobile,
        inApp: state.inApp,
        hiddenAppDownload: region.hiddenAppDownload,
        path: route.path,
        isUkLimit: !!data.compliance.limit.is_uk_limit,
        userFlag: data.user.flag,
        closed,
        region: region.key,
        country: data.user.country,
        verified: data.user.verified,
        extraHiddenPrefixes,
      }),
    ),
    distinctUntilChanged(),
  );
}
