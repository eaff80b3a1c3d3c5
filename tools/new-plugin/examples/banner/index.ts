import { definePlugin, derived, lazyView } from '../../../../core/plugin-api';
import type { WelcomeOptions } from './options.generated';
import { showsTo } from './rules';
import schema from './schema.json';

export { WELCOME_PLUGIN } from './refs';

/** The banner's view: its own chunk, loaded only where the banner shows. */
const WelcomeBanner = lazyView(() => import('./WelcomeBanner').then((m) => m.WelcomeBanner));

/** welcome: a banner on the home page for the audience its options name (README.md). */
export default definePlugin<WelcomeOptions>({
  id: 'welcome',
  options: schema,
  delivery: {
    /** Server-rendered, without browser behaviour: the browser loads it only with a page whose first render shows it. */
    inBrowser: () => false,
  },
  // `home` is the home page's stack below the hero (host/app/slots.ts); a higher priority sits higher. An entry
  // whose `active` reads more of the user than `isLogin`, or whose view reads a service made from their data, says
  // `perUser: true`: a logged-in page is prerendered for every user, and its slot is then each response's own.
  slotEntries: (options) => [
    { slot: 'home', priority: 40, active: (env) => derived([env.state.user$], (user) => showsTo(options.audience, user.isLogin)), render: WelcomeBanner },
  ],
});
