/**
 * The shell as `npm run dev` serves it: the dev server (tools/dev-server.mjs) loads this module through Vite's SSR
 * module runner, afresh after every edit, so the server renders the code on disk. The browser gets Vite's modules
 * instead of the client build, and the fake API runs in the dev server's process. Nothing imports it: it is never in
 * the production build.
 */
import '@abraham/reflection';
import { register } from 'prom-client';
import { CLIENT_ENTRY, type PageAssets, type PageAssetSource } from './assets';
import type { FakeApiThread, FakeApiThreadInit } from './fake-api-thread';
import type { ClientFiles, Shell } from './server';

export interface DevShellOptions {
  /** The page's one module script: Vite's client, then host/client/entry.tsx (the dev server's virtual module). */
  entry: string;
  /** The CSS files (URLs) the given project files import, directly or through static imports, in the order reached. */
  cssOf: (files: readonly string[]) => string[];
  /** Static files (host/public) and anything else Vite answers. */
  serveStatic: ClientFiles['serveStatic'];
  /** The fake API the dev server keeps across edits (started by `startDevFakeApi`). */
  fakeApi: (init: Omit<FakeApiThreadInit, 'role' | 'port'>, log: (message: string) => void) => Promise<FakeApiThread>;
}

/** The page's code as Vite serves it: one module script; the CSS of what its server render imported, as stylesheets. */
function devAssets(o: DevShellOptions): PageAssetSource {
  return {
    forPage(pluginIds, { views = [], deferredViews = [] } = {}): PageAssets {
      const roots = [CLIENT_ENTRY, 'host/app/App.tsx', ...pluginIds.map((id) => `plugins/${id}/index.ts`), ...views, ...deferredViews];
      return { entry: o.entry, modulepreload: [], stylesheets: o.cssOf(roots) };
    },
  };
}

const REPLACES = Symbol.for('shell.dev.replacesMetrics');

/**
 * A metric registered again replaces the one of that name: after an edit, the module that defines it (metrics.ts)
 * may run again, and prom-client's registry outlives it.
 */
function replaceMetricsOnRegister(): void {
  const registry = register as typeof register & { [REPLACES]?: true };
  if (registry[REPLACES]) return;
  registry[REPLACES] = true;
  const registerMetric = register.registerMetric.bind(register);
  register.registerMetric = (metric) => {
    register.removeSingleMetric((metric as unknown as { name: string }).name);
    registerMetric(metric);
  };
}

/** The shell configured by the environment (`SHELL_ONLY`, `SITE`, `API_ORIGIN`...), as the production entry reads it. */
export async function createDevShell(o: DevShellOptions): Promise<Shell> {
  replaceMetricsOnRegister();
  const [{ createShell }, { settingsFromEnv }] = await Promise.all([import('./server'), import('./settings')]);
  const settings = settingsFromEnv();
  const shell = await createShell({
    port: settings.port,
    site: settings.site,
    apiOrigin: settings.apiOrigin,
    fakeApi: settings.fakeApi,
    trustProxy: settings.trustProxy,
    only: settings.only,
    // Every reload renders the page from the code on disk.
    pageReuse: false,
    limits: settings.limits,
    regionConfigsDir: settings.regionConfigsDir,
    // The audit line of each applied config set would come after every save; a refused set's line still shows.
    log: (message) => {
      if (!(message.startsWith('{"type":"config-reload"') && message.includes('"outcome":"applied"'))) console.log(message);
    },
    client: { assets: devAssets(o), serveStatic: o.serveStatic },
    startFakeApi: o.fakeApi,
  });
  shell.lifecycle.markReady();
  return shell;
}

/** The fake API in this process, on a loopback port. */
export async function startDevFakeApi(init: Omit<FakeApiThreadInit, 'role' | 'port'>, log: (message: string) => void): Promise<FakeApiThread> {
  const { listenFakeApi } = await import('./fake-api-thread');
  const api = await listenFakeApi({ ...init, port: 0 }, log);
  return { origin: `http://127.0.0.1:${api.port}`, updateConfigs: (configs) => api.setConfigs(configs), close: () => api.close() };
}
