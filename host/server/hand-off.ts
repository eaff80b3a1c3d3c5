import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RegionConfig } from '../../core/config/region';
import { backendHeaders, type ClientInfo } from './client-info';
import { sendErrorPage, type ErrorPageTexts } from './error-page';
import { pathProblem } from './proxy-rules';
import { withLangCookie } from './backend-scope';
import { setErrorPageHeaders } from './security';

/**
 * A request for a page another app serves (`otherApps.paths`), after the locale rules and the guards let it through.
 * The shell renders nothing for it; the answer is one of:
 * - `redirect`: a 307 to the same path and query at `otherApps.origin` (never elsewhere: the origin is the
 *   operator's, the path and query the request's, and the result is checked to be on that origin);
 * - `fake-app`: with the embedded fake API, its placeholder page of the other app (the demo never dead-ends);
 * - `unavailable`: a 503 error page (the load balancer should have sent the path to its app; crawlers keep the page);
 * - `refused`: a 400 for a path no app should get (encoded slashes or `%`, dot segments, control characters).
 */
export type HandOff = { kind: 'redirect'; location: string } | { kind: 'fake-app' } | { kind: 'unavailable' } | { kind: 'refused'; reason: string };

/** How a request for another app's page is answered: `pathname` and `search` as the request's URL has them. */
export function handOffOf(region: Pick<RegionConfig, 'otherApps'>, pathname: string, search: string, fakeApi: boolean): HandOff {
  const problem = pathProblem(pathname);
  if (problem) return { kind: 'refused', reason: `the path is refused: ${problem}` };
  const origin = region.otherApps?.origin;
  if (origin) {
    const target = new URL(`${pathname}${search}`, origin);
    if (target.origin !== new URL(origin).origin) return { kind: 'refused', reason: 'the path does not stay on the configured origin' };
    return { kind: 'redirect', location: target.href };
  }
  return fakeApi ? { kind: 'fake-app' } : { kind: 'unavailable' };
}

/** Largest placeholder page relayed from the fake API. */
const FAKE_PAGE_LIMIT = 256 * 1024;
const FAKE_PAGE_TIMEOUT_MS = 20_000;
/** `region|prefix` pairs already logged as unavailable (one line per process each: a misrouting shows once). */
const loggedUnavailable = new Set<string>();

export interface HandOffRequest {
  region: RegionConfig;
  /** The `otherApps.paths` entry the path falls under. */
  prefix: string;
  url: URL;
  client: ClientInfo;
  /** The page's locale code: the fake app page is worded in it. */
  locale: string;
  /** Set-Cookie values the page request made (the `lang` cookie). */
  setCookies: readonly string[];
  https: boolean;
  apiOrigin: string;
  fakeApi: boolean;
  errorTexts: ErrorPageTexts;
  log: (message: string) => void;
}

/** Answers a request for another app's page (`handOffOf`); the shell renders nothing for it. */
export async function sendHandOff(req: IncomingMessage, res: ServerResponse, h: HandOffRequest): Promise<void> {
  const decision = handOffOf(h.region, h.url.pathname, h.url.search, h.fakeApi);
  const start = (status: number) => {
    res.statusCode = status;
    res.setHeader('Cache-Control', 'private, no-store');
    setErrorPageHeaders(res, h.https);
    if (h.setCookies.length) res.setHeader('Set-Cookie', [...h.setCookies]);
  };
  if (decision.kind === 'refused') {
    start(400);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    return void res.end(`${decision.reason}\n`);
  }
  if (decision.kind === 'redirect') {
    start(307);
    res.setHeader('Location', decision.location);
    return void res.end();
  }
  if (decision.kind === 'unavailable') {
    const key = `${h.region.key}|${h.prefix}`;
    if (!loggedUnavailable.has(key) && loggedUnavailable.size < 1024) {
      loggedUnavailable.add(key);
      h.log(
        `[hand-off] ${h.prefix} (region ${h.region.key}) is another app's: answered 503; route it to that app at the load balancer, or set otherApps.origin in region-configs/${h.region.key}.json`,
      );
    }
    if (h.setCookies.length) res.setHeader('Set-Cookie', [...h.setCookies]);
    return sendErrorPage(res, h.https, h.errorTexts, 503);
  }
  await relayFakeAppPage(req, res, h, start);
}

/** The fake API's placeholder page of the other app, relayed with the shell's own headers (nothing in it runs). */
async function relayFakeAppPage(req: IncomingMessage, res: ServerResponse, h: HandOffRequest, start: (status: number) => void): Promise<void> {
  let status: number;
  let body: string;
  let type: string;
  try {
    const reply = await fetch(new URL(`${h.url.pathname}${h.url.search}`, h.apiOrigin), {
      headers: {
        ...backendHeaders(h.client, req.headers.host),
        cookie: withLangCookie(req.headers.cookie ?? '', h.locale),
        'accept-language': String(req.headers['accept-language'] ?? ''),
      },
      redirect: 'manual',
      signal: AbortSignal.timeout(FAKE_PAGE_TIMEOUT_MS),
    });
    body = await reply.text();
    if (body.length > FAKE_PAGE_LIMIT) throw new Error(`a page of ${body.length} characters`);
    status = reply.status;
    type = (reply.headers.get('content-type') ?? '').startsWith('text/html') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
  } catch (err) {
    h.log(`[hand-off] ${h.url.pathname}: the fake API's app page failed: ${(err as Error)?.message ?? err}`);
    status = 502;
    body = 'bad gateway\n';
    type = 'text/plain; charset=utf-8';
  }
  start(status);
  res.setHeader('Content-Type', type);
  res.end(req.method === 'HEAD' ? undefined : body);
}
