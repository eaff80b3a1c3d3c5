import { definePlugin, lazyPage, lazyView, loader } from '../../core/plugin-api';
import { coinCount } from '../../kit';
import schema from './schema.json';
import type { HomeOptions } from './types';
import { fetchHomeStats, formatHomeStats, withSiteCoinCount } from './services/stats';
import { fetchDlTask } from './services/dl-task';
import type { StatsLoaderData } from './services/stats';
import { externalEntryOrigins, siteEntries } from './services/micro-app';
import { DL_TASK_LOADER, STATS_LOADER } from './refs';

const onHome = ({ path }: { path: string }) => path === '/';

const SubAccountPage = lazyPage(() => import('./components/SubAccountPage').then((m) => m.SubAccountPage));
const TransferPage = lazyPage(() => import('./components/TransferPage').then((m) => m.TransferPage));
// Home sections, below the fold (the host's `home` slot is deferred): their code loads as they hydrate.
const HomeStatsSection = lazyView(() => import('./components/HomeStatsSection').then((m) => m.HomeStatsSection));
const DownloadTaskCard = lazyView(() => import('./components/DownloadTaskCard').then((m) => m.DownloadTaskCard));

export { STATS_LOADER, DL_TASK_LOADER } from './refs';

/** Home statistics and download-task card, the sub-account lookup page and the transfer micro-apps. */
export default definePlugin<HomeOptions>({
  id: 'home',
  options: schema,
  /** Micro-app entries on an allowed link host: framed, and checked with a HEAD request first. */
  csp: ({ microApps }, region) => {
    const origins = externalEntryOrigins([microApps.fundsTransfer, microApps.subAccountTransfer], region.allowedLinkHosts);
    return { frame: origins, connect: origins };
  },
  /** Micro-app entries on this site: framed with their own scripts, and passed only the query their option gives. */
  framedEntries: ({ microApps }) => siteEntries([microApps.fundsTransfer, microApps.subAccountTransfer]),
  routes: () => [
    { path: '/myaccount/sub-account', component: SubAccountPage, titleKey: 'subAccount.title' },
    { path: '/myaccount/transfer', component: TransferPage, titleKey: 'transfer.title' },
  ],
  menuEntries: () => [
    { menu: 'account', key: 'transfer', label: 'menu.transfer', path: '/myaccount/transfer', icon: 'M4 8h13l-4-4M20 16H7l4 4', order: 20 },
    {
      menu: 'account',
      key: 'subAccount',
      label: 'menu.subAccount',
      path: '/myaccount/sub-account',
      icon: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 9c0-3.3 2.7-5 6-5s6 1.7 6 5m1-9a3 3 0 1 0 0-6m2 15c0-2.2-1-3.8-2.6-4.6',
      order: 40,
    },
  ],
  loaders: ({ stats, dlTask }) => [
    ...(stats.enabled
      ? [
          loader({
            key: STATS_LOADER,
            when: onHome,
            run: async ({ env }): Promise<StatsLoaderData> => {
              const figures = withSiteCoinCount(await fetchHomeStats(env.http), coinCount(env.state.data.site));
              return { stats: figures, views: formatHomeStats(figures, env.locale.html, stats.rateUnit) };
            },
          }),
        ]
      : []),
    ...(dlTask.enabled
      ? [loader({ key: DL_TASK_LOADER, perUser: true, when: onHome, run: ({ env }) => fetchDlTask(env.http, dlTask.constId, !env.state.data.user.isLogin) })]
      : []),
  ],
  slotEntries: ({ stats, dlTask }) => [
    ...(stats.enabled ? [{ slot: 'home', key: 'stats', priority: 80, render: HomeStatsSection } as const] : []),
    ...(dlTask.enabled ? [{ slot: 'home', key: 'dl-task', priority: 60, render: DownloadTaskCard } as const] : []),
  ],
});
