import type { ServerResponse } from 'node:http';
import type { i18n } from 'i18next';
import { preloadModule } from 'react-dom';
import { PageRenderModeProvider, type PageRenderMode } from '../../../core/react/PerUser';
import type { ShellRuntime } from '../../../core/react/context';
import { ShellState } from '../../../core/state/shell-state';
import { DEFAULT_USER_STATE } from '../../../core/data/defaults';
import { App, type AppProps } from '../../app/App';
import type { BootParts, BootState } from '../../app/boot';
import { PreludeCache, type PreludeVariant } from './cache';
import { RecordingCookies } from './cookies';
import { preludeKey } from './key';
import { prerenderPrelude } from './prelude';
import { sendResumed } from './resume';

/** Whether pages are sent as a shared prelude plus each request's holes (env PRERENDER=1; off by default). */
export const prerenderEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => env.PRERENDER?.trim() === '1';

/** Routes whose document is prerendered (the others are rendered whole). */
const PRERENDERED_PATHS: ReadonlySet<string> = new Set(['/']);

/** What the page sender has built for one request (host/server/page.tsx), and its response's own parts. */
export interface PrerenderRequest {
  /** The site version (`app.site().version`): a config change makes new keys. */
  siteVersion: string;
  runtime: ShellRuntime;
  boot: BootState;
  bootParts: BootParts;
  i18n: i18n;
  inlineCss?: string;
  nonce: string;
  bootstrapScript: string;
  bootstrapModule: string;
  /** Sets the status and headers (called once, before the first byte). */
  startPage: () => void;
  onError: (err: unknown) => void;
  /** Cuts off a resume still running this long after it started. */
  abortMs: number;
}

const cache = new PreludeCache();
/** Preludes being made, by key: concurrent first requests for one page wait for the same one. */
const making = new Map<string, Promise<PreludeVariant>>();

/** Preludes kept now (for metrics and tests). */
export const preludesKept = (): number => cache.size;

/**
 * Sends the page as its user-independent prelude (made once per key and cookie values, then kept) and this
 * request's holes resumed into it. False when the page is not one to prerender or its prelude cannot be shared:
 * the caller then renders it whole, as before.
 */
export async function sendPrerendered(res: ServerResponse, r: PrerenderRequest): Promise<boolean> {
  if (!PRERENDERED_PATHS.has(r.boot.route.path) || r.boot.status !== 200) return false;
  const key = preludeKey(r.siteVersion, r.boot, r.runtime.env.state.data);
  const variant = cache.find(key, r.bootParts.shared, r.runtime.env.cookies) ?? (await madeOnce(key, r));
  if (!variant.prelude || res.closed || res.destroyed) return false;
  r.startPage();
  const tree = pageTree('resume', r.bootstrapModule, { runtime: r.runtime, boot: r.boot, bootParts: r.bootParts, i18n: r.i18n, inlineCss: r.inlineCss });
  await sendResumed(res, tree, variant.prelude, {
    nonce: r.nonce,
    bootstrapScript: r.bootstrapScript,
    bootstrapModule: r.bootstrapModule,
    onError: r.onError,
    abortMs: r.abortMs,
  });
  return true;
}

/** The prelude for `key`, made by one request while the others with that key wait for it. */
function madeOnce(key: string, r: PrerenderRequest): Promise<PreludeVariant> {
  let pending = making.get(key);
  if (!pending) {
    pending = makeVariant(r).finally(() => making.delete(key));
    making.set(key, pending);
    void pending.then((v) => cache.store(key, v));
  }
  return pending;
}

/**
 * Prerenders the request's page as any user would get it: the user is the visitor default and no loader data is
 * given (every part showing them is `PerUser`), and the cookies it reads are recorded.
 */
async function makeVariant(r: PrerenderRequest): Promise<PreludeVariant> {
  const { env } = r.runtime;
  const cookies = new RecordingCookies(env.cookies);
  const state = new ShellState({
    data: { ...env.state.data, user: DEFAULT_USER_STATE },
    route: env.state.route$.value,
    locale: env.state.locale$.value,
    viewportWidth: env.state.serverViewport.width,
    inApp: env.state.inApp,
    mobileAgent: env.state.mobileAgent,
  });
  const runtime: ShellRuntime = { ...r.runtime, env: { ...env, state, cookies }, loaderData: {} };
  const boot: BootState = { ...r.boot, data: state.data, loaderData: {} };
  const tree = pageTree('prerender', r.bootstrapModule, {
    runtime,
    boot,
    bootParts: { shared: r.bootParts.shared, own: '' },
    i18n: r.i18n,
    inlineCss: r.inlineCss,
  });
  let failed = false;
  const prelude = await prerenderPrelude(tree, (err) => {
    failed = true;
    r.onError(err);
  }).catch((err: unknown) => {
    r.onError(err);
    return null;
  });
  state.complete();
  const shareable = !failed && cookies.shareable;
  return { prelude: shareable ? prelude : null, reads: [...cookies.reads], shared: r.bootParts.shared };
}

/** The page in one render mode: the prerender and the resume must render the same tree around the holes. */
function pageTree(mode: PageRenderMode, entry: string, app: AppProps) {
  return (
    <PageRenderModeProvider value={mode}>
      <PreloadEntry href={entry} />
      <App {...app} />
    </PageRenderModeProvider>
  );
}

/** The client entry's preload in the prelude's head (React adds it for a bootstrap module; the prelude has none). */
function PreloadEntry({ href }: { href: string }) {
  preloadModule(href, { as: 'script' });
  return null;
}
