import { definePlugin, derived, lazyView } from '../../../../core/plugin-api';
import type { AnnouncementOptions } from './options.generated';
import { CLOSED_COOKIE, showsOn } from './rules';
import schema from './schema.json';

export { ANNOUNCEMENT_PLUGIN } from './refs';

/** The bar's view: its own chunk, loaded only where the bar shows. */
const AnnouncementBar = lazyView(() => import('./AnnouncementBar').then((m) => m.AnnouncementBar));

/** announcement: a bar above the header on the pages its options name, until the visitor closes it (README.md). */
export default definePlugin<AnnouncementOptions>({
  id: 'announcement',
  options: schema,
  delivery: {
    /** Only where the bar may show: some page is listed and the visitor has not closed it. */
    inBrowser: (env, options) => options.paths.length > 0 && env.cookies.get(CLOSED_COOKIE) !== '1',
  },
  // `topbar` shows one bar, the active one with the highest priority: the region and compliance bars sit above 100.
  // The cookie is read by the server too, so a closed bar is not rendered again.
  slotEntries: (options) => [
    {
      slot: 'topbar',
      priority: 100,
      active: (env) => derived([env.state.route$], (route) => env.cookies.get(CLOSED_COOKIE) !== '1' && showsOn(route.path, options.paths)),
      render: AnnouncementBar,
    },
  ],
});
