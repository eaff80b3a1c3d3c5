import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { PluginCatalogue } from '../../core/registry/catalogue';
import type { RegionPlan } from '../../core/registry/plan';
import type { RegionConfig } from '../../core/config/region';
import { loadRegionConfigs } from '../../core/config/validate';
import { createFakeApi } from '../fake-api/server';
import { registerAppSingletons, type ServerApp } from './app-context';
import { AssetManifest } from './assets';
import { handlePage, sendErrorPage } from './page';
import { paths } from './paths';
import { installedPlugins, pluginFakeApis } from './plugins';
import { RegionDirectory } from './regions';
import { TranslationCatalogue } from './translations';

/** Paths that belong to the exchange API (proxied to API_ORIGIN when it is set). */
const API_PREFIXES = ['/api/', '/apiw/', '/apiweb/', '/json_svr/', '/js/tool/', '/cdn/', '/dfdid/', '/groupchat/', '/micro/', '/__mock/'];

export interface StartOptions {
  port: number;
  host?: string;
  /** Region for plain localhost (env SITE). */
  site?: string;
  /** A real back end instead of the embedded fake API (env API_ORIGIN). */
  apiOrigin?: string;
  log?: (message: string) => void;
  /** Dev harness (env SHELL_ONLY): only these plugins and what they require, enabled in every region. */
  only?: string[];
}

/** A copy of a region config whose plugin map holds just `ids` and their dependencies, all enabled. */
function isolatePlugins(config: RegionConfig, ids: string[], catalogue: PluginCatalogue): RegionConfig {
  const keep = new Set<string>();
  const add = (id: string) => {
    if (keep.has(id)) return;
    const def = catalogue.definitions.get(id);
    if (!def) throw new Error(`SHELL_ONLY names '${id}', which is not an installed plugin`);
    keep.add(id);
    def.requires?.forEach(add);
  };
  ids.forEach(add);
  return { ...config, plugins: Object.fromEntries([...keep].map((id) => [id, { options: config.plugins[id]?.options ?? {} }])) };
}

/**
 * Builds the immutable app (validated region configs, plugin catalogue, plans, translations, assets).
 * Throws with every problem listed when a region config is invalid: the server never half-starts.
 */
export function buildApp(options: Pick<StartOptions, 'site' | 'apiOrigin' | 'log' | 'only'> & { port: () => number }): ServerApp {
  const log = options.log ?? ((m: string) => console.log(m));
  const catalogue = new PluginCatalogue(installedPlugins());
  const loaded = [...loadRegionConfigs(paths.regionConfigs, catalogue, { localesDir: paths.locales }).values()];
  const configs = options.only?.length ? loaded.map((c) => isolatePlugins(c, options.only!, catalogue)) : loaded;
  const plans = new Map<string, RegionPlan>(configs.map((c) => [c.key, catalogue.plan(c)]));
  return registerAppSingletons({
    regions: new RegionDirectory(configs, options.site ?? 'main'),
    catalogue,
    plans,
    translations: new TranslationCatalogue(paths.locales, paths.plugins, log),
    assets: new AssetManifest(paths.manifest),
    apiOrigin: () => options.apiOrigin ?? `http://127.0.0.1:${options.port()}`,
    log,
  });
}

export async function startServer(options: StartOptions): Promise<{ server: Server; app: ServerApp; url: string; close: () => Promise<void> }> {
  let port = options.port;
  const app = buildApp({ ...options, port: () => port });
  const fakeApi = options.apiOrigin ? null : createFakeApi({
        modules: pluginFakeApis(),
        translations: (lng, ns) => app.translations.get(lng, ns),
        log: app.log,
        stripPrefixes: [...new Set(app.regions.all.map((c) => c.api.dataPathPrefix).filter(Boolean))],
      });
  const assets = sirv(paths.clientDist, {
    dev: false,
    etag: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : pathname === '/sw.js' ? 'no-cache' : 'public, max-age=86400');
    },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path.startsWith('/assets/') || path.startsWith('/static/') || path === '/sw.js' || path === '/favicon.ico') {
        return assets(req, res, () => notFound(res));
      }
      const locale = /^\/locales\/([a-z0-9-]+)\/([a-z0-9-]+)\.json$/i.exec(path);
      if (locale) return sendJson(res, app.translations.get(locale[1], locale[2]), 'public, max-age=3600');
      if (fakeApi) {
        if (await fakeApi.handle(req, res)) return;
      } else if (API_PREFIXES.some((p) => path.startsWith(p))) {
        return proxy(options.apiOrigin!, req, res);
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res, 405);
      await handlePage(app, req, res);
    } catch (err) {
      app.log(`[server] ${req.method} ${req.url} failed: ${(err as Error)?.stack ?? err}`);
      sendErrorPage(res);
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  if (address && typeof address === 'object') port = address.port;
  return {
    server,
    app,
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function notFound(res: ServerResponse, status = 404) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(status === 405 ? 'Method Not Allowed' : 'Not Found');
}

function sendJson(res: ServerResponse, body: unknown, cacheControl: string) {
  if (body === undefined) return notFound(res);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.end(JSON.stringify(body));
}

/** Forwards an API call to the real back end (API_ORIGIN), streaming nothing fancy: small JSON replies. */
async function proxy(origin: string, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
  try {
    const reply = await fetch(new URL(req.url ?? '/', origin), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(20000),
    });
    res.statusCode = reply.status;
    reply.headers.forEach((v, k) => {
      if (!['content-encoding', 'transfer-encoding', 'connection'].includes(k)) res.setHeader(k, v);
    });
    res.end(Buffer.from(await reply.arrayBuffer()));
  } catch {
    res.statusCode = 502;
    res.end('{"code":502,"message":"bad gateway"}');
  }
}
