import { definePlugin, lazyPage } from '../../core/plugin-api';
import schema from './schema.json';

const NotFoundPage = lazyPage(() => import('./NotFoundPage').then((m) => m.NotFoundPage));

/** The 404 page: answers every path no other route takes, with HTTP 404. */
export default definePlugin({
  id: 'not-found',
  options: schema,
  delivery: {
    /** A page only: the browser loads it with the 404 page, as its first render. */
    inBrowser: () => false,
  },
  routes: () => [
    { path: '*', component: NotFoundPage, status: 404, titleKey: 'title' },
    { path: '/404', component: NotFoundPage, status: 404, titleKey: 'title' },
  ],
});
