// The dev server of `npm run dev`: Vite in middleware mode on the shell's own HTTP server. The shell is loaded through
// Vite's SSR module runner (host/server/dev.ts) and the browser gets Vite's modules. When a source file is saved, Vite
// forgets that file and every module importing it, the shell is built again (only those modules run again; the others
// keep their instances) and every open page reloads. No build, nothing written to SHELL_DIST.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, relative, sep } from 'node:path';
import { createServer as createViteServer, createServerModuleRunner } from 'vite';

/** The page's one module script: Vite's client (the reload channel), then the client entry. */
const DEV_CLIENT = '/@shell-dev/client.js';
const DEV_CLIENT_ID = '\0shell-dev-client';
/** What the server sends open pages when the shell has the saved files (a custom event: HMR itself is off). */
const RELOAD_EVENT = 'shell:reload';
const SHELL_MODULE = '/host/server/dev.ts';
const CACHE_DIR = '.tmp/vite-dev';

/** What Vite answers: its own paths, the project's modules (as the browser imports them) and pre-bundled dependencies. */
const VITE_PATH = new RegExp(`^/(@vite/|@fs/|@id/|@shell-dev/|${CACHE_DIR.replace('.', '\\.')}/|node_modules/|core/|kit/|host/|plugins/|schemas/)`);
/** Saved files that rebuild the shell: the sources, translations, region configs and schemas (not tests, not docs). */
const SOURCE = /^(core|kit|host|plugins|locales|region-configs|schemas)\//;
const NOT_SOURCE = /\.(test|test-d|spec)\.[cm]?[jt]sx?$|\.md$/;
const SCRIPT = /\.[cm]?[jt]sx?$/;
const CSS = /\.css($|\?)/;
/** Translations the fake API serves as the "CDN" (it reads them once). */
const TRANSLATION = /(^|\/)locales\/.*\.json$/;
/** The fake API's own modules, and what starts it. */
const FAKE_API_MODULE = /^(host\/fake-api\/|plugins\/[^/]+\/fake-api\.ts$|host\/server\/fake-api-(thread|mount)\.ts$)/;
/** A rebuild starts this long after the last event of a save (editors write, rename and touch in a burst). */
const SETTLE_MS = 25;

/** The browser's entry in dev: Vite's client, a listener for the reload event, the client entry (`apply: 'serve'`). */
function devClient() {
  return {
    name: 'shell:dev-client',
    apply: 'serve',
    resolveId: (id) => (id === DEV_CLIENT ? DEV_CLIENT_ID : null),
    load: (id) =>
      id === DEV_CLIENT_ID
        ? `import '/@vite/client';\nimport.meta.hot.on(${JSON.stringify(RELOAD_EVENT)}, () => location.reload());\nimport '/host/client/entry.tsx';\n`
        : null,
  };
}

/**
 * Starts the dev server on `host` (this machine only by default: Vite serves source files) and `port`; the shell reads its settings (SHELL_ONLY, SITE, API_ORIGIN...) from the environment.
 * Resolves once the first shell serves.
 */
export async function startDevServer({ root, port, host = '127.0.0.1', log = (m) => console.log(m) }) {
  const http = createServer();
  const vite = await createViteServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    appType: 'custom',
    clearScreen: false,
    // Vite's pre-bundled dependencies, with the project's other scratch files.
    cacheDir: join(root, CACHE_DIR),
    plugins: [devClient()],
    server: {
      middlewareMode: true,
      // No hot module replacement: after an edit the server renders the new code, so the page reloads.
      hmr: false,
      ws: { server: http },
      watch: { ignored: ['**/dist/**', '**/dist-*/**', '**/.tmp/**', '**/test-results/**', '**/playwright-report/**', '**/.cache/**'] },
    },
  });
  // With HMR off, Vite drops the full reloads it asks for itself (after pre-bundling a dependency found late): they go
  // out as the reload event.
  const send = vite.ws.send.bind(vite.ws);
  vite.ws.send = (...args) => (args[0]?.type === 'full-reload' ? send({ type: 'custom', event: RELOAD_EVENT }) : send(...args));
  const ssr = vite.environments.ssr;
  const graphs = [vite.environments.client.moduleGraph, ssr.moduleGraph];
  const projectPath = (file) => relative(root, file).split(sep).join('/');
  /** The CSS files `files` import, directly or through static imports, in either graph (the order reached). */
  const cssOf = (files) => {
    const out = new Set();
    const seen = new Set();
    const walk = (mod) => {
      if (seen.has(mod)) return;
      seen.add(mod);
      if (CSS.test(mod.url)) return void out.add(mod.url.replace(/\?.*$/, ''));
      for (const dep of mod.importedModules) if (mod.staticImportedUrls?.has(dep.url)) walk(dep);
    };
    for (const file of files) for (const graph of graphs) graph.getModulesByFile(join(root, file))?.forEach(walk);
    return [...out];
  };
  /** Whether the fake API runs `file`: one of its modules imports it, directly or not (as the server's graph knows). */
  const fakeApiRuns = (file) => {
    const seen = new Set();
    const up = (mod) => {
      if (seen.has(mod)) return false;
      seen.add(mod);
      if (mod.file && FAKE_API_MODULE.test(projectPath(mod.file))) return true;
      return [...mod.importers].some(up);
    };
    return [...(ssr.moduleGraph.getModulesByFile(file) ?? [])].some(up);
  };
  /** A file added or removed changes what `import.meta.glob` finds: the modules calling it are transformed again. */
  const forgetGlobs = () => {
    for (const graph of graphs)
      for (const [file] of graph.fileToModulesMap)
        if (SCRIPT.test(file) && !file.includes('/node_modules/') && readSource(file).includes('import.meta.glob')) graph.onFileChange(file);
  };

  // One runner for the dev server's life: Vite tells it which modules changed, and only those run again.
  const runner = createServerModuleRunner(ssr, { hmr: false });
  /** The fake API, kept across edits (and its scenarios with it) until a file it runs changes. */
  let fake = null;
  /** A shell built from the files on disk; `newFakeApi`: with a fake API of its own, which replaces the old one once it serves. */
  const build = async (newFakeApi) => {
    const dev = await runner.import(SHELL_MODULE);
    let started = null;
    const fakeApi = async (init, apiLog) => {
      if (fake && !newFakeApi) fake.updateConfigs(init.configs);
      else started = await dev.startDevFakeApi(init, apiLog);
      const api = started ?? fake;
      // The shell never stops it: the dev server does, when it is out of date.
      return { origin: api.origin, updateConfigs: (configs) => api.updateConfigs(configs), close: async () => {} };
    };
    try {
      const shell = await dev.createDevShell({ entry: DEV_CLIENT, cssOf, serveStatic: vite.middlewares, fakeApi });
      if (started) [fake, started] = [started, fake];
      return shell;
    } finally {
      await started?.close();
    }
  };

  let shell;
  try {
    // The client entry's own imports (its stylesheet) are known before the first page.
    [shell] = await Promise.all([build(true), vite.environments.client.warmupRequest('/host/client/entry.tsx')]);
  } catch (err) {
    await Promise.all([vite.close(), runner.close()]);
    throw err;
  }

  /** Saved files the shell does not have yet: page requests wait (`wait`) until it has them all. */
  let pending = null;
  let timer = null;
  let running = false;
  let fakeStale = false;
  const rebuild = async () => {
    const started = performance.now();
    const newFakeApi = fakeStale;
    fakeStale = false;
    try {
      shell = await build(newFakeApi);
      log(`[dev] rebuilt in ${Math.round(performance.now() - started)} ms; reloading open pages`);
      vite.ws.send({ type: 'full-reload', path: '*' });
    } catch (err) {
      fakeStale ||= newFakeApi;
      log(`[dev] the shell did not build; the last one that did serves: ${err?.stack ?? err}`);
      vite.ws.send({ type: 'error', err: { message: String(err?.message ?? err), stack: String(err?.stack ?? '') } });
    }
  };
  /** Builds until no saved file is left, then lets the waiting requests through. */
  const run = async () => {
    if (running) return;
    running = true;
    while (pending?.dirty) {
      pending.dirty = false;
      await rebuild();
    }
    running = false;
    const done = pending;
    pending = null;
    done?.release();
  };

  vite.watcher.on('all', (event, file) => {
    const path = projectPath(file);
    if (event.endsWith('Dir') || !SOURCE.test(path) || NOT_SOURCE.test(path)) return;
    // Both graphs forget the file and its importers now, whatever the order of the watcher's listeners.
    for (const graph of graphs) graph.onFileChange(file);
    if (event === 'add' || event === 'unlink') forgetGlobs();
    if (fake && (event !== 'change' || TRANSLATION.test(path) || fakeApiRuns(file))) fakeStale = true;
    if (!pending) {
      let release;
      const wait = new Promise((resolve) => (release = resolve));
      pending = { dirty: true, wait, release };
    } else pending.dirty = true;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  });

  const handleShell = async (req, res) => {
    if (pending) await pending.wait;
    await shell.handle(req, res);
  };
  http.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (VITE_PATH.test(path)) vite.middlewares(req, res, () => notServed(res));
    else void handleShell(req, res);
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen({ port, host }, () => resolve());
  });
  return {
    url: `http://localhost:${http.address().port}`,
    /** The serving shell's regions (the banner lists them). */
    regions: () => shell.app.site().regions,
    close: async () => {
      clearTimeout(timer);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(() => resolve()));
      await Promise.all([vite.close(), fake?.close()]);
      await runner.close();
    },
  };
}

/** A module path Vite did not answer: missing, or it failed (Vite logged why and showed it in the page). */
function notServed(res) {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Not found, or it failed to load: see the dev server output');
}

function readSource(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
