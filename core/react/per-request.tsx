import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useShell } from './context';
import { postpone } from './postpone';

/**
 * Browser: the per-request and per-user boundaries whose content has not hydrated yet. React hydrates a Suspense
 * boundary's content after the page's root has committed; the page counts as hydrated (`hydrated$`) once none is
 * left, so nothing hydrates against a page that has moved on.
 */
const unhydrated = { count: 0, waiting: [] as Array<() => void> };

/** Resolves once every per-request and per-user boundary rendered so far has hydrated its content. */
export function boundariesHydrated(): Promise<void> {
  return unhydrated.count === 0 ? Promise.resolve() : new Promise((resolve) => unhydrated.waiting.push(resolve));
}

function released() {
  if (--unhydrated.count > 0) return;
  for (const resolve of unhydrated.waiting.splice(0)) resolve();
}

/** One boundary's place in `unhydrated`: counted from the page's commit until its content's, unless that came first. */
class HydrationMark {
  private content = false;
  private counted = false;

  pageIn(): void {
    if (this.content) return;
    this.counted = true;
    unhydrated.count++;
  }

  contentIn(): void {
    this.content = true;
    this.release();
  }

  /** The boundary is gone (its plugin failed, the page moved on): nothing is left to wait for. */
  gone(): void {
    this.release();
  }

  private release(): void {
    if (!this.counted) return;
    this.counted = false;
    released();
  }
}

/**
 * A Suspense boundary marked in `unhydrated` (both effects run in the browser only): the page's per-request and
 * per-user parts, and every plugin contribution's own boundary (`PluginBoundary`), so that no contribution hydrates
 * after the page counts as hydrated and has moved on (the real viewport, more plugins, streams that changed).
 */
export function CountedBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [mark] = useState(() => new HydrationMark());
  useEffect(() => {
    mark.pageIn();
    return () => mark.gone();
  }, [mark]);
  return (
    <Suspense fallback={fallback}>
      {children}
      <ContentIn mark={mark} />
    </Suspense>
  );
}

/** Tells its boundary that its content has committed (renders nothing: no trace in the HTML). */
function ContentIn({ mark }: { mark: HydrationMark }) {
  useEffect(() => mark.contentIn(), [mark]);
  return null;
}

/**
 * A part of the page made for each request (the page's boot state, what shows the user's own data): when the server
 * prerenders the page once for many requests (host/server/prerender.ts), this part is left a hole, and each response
 * fills it with its own. Elsewhere it renders its children, inside a Suspense boundary (the same on both sides).
 */
export function PerRequest({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { prerender } = useShell();
  return <CountedBoundary fallback={fallback}>{prerender ? <Postponed /> : children}</CountedBoundary>;
}

/**
 * A part that shows the user's own data (a name, a balance, a level), or reads what a plugin made for the user: a
 * page prerendered for every logged-in user leaves it a hole each response fills. (Reading the user's fields through
 * `useShellData` makes the part reading them a hole by itself; `isLogin` alone is everyone's.) On a visitor's page it
 * is part of the page.
 */
export function PerUser({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <PerUserWhen perUser fallback={fallback}>
      {children}
    </PerUserWhen>
  );
}

/**
 * A part that is the user's own only when `perUser` says so (a slot, by what its entries declare): otherwise it is
 * everyone's, and a page prerendered for every logged-in user holds it. The same boundary either way.
 */
export function PerUserWhen({ perUser, children, fallback = null }: { perUser: boolean; children: ReactNode; fallback?: ReactNode }) {
  const { prerender } = useShell();
  return <CountedBoundary fallback={fallback}>{perUser && prerender === 'user' ? <Postponed /> : children}</CountedBoundary>;
}

function Postponed(): ReactNode {
  return postpone();
}
