import { Suspense, type ReactNode } from 'react';
import { useShell } from './context';
import { postpone } from './postpone';

/**
 * A part of the page made for each request (the page's boot state, what shows the user's own data): when the server
 * prerenders the page once for many requests (host/server/prerender.ts), this part is left a hole, and each response
 * fills it with its own. Elsewhere it renders its children, inside a Suspense boundary (the same on both sides).
 */
export function PerRequest({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { prerender } = useShell();
  return <Suspense fallback={fallback}>{prerender ? <Postponed /> : children}</Suspense>;
}

/**
 * A part that shows the user's own data (a name, a balance, a level), or reads what a plugin made for the user: a
 * page prerendered for every logged-in user leaves it a hole each response fills. (Reading the user's fields through
 * `useShellData` makes the part reading them a hole by itself; `isLogin` alone is everyone's.) On a visitor's page it
 * is part of the page.
 */
export function PerUser({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { prerender } = useShell();
  return <Suspense fallback={fallback}>{prerender === 'user' ? <Postponed /> : children}</Suspense>;
}

function Postponed(): ReactNode {
  return postpone();
}
