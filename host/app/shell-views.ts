import { lazyView, type LazyView } from '../../core/react/lazy-page';
import type { ShellData } from '../../core/data/types';

/** The header's menu of a logged-in user: a visitor's page never loads it. */
export const UserMenu = lazyView(() => import('./UserMenu').then((m) => m.UserMenu));

/**
 * The site footer, below the fold on every page: the server renders it (`DEFERRED_SHELL_VIEWS`), and the browser
 * hydrates it once its code has arrived, after the rest of the page, so its code is not among what the page's head
 * names for hydration.
 */
export const DeferredFooter = lazyView(() => import('./Footer').then((m) => m.Footer));

/** Host views the server loads before its first render, and the browser loads only when hydration reaches them. */
export const DEFERRED_SHELL_VIEWS: readonly LazyView<object>[] = [DeferredFooter];

/**
 * The host's own lazy views a page's first render shows: the server loads them before rendering and names their
 * chunks in the page's head; the browser loads them before hydrating.
 */
export function shellViewsFor(data: Pick<ShellData, 'user'>): LazyView<object>[] {
  return data.user.isLogin ? [UserMenu] : [];
}
