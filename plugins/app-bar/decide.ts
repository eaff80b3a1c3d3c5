import type { DownloadLinks } from '../../core/plugin-api';

/** Spec 000 §2: paths (without locale prefix) where the app-download bar never shows. */
export const HIDDEN_PREFIXES = [
  '/login',
  '/signup',
  '/vip',
  '/trade',
  '/futures-delivery',
  '/options',
  '/alpha',
  '/futures',
  '/appdownload',
  '/myaccount/profile/passkey-manager',
  '/myaccount/profile/security_device',
  '/myaccount/profile/sub-account-manage',
  '/converter',
  '/price/',
  '/asset-management',
] as const;

/** Everything the bar's visibility depends on (spec 000 §4). */
export interface AppBarInput {
  /** False on the server and before hydration: the bar needs the real viewport. */
  hydrated: boolean;
  isMobileWidth: boolean;
  inApp: boolean;
  /** Path without the locale prefix. */
  path: string;
  isUkLimit: boolean;
  /** User info `flag` (spec 000 §3): a user the back end flags (non-zero) never sees the bar. */
  userFlag: number;
  /** The visitor closed the bar (the close control's cookie). */
  closed: boolean;
  /** The site's store/download page (option `storePath`): the bar never shows there. */
  storePath: string;
  country: number;
  verified: number;
  /** Countries whose verified users never see the bar (option `verifiedHiddenCountries`). */
  verifiedHiddenCountries?: readonly number[];
  /** Extra hidden prefixes from the plugin options. */
  extraHiddenPrefixes?: readonly string[];
}

/** Whether a path starts with one of the hidden prefixes. */
export function isHiddenPath(path: string, extra: readonly string[] = []): boolean {
  return [...HIDDEN_PREFIXES, ...extra].some((p) => path.startsWith(p));
}

/**
 * Spec 000 §4: the app-download bar shows only when every condition holds. The site switch hiddenAppDownload (§3)
 * is the plugin's presence: where it is left out, nothing asks.
 */
export function shouldShowAppBar(i: AppBarInput): boolean {
  if (!i.hydrated || !i.isMobileWidth || i.inApp || i.isUkLimit || i.closed) return false;
  if (Number(i.userFlag) !== 0 && Number.isFinite(Number(i.userFlag))) return false;
  // The site's own store page too (/mobileapp on Turkey, the counterpart of /appdownload).
  if (isHiddenPath(i.path, [...(i.extraHiddenPrefixes ?? []), i.storePath])) return false;
  if (i.verified > 0 && (i.verifiedHiddenCountries ?? []).includes(i.country)) return false;
  return true;
}

/** The store/download page when the plugin's options are not at hand (the option's default, spec 000 §2). */
export const DEFAULT_STORE_PATH = '/appdownload';

/** The download-links page key of a path: its first segment when the config has it, else 'home'. */
export function pageKeyOf(path: string, links: DownloadLinks): string {
  const first = path.split('/')[1] ?? '';
  return first && Object.prototype.hasOwnProperty.call(links, first) ? first : 'home';
}

/**
 * The app link of a page from the download-links config: the h5 (mobile) or web entry, the China APK for
 * Chinese, the overseas one otherwise. Only https links are followed; null when there is none.
 */
export function appLinkFor(links: DownloadLinks, path: string, lng: string, kind: 'h5' | 'web' = 'h5'): string | null {
  const page = links[pageKeyOf(path, links)] ?? links.home;
  const entry = page?.[kind] ?? page?.h5 ?? page?.web;
  if (!entry) return null;
  const raw = lng === 'zh' ? entry.china_apk || entry.overseas_apk : entry.overseas_apk || entry.china_apk;
  return isHttpsUrl(raw) ? raw : null;
}

function isHttpsUrl(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  try {
    return new URL(raw).protocol === 'https:';
  } catch {
    return false;
  }
}
