import type { Observable } from 'rxjs';
import { derived, type ShellEnv } from '../../core/plugin-api';
import { shouldShowAppBar } from './decide';
import { HIDDEN_COOKIE, type AppBarOptions } from './constants';

/**
 * The bar's visibility as a stream over the shell state: false on the server and on the first browser render
 * (the viewport is only known after hydration), then spec 000 §4's rule, following resizes.
 */
export function appBarVisible$(
  env: ShellEnv,
  options: Pick<AppBarOptions, 'extraHiddenPrefixes' | 'storePath' | 'verifiedHiddenCountries'>,
): Observable<boolean> {
  const { state } = env;
  const closed = env.cookies.get(HIDDEN_COOKIE) === '1';
  return derived([state.hydrated$, state.viewport$, state.route$, state.data$], (hydrated, viewport, route, data) =>
    shouldShowAppBar({
      hydrated,
      isMobileWidth: viewport.isMobile,
      inApp: state.inApp,
      path: route.path,
      isUkLimit: !!data.compliance.limit.is_uk_limit,
      userFlag: data.user.flag,
      closed,
      storePath: options.storePath,
      country: data.user.country,
      verified: data.user.verified,
      extraHiddenPrefixes: options.extraHiddenPrefixes,
      verifiedHiddenCountries: options.verifiedHiddenCountries,
    }),
  );
}
