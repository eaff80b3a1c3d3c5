import type { ComponentType } from 'react';
import type { RouteProps, SlotName } from '../../core/plugin/types';
import { lazyPage } from '../../core/react/lazy-page';
import { HomePage } from './pages/HomePage';
import { HOST_PATHS } from './host-paths';

// Home is most first visits' page, so it comes with the entry; the others load when their route matches.
const ComplianceTipsPage = lazyPage(() => import('./pages/ComplianceTipsPage').then((m) => m.ComplianceTipsPage));
const PlainNotFound = lazyPage(() => import('./pages/PlainNotFound').then((m) => m.PlainNotFound));

export interface HostRoute {
  path: string;
  component: ComponentType<RouteProps>;
  status?: number;
  /** Key in the 'shell' namespace (host routes) or the plugin's namespace. */
  titleKey?: string;
  /** Translation namespace of titleKey. */
  ns: string;
  pluginId?: string;
  /** The page slots (`PAGE_SLOTS`) the page renders. */
  slots?: readonly SlotName[];
}

/** The host's own pages; plugins declare theirs in their definition's `routes`. */
export const HOST_ROUTES: HostRoute[] = [
  { path: HOST_PATHS.home, component: HomePage, titleKey: 'home.title', ns: 'shell', slots: ['home'] },
  { path: HOST_PATHS.complianceTips, component: ComplianceTipsPage, titleKey: 'complianceTips.title', ns: 'shell' },
];

/** Used when no plugin answers '*' (the not-found plugin switched off). */
export const FALLBACK_NOT_FOUND: HostRoute = { path: '*', component: PlainNotFound, status: 404, titleKey: 'notFound.title', ns: 'shell' };
