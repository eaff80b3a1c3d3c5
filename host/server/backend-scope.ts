import type { SharedReplyCache } from '../../core/http/shared-cache';
import type { ServerCookieJar } from '../../core/util/cookies';

/**
 * Shared replies are per region, language and the cookies they vary with (`varyCookies`: only those are sent with
 * them, beside the page's language).
 */
export function sharedScope(cache: SharedReplyCache, varyCookies: readonly string[], region: string, locale: string, cookies: ServerCookieJar) {
  const vary = varyCookies.flatMap((name) => {
    // What a reply makes of a cookie is in the data, which a reused page is kept by: no recorded read (page-send.ts).
    const v = cookies.peek(name);
    return v === undefined ? [] : [`${name}=${encodeURIComponent(v)}`];
  });
  return { cache, scope: `${region}|${locale}|${vary.join(';')}`, cookie: withLangCookie(vary.join('; '), locale) };
}

/**
 * The cookie header with `lang` set to the page's locale code: what the browser holds once this page arrives (the
 * page response sets it), so the back end words server-side and browser calls in the same language even on the
 * first visit or right after a language switch (core/testing/fake-api/demo-texts.ts).
 */
export function withLangCookie(header: string, code: string): string {
  const others = header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !/^lang=/.test(c));
  return [...others, `lang=${encodeURIComponent(code)}`].join('; ');
}
