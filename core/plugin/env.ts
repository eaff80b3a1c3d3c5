import type { SiteFacts } from '../config/region';
import type { LocaleInfo } from '../i18n/locales';
import type { ShellState } from '../state/shell-state';
import type { ShellBus } from '../state/bus';
import type { CookieJar } from '../util/cookies';
import type { HttpClient } from '../http/client';

/** Everything a plugin may read about the request it is activated for. */
export interface ShellEnv {
  readonly isServer: boolean;
  /** What the page knows of its site (`SiteFacts`): the host reads the whole region config on its own. */
  readonly region: SiteFacts;
  readonly locale: LocaleInfo;
  /**
   * The current locale's path prefix (spec 000 §2): '' for the default language of an 'as-needed' site, '/zh' or
   * '/en-eu' otherwise (on an 'always' site, also on its unprefixed pages such as US /login).
   */
  readonly langPrefix: string;
  readonly state: ShellState;
  readonly cookies: CookieJar;
  readonly bus: ShellBus;
  readonly http: HttpClient;
  /** Which back end answers: the embedded fake exchange API ('fake') or a real one at API_ORIGIN ('real'). */
  readonly backend: 'fake' | 'real';
  /** Builds a URL on another region's site for the same deployment (dev hosts stay on localhost). */
  regionOrigin(key: string): string;
  /**
   * The URL path of a site path in the current locale by the region's whole prefix rule: '/en-eu/price' on EU,
   * '/login' bare on the US site, documents ('/docs/…', '*.pdf', '*.html') bare everywhere.
   */
  href(path: string): string;
}
