import { localePath, safePath } from '../../core/plugin-api';

/** Auth pages a user is never sent back to. */
const AUTH_PAGES = /^(\/[a-z]{2}(-[a-z]+)?)?\/(login|signup)(\/|$|\?)/;

export interface ReturnInput {
  /** The `redirect` query parameter of the auth page, if any. */
  redirect?: string;
  /** document.referrer. */
  referrer: string;
  /** This page's origin. */
  origin: string;
  langPrefix: string;
}

/**
 * Where to go after logging in from the /login or /signup page: the `redirect` parameter or the referring page,
 * if it resolves to this page's origin (`safePath`) and is not an auth page; otherwise the locale's home.
 */
export function returnTarget(i: ReturnInput): string {
  const home = localePath(i.langPrefix, '/');
  const fromQuery = safePath(i.redirect, i.origin);
  if (fromQuery && !AUTH_PAGES.test(fromQuery)) return fromQuery;
  const fromReferrer = safePath(i.referrer, i.origin);
  return fromReferrer && !AUTH_PAGES.test(fromReferrer) ? fromReferrer : home;
}

/** Spec 000 §3: the channel code comes from the `ch` query parameter, else the `ch` cookie. */
export function channelCode(query: Record<string, string>, cookie: string | undefined): string {
  const raw = query.ch || cookie || '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : '';
}
