import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderToPipeableStream, resumeToPipeableStream, type PipeableStream } from 'react-dom/server';
import type { ServerCookieJar } from '../../core/util/cookies';
import { App } from '../app/App';
import { BOOT_SCRIPT, serializeBootParts, type BootState } from '../app/boot';
import { EARLY_CLICKS_SCRIPT } from '../app/early-clicks';
import { metaDescription } from './meta-description';
import { heldLinksScriptOf } from './held-links';
import { keptHeadLinks } from '../routing/head';
import { headOg } from './head-og';
import { pathFor, resolveLocale } from '../routing/locale';
import type { ServerApp, SiteVersion } from './app-context';
import { createRequestScope, everyUsersData, prerenderEnvOf, type RequestScope, type ScopeInput } from './request-scope';
import type { RequestEnv } from '../../core/request/build-request-env';
import type { ReactNode } from 'react';
import type { Monitor } from '../../core/util/monitoring';
import { everyUsersLoaderData } from '../../core/react/postpone';
import { boundedPageRequest } from '../app/resolve-route';
import { safeTarget } from '../../core/util/links';
import type { ClientInfo } from './client-info';
import { newNonce, setSecurityHeaders, type PageSecurity } from './security';
import { sendErrorPage } from './error-page';
import { sendHandOff } from './hand-off';
import { otherAppPrefix } from '../../core/router/other-apps';
import { PageSender, styleSafe, type PageToSend } from './page-send';
import { prerenderPage, REVEAL_SCRIPT } from './prerender';
import type { ShellRuntime } from '../../core/react/context';
import type { RegionConfig } from '../../core/config/region';
import { pageSecurityOf } from './request-flags';

export { sendErrorPage };

const LANG_COOKIE_MAX_AGE = 365 * 86400;

/** What a page's security headers depend on: the region's policy and whether the request came over HTTPS. */
interface HeaderContext {
  security: PageSecurity;
  https: boolean;
}

/** The request as the page handler resolved it: its site version, region, locale, path and cookies. */
interface PageRequest {
  site: SiteVersion;
  region: RegionConfig;
  hc: HeaderContext;
  sender: PageSender;
  cookies: ServerCookieJar;
  locale: string;
  langPrefix: string;
  /** The path without its locale prefix, as the request sent it, and bounded for the page. */
  rawPath: string;
  path: string;
  query: Record<string, string>;
  /** The request's URL as parsed (its path keeps the locale prefix). */
  url: URL;
}

/** Answers one page request: resolve (region, locale), the request scope (activate, guard, load), render, send. */
export async function handlePage(app: ServerApp, req: IncomingMessage, res: ServerResponse, client: ClientInfo): Promise<void> {
  const resolved = resolvePageRequest(app, req, res, client);
  if (!resolved) return;
  const { site, region, locale, langPrefix, path, query, cookies, hc } = resolved;
  // Another app's page: the guards decide as for any page, then the request is handed off (hand-off.ts).
  const otherApp = otherAppPrefix(region.otherApps?.paths, path);
  const input: ScopeInput = { site, client, region, locale, langPrefix, path, query, cookies, handOff: otherApp !== null };
  const scope = await createRequestScope(app, req, input);
  // The client may have gone while the scope was loading: nothing to render for, and no 'close' event to come.
  if (res.closed || res.destroyed) return scope.dispose();
  if (scope.redirect) {
    scope.dispose();
    return redirect(res, pathFor(region, locale, scope.redirect), pathFor(region, locale, '/'), cookies, hc);
  }
  if (otherApp !== null) {
    scope.dispose();
    return sendHandOff(req, res, {
      region,
      prefix: otherApp,
      url: resolved.url,
      client,
      locale,
      setCookies: cookies.setCookieHeaders,
      https: hc.https,
      apiOrigin: app.apiOrigin(),
      fakeApi: app.fakeApi,
      errorTexts: app.translations.errorTexts(locale),
      log: app.log,
    });
  }
  res.once('close', () => scope.dispose());
  await resolved.sender.send(
    res,
    renderPage(app, res, resolved, scope, () => prerenderEnvOf(app, req, input, scope)),
  );
}

/** Resolve: region, cookies and locale; answers the locale's redirect itself (then gives nothing). */
function resolvePageRequest(app: ServerApp, req: IncomingMessage, res: ServerResponse, client: ClientInfo): PageRequest | null {
  const url = requestUrl(req.url);
  const site = app.site();
  const region = site.regions.forHost(req.headers.host);
  const https = client.proto === 'https';
  const sender = new PageSender(site, req.headers.cookie, https);
  const cookies = sender.cookies;
  const hc: HeaderContext = { security: site.security.get(region.key), https };
  const loc = resolveLocale(region, url.pathname, url.search, cookies.get('lang'));
  if (loc.kind === 'redirect') {
    if (loc.resetLang) cookies.set('lang', loc.resetLang, { maxAge: LANG_COOKIE_MAX_AGE });
    redirect(res, loc.location, pathFor(region, loc.resetLang ?? region.defaultLang, '/'), cookies, hc);
    return null;
  }
  if (loc.setLang) cookies.set('lang', loc.setLang, { maxAge: LANG_COOKIE_MAX_AGE });
  // Route resolution's bounds on what the page echoes of the request (an over-long path is the 404 page's).
  const { path, query } = boundedPageRequest(loc.path, url.searchParams);
  return { site, region, hc, sender, cookies, locale: loc.locale, langPrefix: loc.langPrefix, rawPath: loc.path, path, query, url };
}

/** Render: the page's boot state, head and React tree, as the sender streams (or prerenders and resumes) them. */
function renderPage(app: ServerApp, res: ServerResponse, pr: PageRequest, scope: RequestScope, everyUsersEnv: () => Promise<RequestEnv>): PageToSend {
  // The plugins the browser skips on this page (`serverOnly`) show nothing there: their CSS would style nothing.
  const inBrowser = scope.activation.active.filter((id) => !scope.serverOnly.includes(id));
  const assets = app.assets.forPage(inBrowser, {
    views: scope.viewSources,
    deferredViews: scope.deferredViewSources,
    firstRender: scope.firstRender,
  });
  const boot = bootStateOf(app, pr, scope, assets);
  const inlineCss = assets.css === undefined ? undefined : styleSafe(assets.css);
  const nonce = newNonce();
  // The boot state goes in two data blocks at the page's end (App); the start script reads them, after starting the
  // early-click recorder (before the large boot state is parsed).
  const bootParts = serializeBootParts(boot);
  const heldLinks = heldLinksScriptOf(boot.plan, pr.region, app.catalogue.definitions, app.log);
  const start = { script: `${REVEAL_SCRIPT}${EARLY_CLICKS_SCRIPT}${heldLinks}${BOOT_SCRIPT}`, entry: assets.entry };
  const runtime: ShellRuntime = { env: scope.env, activation: scope.activation, loaderData: scope.loaderData, monitor: scope.monitor };
  const page = (r: ShellRuntime, b = boot) => (
    <App runtime={r} boot={b} bootParts={bootParts} start={start} nonce={nonce} i18n={scope.i18n} inlineCss={inlineCss} />
  );
  // A logged-in page is prerendered for every user of its key: from their core data and loaders' data (without the
  // user and what is theirs), in its own environment, and kept by its boot state as that prerender sees it.
  const usersBoot = scope.env.state.data.user.isLogin
    ? { ...boot, data: everyUsersData(scope.env.state.data), loaderData: everyUsersLoaderData(scope.activation, scope.loaderData) }
    : null;
  // Data and view code are loaded before the render, so nothing suspends; React would still outline a boundary past
  // 12.8 KB (the trade page) and reveal it a frame later, and the footer painted in between would move (layout
  // shift). Without that the first paint is the final one. React puts the nonce on its own inline scripts.
  const options = { progressiveChunkSize: Number.POSITIVE_INFINITY, nonce };
  return {
    boot: bootParts,
    key: () => (usersBoot ? serializeBootParts(usersBoot) : bootParts),
    inlineCss,
    nonce,
    ownPartsOnly: usersBoot === null,
    start() {
      res.statusCode = boot.status;
      setPageHeaders(res, pr.cookies, { ...pr.hc, security: pageSecurityOf(app, pr.site, pr.region, scope.plan) }, nonce);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
    },
    render: (events) => renderToPipeableStream(page(runtime), { ...options, ...events }),
    // A visitor's page is made of what its key holds: prerendered with the request's own runtime.
    prerender: usersBoot
      ? () => prerenderForEveryUser(everyUsersEnv, usersBoot.loaderData, scope.monitor, (r) => page(r, usersBoot))
      : () => prerenderPage(page({ ...runtime, prerender: 'visitor' })),
    // React 19.3's Node build gives the stream itself (its types say a promise of it).
    resume: (postponed, events) => resumeToPipeableStream(page(runtime), postponed, { nonce, ...events }) as unknown as PipeableStream,
    onShellError(err) {
      app.log(`[ssr] shell failed: ${(err as Error)?.stack ?? String(err)}`);
      sendErrorPage(res, pr.hc.https, app.translations.errorTexts(scope.locale.code));
    },
    onError(err) {
      scope.monitor.captureError(err, { phase: 'ssr', path: pr.rawPath });
      app.log(`[ssr] ${(err as Error)?.message ?? err}`);
    },
  };
}

/** Prerenders a logged-in page in an environment of its own (prerenderEnvOf), disposed of once done. */
async function prerenderForEveryUser(
  envOf: () => Promise<RequestEnv>,
  loaderData: Record<string, unknown>,
  monitor: Monitor,
  page: (r: ShellRuntime) => ReactNode,
) {
  const built = await envOf();
  try {
    return await prerenderPage(page({ env: built.env, activation: built.activation, loaderData, monitor, prerender: 'user' }));
  } finally {
    built.dispose();
  }
}

/** Where the browser loads a namespace a later view adds: the CDN, then the site itself. */
const LOAD_PATHS = Object.freeze(['/cdn/locales/{{lng}}/{{ns}}.json', '/locales/{{lng}}/{{ns}}.json']);

/** Everything the browser needs to hydrate the page (`window.__SHELL__`). */
function bootStateOf(app: ServerApp, pr: PageRequest, scope: RequestScope, assets: ReturnType<ServerApp['assets']['forPage']>): BootState {
  const { region, site, locale, path, query } = pr;
  const t = scope.i18n.t.bind(scope.i18n);
  const titleText = scope.route.titleKey ? t(scope.route.titleKey, { ns: scope.route.ns, site: region.name }) : region.ogSiteName;
  const links = keptHeadLinks(site.regions, { region, locale, path, origin: (key) => scope.env.regionOrigin(key), regionOf: (key) => site.regions.get(key) });
  return {
    region,
    regionDomains: site.regions.domains(),
    plan: scope.plan,
    locale,
    langPrefix: pr.langPrefix,
    route: { path, query, params: scope.params },
    data: scope.env.state.data,
    loaderData: scope.loaderData,
    views: scope.views,
    shown: scope.shown,
    firstRender: scope.firstRender,
    serverOnly: scope.serverOnly,
    menus: scope.activation.menus,
    i18n: {
      // Every namespace the page uses (its language and English): hydration needs no translation request and the
      // browser loads i18next's http backends only for a namespace a later view adds.
      inline: app.translations.inline(scope.locale.lng, scope.namespaces),
      namespaces: scope.namespaces,
      loadPaths: LOAD_PATHS,
    },
    viewportWidth: scope.env.state.viewport$.value.width,
    inApp: scope.env.state.inApp,
    mobileAgent: scope.env.state.mobileAgent,
    theme: pr.cookies.get('theme') === 'dark' ? 'dark' : 'light',
    status: scope.route.status ?? 200,
    head: {
      title: titleText === region.ogSiteName ? titleText : `${titleText} | ${region.ogSiteName}`,
      description: metaDescription(scope.i18n, region.name, scope.env.state.data.site, scope.locale.html),
      canonical: links.canonical,
      alternates: links.alternates,
      noindex: links.noindex,
      stylesheets: assets.stylesheets,
      inlineCss: assets.css !== undefined,
      modulepreload: assets.modulepreload,
      og: headOg(scope.activation.loaders, scope.loaderData, { region, origin: scope.env.regionOrigin(region.key), monitor: scope.monitor }),
    },
    backend: scope.env.backend,
    devPort: scope.devPort,
  };
}

/** Caching, security (the policy with `nonce`; none on a redirect) and the cookies set. */
function setPageHeaders(res: ServerResponse, cookies: ServerCookieJar, hc: HeaderContext, nonce?: string) {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Vary', 'Cookie, Host');
  setSecurityHeaders(res, hc.security, hc.https, nonce);
  if (cookies.setCookieHeaders.length) res.setHeader('Set-Cookie', cookies.setCookieHeaders);
}

/**
 * The request target as a URL whose path is the one sent: an origin-form target (`/…`) is read as a path even when
 * it starts with `//` or `/\` (which `new URL(target, base)` would take for a host); an absolute-form one as it is.
 */
function requestUrl(target: string | undefined): URL {
  const raw = target ?? '/';
  try {
    return /^[/\\]/.test(raw) ? new URL(`http://localhost${raw}`) : new URL(raw, 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

/** A 302 to `location` made a same-site path (`safeTarget`: never `//…` nor `/\…`), else to `home`. */
function redirect(res: ServerResponse, location: string, home: string, cookies: ServerCookieJar, hc: HeaderContext) {
  res.statusCode = 302;
  setPageHeaders(res, cookies, hc);
  res.setHeader('Location', safeTarget(location, home));
  res.end();
}
