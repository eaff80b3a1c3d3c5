/** What one page request has once its scope is built (request-scope.ts builds it; the page and `explain` read it). */
import type { i18n } from 'i18next';
import type { RegionConfig } from '../../core/config/region';
import type { FlagContext } from '../../core/flags/types';
import type { LocaleInfo } from '../../core/i18n/locales';
import type { ShellEnv } from '../../core/plugin/types';
import type { Activation } from '../../core/registry/activate';
import type { RegionPlan } from '../../core/registry/plan';
import type { ServerCookieJar } from '../../core/util/cookies';
import type { Monitor } from '../../core/util/monitoring';
import type { HostRoute } from '../app/routes';

export interface RequestScope {
  region: RegionConfig;
  /** The plan this request activated: the region's in the site version it started with, as its rollout flags made it. */
  plan: RegionPlan;
  /** Every rollout flag evaluated for the request (core/flags): its variant and reason. */
  flags: ReadonlyArray<{ key: string; variant?: string; reason: string; errorCode?: string }>;
  /** The context those flags were evaluated with. */
  flagContext: Readonly<FlagContext>;
  locale: LocaleInfo;
  langPrefix: string;
  path: string;
  query: Record<string, string>;
  cookies: ServerCookieJar;
  env: ShellEnv;
  activation: Activation;
  monitor: Monitor;
  route: HostRoute;
  params: Record<string, string>;
  loaderData: Record<string, unknown>;
  i18n: i18n;
  /** The shell's and the active plugins' namespaces: all inlined into the page. */
  namespaces: readonly string[];
  devPort: string | null;
  /** Set when a guard redirects. */
  redirect?: string;
  /** Slot entries whose lazy views the server renders (the browser preloads them before hydrating). */
  views: string[];
  /** Slot entries the first render shows (every slot but the queues): the browser's slots hydrate with these. */
  shown: string[];
  /** The plugins whose code the first render needs (the browser activates the others after hydrating). */
  firstRender: string[];
  /** The active plugins the browser neither loads nor activates on this page (`inBrowser`). */
  serverOnly: string[];
  /** Source modules of the lazy page and views rendered (their client chunks go in the page's modulepreload links). */
  viewSources: string[];
  /** Source modules of the lazy views rendered in deferred slots (their CSS is inlined; their code is not named). */
  deferredViewSources: string[];
  dispose(): void;
}
