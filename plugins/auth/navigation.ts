import { localePath, safePath } from '../../core';

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
 * same-site only and never an auth page; otherwise the locale's home.
 */
export function returnTarget(i: ReturnInput): string {
  const home = localePath(i.langPrefix, '/');
  const fromQuery = safePath(i.redirect);
  if (fromQuery && !AUTH_PAGES.test(fromQuery)) return fromQuery;
  if (!i.referrer) return home;
  let ref: URL;
  try {
    ref = new URL(i.referrer);
  } catch {
    return home;
  }
  if (ref.origin !== i.origin) return home;
  const path = `${ref.pathname}${ref.search}${ref.hash}`;
  return AUTH_PAGES.test(path) || !safePath(path) ? home : path;
}

/** Spec 000 §3: the channel code comes from the `ch` query parameter, else the `ch` cookie. */
export function channelCode(query: Record<string, string>, cookie: string | undefined): string {
  const raw = query.ch || cookie || '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : '';
}
