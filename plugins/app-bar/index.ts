import { definePlugin, lazyPage, lazyView } from '../../core/plugin-api';
import schema from './schema.json';
import type { AppBarOptions } from './constants';
import { appBarVisible$ } from './visibility';
import { ANALYTICS_PLUGIN } from '../analytics/refs';

// Views load when shown (lazyView): this module keeps only what decides whether they show.
const AppBar = lazyView(() => import('./AppBar').then((m) => m.AppBar));

// For other plugins' views, as lazy views: the guide's QR encoder and the banner stay out of every page's code.
export const AppDownloadGuide = lazyView(() => import('./AppDownloadGuide').then((m) => m.AppDownloadGuide));
export const PromoBanner = lazyView(() => import('./PromoBanner').then((m) => m.PromoBanner));
export type { AppDownloadGuideProps, GuideVariant } from './AppDownloadGuide';
export type { PromoBannerProps } from './PromoBanner';
export { shouldShowAppBar, HIDDEN_PREFIXES, type AppBarInput } from './decide';

const DownloadPage = lazyPage(() => import('./DownloadPage').then((m) => m.DownloadPage));

/** The mobile app-download bar (spec 000 §2, §4), the download guide and banner, and the download page. */
export default definePlugin<AppBarOptions>({
  id: 'app-bar',
  options: schema,
  /** The bar's view and click events go to analytics where the region runs it. */
  optional: [ANALYTICS_PLUGIN],
  routes: ({ downloadPage, storePath }) => (downloadPage ? [{ path: storePath, component: DownloadPage, titleKey: 'page.docTitle' }] : []),
  slotEntries: (options) => [{ slot: 'floating', key: 'app-bar', priority: 10, active: (env) => appBarVisible$(env, options), render: AppBar }],
});
