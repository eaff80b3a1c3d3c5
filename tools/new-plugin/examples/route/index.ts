import { definePlugin, getApiData, lazyPage, loader } from '../../../../core/plugin-api';
import type { CampaignOptions } from './options.generated';
import { CAMPAIGN_SUMMARY } from './refs';
import { SUMMARY_PATH, summaryOf } from './rules';
import schema from './schema.json';

export { CAMPAIGN_PLUGIN, CAMPAIGN_SUMMARY } from './refs';

/** The page: its own chunk, loaded with the page. */
const CampaignPage = lazyPage(() => import('./CampaignPage').then((m) => m.CampaignPage));

/** campaign: a page at the path its options name, with a figure its server loader asks the back end for (README.md). */
export default definePlugin<CampaignOptions>({
  id: 'campaign',
  options: schema,
  delivery: {
    /** A page only: the browser loads it with its page, as that page's first render. */
    inBrowser: () => false,
  },
  /** Its page, as data: the shell knows a request's route before any plugin's setup runs. */
  routes: ({ path }) => [{ path, component: CampaignPage, titleKey: 'title' }],
  // On the server, for this page only; the result travels in the page (useLoaderData). A failed call gives null.
  // A result that is the user's own (their balance, their orders) is declared `perUser: true` (core/README.md).
  loaders: ({ path }) => [
    loader({ key: CAMPAIGN_SUMMARY, when: (input) => input.path === path, run: async ({ env }) => summaryOf(await getApiData(env.http, SUMMARY_PATH)) }),
  ],
});
