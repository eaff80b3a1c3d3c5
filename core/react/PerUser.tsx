import { createContext, Suspense, use, useContext, type ReactNode } from 'react';

/**
 * How the server renders the page (host/server/prerender): `whole` (one render per request), `prerender` (the
 * user-independent document, shared by many requests: every `PerUser` part waits forever, so React leaves a hole
 * there) or `resume` (one request's holes, filled into that document).
 */
export type PageRenderMode = 'whole' | 'prerender' | 'resume';

const RenderMode = createContext<PageRenderMode>('whole');

/** Sets the render mode of the tree below (server only: the browser follows the page, `prerenderedPage`). */
export const PageRenderModeProvider = RenderMode.Provider;

/** Set on `window` by the bootstrap script of a page sent as prelude and resume (host/server/prerender/resume.ts). */
export const PRERENDERED_FLAG = '__SHELL_PRERENDERED__';

/** In the browser: whether the server sent this page as a shared prelude and its resumed holes. */
const prerenderedPage = (): boolean => typeof window !== 'undefined' && (window as unknown as Record<string, unknown>)[PRERENDERED_FLAG] === true;

/** A promise that never settles: what a `PerUser` part waits on in a prerender. */
const NEVER = new Promise<never>(() => {});

function Hole({ children }: { children: ReactNode }) {
  if (useContext(RenderMode) === 'prerender') use(NEVER);
  return <>{children}</>;
}

/**
 * A part of the page that depends on the request's user (menus, account figures, notices, anything reading
 * `data.user` or per-user loader data). In a page sent whole it is its children, as before; in a prerendered page it
 * is a Suspense boundary left empty in the shared document and filled for each request.
 */
export function PerUser({ children }: { children: ReactNode }) {
  const server = useContext(RenderMode);
  const holes = typeof window === 'undefined' ? server !== 'whole' : prerenderedPage();
  if (!holes) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Hole>{children}</Hole>
    </Suspense>
  );
}
