import { matchPath } from '../../core/plugin-api';
import type { NativeParams } from './bridge';
import { VERSION_GATES, type GatedFeature } from './gates';

/** A site route that opens a gated native page inside the app (option `gatedRoutes`). */
export interface GatedRoute {
  /** Route pattern without the language prefix, e.g. '/alpha/:token'. */
  path: string;
  feature: GatedFeature;
  /** Native page id; the route's parameters become its parameters. */
  page: string;
}

/** What a same-site link asks for inside the app: a gated native page, the native KYC route, or nothing. */
export type NativeTarget = { kind: 'gated'; feature: GatedFeature; page: string; params: NativeParams } | { kind: 'kyc'; params: NativeParams } | null;

/** Spec 001 §2 routes of the gated features: /alpha, /alpha/{token}, /pilot. */
export const DEFAULT_GATED_ROUTES: GatedRoute[] = [
  { path: '/alpha', feature: 'alpha', page: 'alpha' },
  { path: '/alpha/:token', feature: 'alpha', page: 'alpha' },
  { path: '/pilot', feature: 'pilot', page: 'pilot' },
];

/** Spec 001 §2 KYC pages: a link to one of them is a KYC entry point. */
export const DEFAULT_KYC_ROUTES = ['/myaccount/kyc_home', '/myaccount/kyc2', '/myaccount/kyc3_v1'];

/** The site path of a link, without the page's language prefix; null for other origins or non-http links. */
export function sitePathOf(href: string, origin: string, langPrefix: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  let path = url.pathname.replace(/\/+$/, '') || '/';
  if (langPrefix && (path === langPrefix || path.startsWith(`${langPrefix}/`))) path = path.slice(langPrefix.length) || '/';
  return path;
}

/** The native target of a site path (pure): gated routes first, then the KYC pages (with `step`: the page name). */
export function nativeTargetOf(path: string, routes: { gated: readonly GatedRoute[]; kyc: readonly string[] }): NativeTarget {
  for (const route of routes.gated) {
    if (!Object.prototype.hasOwnProperty.call(VERSION_GATES, route.feature)) continue;
    const params = matchPath(route.path, path);
    if (params) return { kind: 'gated', feature: route.feature, page: route.page, params };
  }
  const kyc = routes.kyc.find((p) => p === path);
  return kyc ? { kind: 'kyc', params: { step: kyc.slice(kyc.lastIndexOf('/') + 1) } } : null;
}
