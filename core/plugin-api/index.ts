/**
 * The plugin API: the one core module a plugin imports (lint: `layering/boundaries`). Definitions and refs, the
 * context and environment types, the React hooks, lazy views, the core data and its contracts, links and paths, the
 * storage and sanitizing the platform provides. Browser-safe. UI pieces, layouts and exchange-domain helpers are the
 * kit's (`kit/`); test helpers are `core/plugin-api/testing`, the fake exchange's kit `core/plugin-api/fake-api`.
 */
export { definePlugin, loader, PluginError, MODAL_LEVEL, defineSlot, defineMenu } from '../plugin';
export { createServiceRef, createStreamRef, createLoaderRef, createPluginRef, inject, injectable, type PluginRef } from '../plugin/refs';
export { DELIVERY_DEFAULTS, type Delivery } from '../plugin/delivery';
export { SHELL_ENV, HTTP, COOKIES, BUS, SERVICES, optionsRefOf } from '../di/tokens';
export type {
  PluginDefinition,
  PluginSpec,
  PluginDependency,
  PluginContext,
  ServiceReader,
  ShellEnv,
  SlotItem,
  SlotItemProps,
  SlotName,
  SlotPolicy,
  SlotDeclaration,
  MenuName,
  MenuDeclaration,
  PoliciesOf,
  NamesOf,
  RouteDef,
  MenuEntryDef,
  SlotEntryDef,
  RouteProps,
  Guard,
  GuardInput,
  LoaderDef,
  LoaderInput,
  CspSources,
  FramedEntry,
  CspSourceKind,
} from '../plugin';
export type { SlotPolicies, MenuNames } from '../plugin/slots';
export type { SiteFacts, RegionKey } from '../config/region';
export type * from '../data/types';
export { API } from '../data/loaders';
export { FIGURE_FAILED } from '../data/account';
export { loadAccountFigure } from '../data/account-load';
export type { AccountData, AccountKey } from '../data/account';
export { conform, isPlain } from '../data/conform';
export { getApiData } from '../data/api';
export { isLoggedIn } from '../data/rules';
export type { HttpClient } from '../http/client';
export type { CookieJar, CookieOptions } from '../util/cookies';
export { localStore, dailyCounter, sameLocalDay } from '../util/storage';
export { localDb, LOCAL_DB_NAME, LOCAL_DB_TABLE, LOCAL_DB_VERSION, LOCAL_DB_FALLBACK_PREFIX, type LocalDbBackend } from '../util/local-db';
export { maskData, maskString } from '../util/mask';
export { safeLink, safePath, safeTarget } from '../util/links';
export { MOBILE_BREAKPOINT, type Viewport } from '../state/shell-state';
export type { ShellBus, ShellEvents } from '../state/bus';
export { riseClass, localeInfo, i18nTag, type LocaleInfo } from '../i18n/locales';
export { coinIconUrl, coinIconVersion, isVersionedCoin, msToNextHour, COIN_ICON_DEFAULTS, DEFAULT_COIN_ICON } from '../util/coin-icon';
export { sanitizeHtml, sanitizedNow, stripTags } from '../util/sanitize';
export {
  useShell,
  useIsActive,
  usePlugin,
  usePluginT,
  useNamespaceT,
  useObservable,
  useShellData,
  useLoaderData,
  useService,
  useOptionalService,
  useStream,
} from '../react/context';
export { localePath, sitePath, langPrefixFor, isDocumentPath, isUnprefixedPath, resetLocaleOf, type PrefixRule } from '../router/paths';
export { bindView, lazyPage, lazyView, type LazyPage, type LazyView } from '../react/lazy-page';
export { PerRequest, PerUser } from '../react/per-request';
export { entryWhileSet } from '../react/subject-entry';
export { derived } from '../state/derived';
export { matchPath } from '../router/match';
export { reloadOnceOnMissingChunk } from '../react/chunk-reload';
export type { MenuEntry } from '../registry/activate';
