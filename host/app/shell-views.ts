import { lazyView, type LazyView } from '../../core/react/lazy-page';
import type { ShellData } from '../../core/data/types';

/** The header's menu of a logged-in user: a visitor's page never loads it. */
export const UserMenu = lazyView(() => import('./UserMenu').then((m) => m.UserMenu));

/**
 * The host's own lazy views a page's first render shows: the server loads them before rendering and names their
 * chunks in the page's head; the browser loads them before hydrating.
 */
export function shellViewsFor(data: Pick<ShellData, 'user'>): LazyView<object>[] {
  return data.user.isLogin ? [UserMenu] : [];
}
