import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerCookieJar } from '../../core/util/cookies';
import { App } from '../app/App';
import { BOOT_SCRIPT, serializeBootParts, type BootState } from '../app/boot';
import { EARLY_CLICKS_SCRIPT } from '../app/early-clicks';
import { coinCount } from '../app/coin-count';
import { heldLinksScriptOf } from './held-links';
import { headLinks } from '../routing/head';
import { pathFor, resolveLocale } from '../routing/locale';
import type { ServerApp } from './app-context';
import { createRequestScope, type RequestScope } from './request-scope';
import { boundedPageRequest } from '../app/resolve-route';
import { safeLink, safeTarget } from '../../core/util/links';
import type { ClientInfo } from './client-info';
import { newNonce, setSecurityHeaders, type PageSecurity } from './security';
import { sendErrorPage } from './error-page';
import { pageReuse } from './metrics';

export { sendErrorPage };

const LANG_COOKIE_MAX_AGE = 365 * 86400;
/** A page still streaming this long after its data is ready is cut off (the server deadline plus a margin). */
const RENDER_ABORT_MS = 25_000;
const SECURE_COOKIES = { secure: true } as const;

/** What a page's security headers depend on: the region's policy and whether the request came over HTTPS. */
interface HeaderContext {
  security: PageSecurity;
  https: boolean;
}

/** Answers one page request: locale routing, the request scope, guards, then streaming SSR. */
export async function handlePage(app: ServerApp, req: IncomingMessage, res: ServerResponse, client: ClientInfo): Promise<void> {
  const url = requestUrl(req.url);
  const site = app.site();
  const region = site.regions.forHost(req.headers.host);
  const https = client.proto === 'https';
  const cookies = new ServerCookieJar(req.headers.cookie, https ? SECURE_COOKIES : undefined);
  const hc: HeaderContext = { security: site.security.get(region.key), https };
  const loc = resolveLocale(region, url.pathname, url.search, cookies.get('lang'));
  if (loc.kind === 'redirect') {
    if (loc.resetLang) cookies.set('lang', loc.resetLang, { maxAge: LANG_COOKIE_MAX_AGE });
    return redirect(res, loc.location, pathFor(region, loc.resetLang ?? region.defaultLang, '/'), cookies, hc);
  }
  if (loc.setLang) cookies.set('lang', loc.setLang, { maxAge: LANG_COOKIE_MAX_AGE });

  // Route resolution's bounds on what the page echoes of the request (an over-long path is the 404 page's).
  const { path, query } = boundedPageRequest(loc.path, url.searchParams);
  const scope = await createRequestScope(app, req, { site, client, region, locale: loc.locale, langPrefix: loc.langPrefix, path, query, cookies });
  // The client may have gone while the scope was loading: nothing to render for, and no 'close' event to come.
  if (res.closed || res.destroyed) return scope.dispose();
  if (scope.redirect) {
    scope.dispose();
    return redirect(res, pathFor(region, loc.locale, scope.redirect), pathFor(region, loc.locale, '/'), cookies, hc);
  }
  res.once('close', () => scope.dispose());

  const status = scope.route.status ?? 200;
  const assets = app.assets.forPage(scope.activation.active, scope.viewSources, scope.firstRender);
  const t = scope.i18n.t.bind(scope.i18n);
  const titleText = scope.route.titleKey ? t(scope.route.titleKey, { ns: scope.route.ns, site: region.name }) : region.ogSiteName;
  const links = headLinks({ region, locale: loc.locale, path, origin: (key) => scope.env.regionOrigin(key), turkeyRegion: site.regions.get('tr') });
  const boot: BootState = {
    region,
    regionDomains: site.regions.domains(),
    plan: scope.plan,
    locale: loc.locale,
    langPrefix: loc.langPrefix,
    route: { path, query, params: scope.params },
    data: scope.data,
    loaderData: scope.loaderData,
    views: scope.views,
    firstRender: scope.firstRender,
    serverOnly: scope.serverOnly,
    menus: scope.activation.menus,
    i18n: {
      // Every namespace the page uses (its language and English): hydration needs no translation request and the
      // browser loads i18next's http backends only for a namespace a later view adds.
      inline: app.translations.inline(scope.locale.lng, scope.namespaces),
      namespaces: scope.namespaces,
      loadPaths: ['/cdn/locales/{{lng}}/{{ns}}.json', '/locales/{{lng}}/{{ns}}.json'],
    },
    viewportWidth: scope.env.state.viewport$.value.width,
    inApp: scope.env.state.inApp,
    mobileAgent: scope.env.state.mobileAgent,
    theme: cookies.get('theme') === 'dark' ? 'dark' : 'light',
    status,
    head: {
      title: titleText === region.ogSiteName ? titleText : `${titleText} | ${region.ogSiteName}`,
      description: t('meta.description', { ns: 'shell', site: region.name, count: coinCount(scope.data.site) }),
      canonical: links.canonical,
      alternates: links.alternates,
      noindex: links.noindex,
      stylesheets: assets.stylesheets,
      inlineCss: assets.css !== undefined,
      modulepreload: assets.modulepreload,
      og: headOg(scope, { site_name: region.ogSiteName, image: `${scope.env.regionOrigin(region.key)}/static/og-image.jpg` }),
    },
    backend: scope.env.backend,
    devPort: scope.devPort,
  };

  const inlineCss = assets.css === undefined ? undefined : styleSafe(assets.css);
  const nonce = newNonce();
  // The boot state goes in two data blocks at the page's end (App); the bootstrap script reads them, after starting the
  // early-click recorder (before the large boot state is parsed).
  const bootJson = serializeBootParts(boot);
  const heldLinks = heldLinksScriptOf(boot.plan, region, app.catalogue.definitions, app.log);
  const bootScript = `${EARLY_CLICKS_SCRIPT}${heldLinks}${BOOT_SCRIPT}`;
  // A visitor page: what it renders is its boot state and the cookies it reads, so the same ones give the same page.
  const reuse = scope.data.user.isLogin ? null : site.pageReuse;
  const reused = reuse?.find(bootJson, cookies, https);
  const startPage = () => {
    res.statusCode = status;
    setPageHeaders(res, cookies, hc, nonce);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
  };
  if (reused) {
    pageReuse.inc({ outcome: 'reused' });
    startPage();
    res.cork();
    res.write(reused[0]);
    for (const part of reused.slice(1)) {
      res.write(nonce);
      res.write(part);
    }
    res.end();
    res.uncork();
    return;
  }
  if (reuse) pageReuse.inc({ outcome: 'rendered' });
  let failed = false;
  const setCookies = cookies.setCookieHeaders.length;
  await new Promise<void>((resolve) => {
    // Aborts a render still streaming at the deadline; cleared as soon as the response ends, so the timer never
    // keeps a finished request's tree alive (it did: every page stayed in memory for 25 s).
    const abortTimer = setTimeout(() => stream.abort(), RENDER_ABORT_MS);
    res.once('close', () => clearTimeout(abortTimer));
    const stream = renderToPipeableStream(
      <App
        runtime={{ env: scope.env, activation: scope.activation, loaderData: scope.loaderData, monitor: scope.monitor }}
        boot={boot}
        bootParts={bootJson}
        i18n={scope.i18n}
        inlineCss={inlineCss}
      />,
      {
        // React puts the nonce on the bootstrap scripts and on its own inline streaming scripts.
        // Data and view code are loaded before the render, so nothing suspends; React would still outline a boundary
        // past 12.8 KB (the trade page) and reveal it a frame later, and the footer painted in between would move
        // (layout shift). Without that the first paint is the final one.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        nonce,
        bootstrapScriptContent: bootScript,
        bootstrapModules: [assets.entry],
        onShellReady() {
          startPage();
          // The region's boot data block and the inline CSS are the same strings on every page: sent as their bytes.
          writeAsBytes(res, inlineCss === undefined ? [bootJson.shared] : [bootJson.shared, inlineCss]);
          // The shell is written in one go: cork so its ~2 KB chunks leave in one write instead of one each.
          res.cork();
          // A page made only of what it read (no error, no cookie set by its render) is kept for reuse as sent.
          const keep = (html: Buffer) => {
            if (!failed && cookies.setCookieHeaders.length === setCookies) reuse!.store(bootJson, html, nonce, cookies, https);
          };
          stream.pipe(reuse ? copyInto(res, keep) : res);
          process.nextTick(() => res.uncork());
          resolve();
        },
        onShellError(err) {
          failed = true;
          app.log(`[ssr] shell failed: ${(err as Error)?.stack ?? String(err)}`);
          sendErrorPage(res, https, app.translations.errorTexts(scope.locale.code));
          resolve();
        },
        onError(err) {
          failed = true;
          scope.monitor.captureError(err, { phase: 'ssr', path: loc.path });
          app.log(`[ssr] ${(err as Error)?.message ?? err}`);
        },
      },
    );
  });
}

/**
 * The inline CSS as its element holds it (`</style` inside it cannot close the element): one string per text (a few
 * per build), the very one the render writes (`writeAsBytes`).
 */
const safeCss = new Map<string, string>();
function styleSafe(css: string): string {
  let safe = safeCss.get(css);
  if (safe === undefined) {
    safe = css.replace(/<\/style/gi, '<\\/style');
    if (safeCss.size >= 64) safeCss.clear();
    safeCss.set(css, safe);
  }
  return safe;
}

/** Bytes of large constant strings (a region's boot data, inline CSS), encoded once instead of on every page. */
const constantBytes = new Map<string, Buffer>();
function bytesOf(text: string): Buffer {
  let bytes = constantBytes.get(text);
  if (!bytes) {
    if (constantBytes.size >= 256) constantBytes.clear();
    constantBytes.set(text, (bytes = Buffer.from(text)));
  }
  return bytes;
}

/**
 * React writes a large string (here an element's `dangerouslySetInnerHTML`) to the response as it is, the very string
 * object: when it is one of `texts`, its bytes go instead (the same bytes, not encoded again, nor measured for the
 * chunk's length).
 */
function writeAsBytes(res: ServerResponse, texts: string[]): void {
  const pairs = texts.map((text) => [text, bytesOf(text)] as const);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this) below
  const write = res.write;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (typeof chunk === 'string')
      for (const [text, bytes] of pairs) if (chunk === text) return (write as (...a: unknown[]) => boolean).call(this, bytes, ...rest);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
}

/** A stream into `res` that also keeps what it writes, handed to `done` once the whole page has been written. */
function copyInto(res: ServerResponse, done: (html: Buffer) => void): Writable {
  const chunks: Buffer[] = [];
  const copy = new Writable({
    write(chunk: Buffer, _encoding, next) {
      chunks.push(chunk);
      if (res.write(chunk)) next();
      else res.once('drain', next);
    },
    final(next) {
      res.end();
      if (!res.destroyed) done(Buffer.concat(chunks));
      next();
    },
  });
  // React flushes its destination when it can (the compression stream's `flush`), as it would `res`.
  Object.assign(copy, { flush: () => (res as ServerResponse & { flush?: () => void }).flush?.() });
  // A client gone mid-page: React sees its destination close and stops rendering.
  res.once('close', () => copy.destroy());
  return copy;
}

/** Open-graph values: the site defaults, overridden by loaders that declare a `head` (e.g. og_show). */
function headOg(scope: RequestScope, og: { site_name: string; image: string }): { site_name: string; image: string } {
  for (const { pluginId, def } of scope.activation.loaders) {
    const value = scope.loaderData[`${pluginId}/${def.key}`];
    if (!def.head || value === undefined) continue;
    try {
      const o = def.head(value)?.og;
      if (o?.site_name?.trim()) og = { ...og, site_name: o.site_name.trim() };
      const origin = scope.env.regionOrigin(scope.region.key);
      const image = o?.image && safeLink(o.image, [new URL(origin).hostname, ...scope.region.allowedLinkHosts]);
      if (image) og = { ...og, image: image.startsWith('/') ? origin + image : image };
    } catch (err) {
      scope.monitor.captureError(err, { plugin: pluginId, phase: 'head' });
    }
  }
  return og;
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
