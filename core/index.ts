/** The public, browser-safe API of the shell core for plugin authors. */
export { definePlugin, loader, PluginError, MODAL_LEVEL, defineSlot, defineMenu } from './plugin';
export { createServiceRef, createStreamRef, createLoaderRef, createPluginRef, inject, injectable, type PluginRef } from './plugin/refs';
export { DELIVERY_DEFAULTS, type Delivery } from './plugin/delivery';
export { SHELL_ENV, HTTP, COOKIES, BUS, SERVICES, optionsRefOf } from './di/tokens';
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
} from './plugin';
export type { RegionConfig, RegionKey } from './config/region';
export type * from './data/types';
export { API } from './data/loaders';
export type { AccountData, AccountKey } from './data/account';
export { conform, isPlain } from './data/conform';
export { getApiData } from './data/api';
export { coinCount, coinCountText, coinCountValues, DEFAULT_COIN_COUNT } from './data/coin-count';
export { isLoggedIn } from './data/rules';
export type { HttpClient } from './http/client';
export type { CookieJar, CookieOptions } from './util/cookies';
export { localStore, dailyCounter, sameLocalDay } from './util/storage';
export { localDb, LOCAL_DB_NAME, LOCAL_DB_TABLE, LOCAL_DB_VERSION, LOCAL_DB_FALLBACK_PREFIX, type LocalDbBackend } from './util/local-db';
export { formatNumber } from './util/format';
export { KYC_LEVELS, KYC_STATUS, HIGH_KYC_LIMIT, isNotKycVerified, isKyc2Complete, kycStatusNote, type KycStatusNote } from './util/kyc';
export { isMenuItemHidden, conditionP, withComplianceFlags, visibleMenu, type MenuNode, type CodedMenuNode, type MenuHideOptions } from './util/menu';
export { maskData, maskString } from './util/mask';
export { safeLink, safePath, safeTarget } from './util/links';
export { copyText } from './util/clipboard';
export { MOBILE_BREAKPOINT, type Viewport } from './state/shell-state';
export type { ShellBus, ShellEvents } from './state/bus';
export { riseClass, type LocaleInfo } from './i18n/locales';
export {
  useShell,
  usePlugin,
  usePluginT,
  useNamespaceT,
  useObservable,
  useShellData,
  useLoaderData,
  useService,
  useOptionalService,
  useStream,
} from './react/context';
export { Dialog, type DialogProps } from './react/ui/Dialog';
export { SafeHtml, stripTags } from './react/ui/SafeHtml';
// QrCode is imported from './react/ui/QrCode' directly: through this barrel its encoder (8 KB gz) would join the core
// chunk every page loads.
export { CoinIcon, type CoinIconProps } from './react/ui/CoinIcon';
export { coinIconUrl, coinIconVersion, COIN_ICON_DEFAULTS, DEFAULT_COIN_ICON } from './util/coin-icon';
export { trapTab, firstFocusable } from './react/ui/focus-trap';
export { toast } from './react/ui/toast';
export { localePath, sitePath, langPrefixFor, isDocumentPath, isUnprefixedPath, resetLocaleOf, type PrefixRule } from './router/paths';
export { bindView, lazyPage, lazyView, type LazyPage, type LazyView } from './react/lazy-page';
export { entryWhileSet } from './react/subject-entry';
export { SideMenuLayout, type SideMenuItem, type SideMenuLayoutProps } from './react/layouts/SideMenuLayout';
export { AccountLayout } from './react/layouts/AccountLayout';
export { TradeLayout } from './react/layouts/TradeLayout';
export { useViewport } from './react/layouts/use-viewport';
export { MenuIcon } from './react/layouts/MenuIcon';
export { matchPath } from './router/match';
export { AmountInput, normalizeAmount, onBlurAmount, AMOUNT_MAX_DEFAULT, type AmountRules } from './react/ui/AmountInput';
