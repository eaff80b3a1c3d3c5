import { definePlugin, lazyPage, loader } from '../../core/plugin-api';
import schema from './schema.json';
import { fetchCompetitions, fetchRebateInfo, fetchReferral, fetchRewards } from './services/api';
import { tabOfPath, type GrowthOptions } from './services/tabs';
import { COMPETITIONS_LOADER, REBATE_LOADER, REFERRAL_LOADER, REWARDS_LOADER } from './refs';

const RewardsHubPage = lazyPage(() => import('./components/RewardsHubPage').then((m) => m.RewardsHubPage));
const CompetitionCenterPage = lazyPage(() => import('./components/CompetitionCenterPage').then((m) => m.CompetitionCenterPage));
const ReferralPage = lazyPage(() => import('./components/ReferralPage').then((m) => m.ReferralPage));

export { REBATE_LOADER, REWARDS_LOADER, COMPETITIONS_LOADER, REFERRAL_LOADER } from './refs';

/** The growth tab bar and its three pages; role tabs from the rebate user info (spec 001 §2, §6). */
export default definePlugin<GrowthOptions>({
  id: 'growth-tabs',
  options: schema,
  delivery: {
    /** Pages and loaders only: the browser loads it with one of its pages, as their first render. */
    inBrowser: () => false,
  },
  routes: (_options, region) => [
    { path: '/rewards_hub', component: RewardsHubPage, titleKey: 'rewards.title' },
    { path: '/competition/center', component: CompetitionCenterPage, titleKey: 'competitions.title' },
    // Regions whose site config hides referral (spec 000 §3 hiddenReferral) get no referral page.
    ...(region.hiddenReferral ? [] : [{ path: '/referral', component: ReferralPage, titleKey: 'referral.title' }]),
  ],
  loaders: ({ endpoints }) => [
    // Spec 001 §6: rebate info is fetched for logged-in users only (here: on the growth pages, which use it).
    loader({
      key: REBATE_LOADER,
      perUser: true,
      when: ({ path, env }) => env.state.data.user.isLogin && tabOfPath(path) !== null,
      run: ({ env }) => fetchRebateInfo(env.http),
    }),
    loader({ key: REWARDS_LOADER, when: ({ path }) => path === '/rewards_hub', run: ({ env }) => fetchRewards(env.http, env.locale.code, endpoints.rewards) }),
    loader({
      key: COMPETITIONS_LOADER,
      when: ({ path }) => path === '/competition/center',
      run: ({ env }) => fetchCompetitions(env.http, env.locale.code, endpoints.competitions),
    }),
    loader({
      key: REFERRAL_LOADER,
      perUser: true,
      when: ({ path, env }) => path === '/referral' && env.state.data.user.isLogin,
      run: ({ env }) => fetchReferral(env.http, endpoints.referral),
    }),
  ],
});
