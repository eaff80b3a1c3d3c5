import { defineFakeApi, ok, requestLanguage } from '../../core/plugin-api/fake-api';
import { MARKETING_API } from './types';
import { marketingImage } from './fake/images';
import { alphaCards, forPosition, homePlan, planTexts, prizeGuide, targetedPlans, userPlans, vipPlan, withExperiment } from './fake/plans';

const PRIZE_POP = '/api/web/v1/welfare/newbiePrizePop';
const PRIZE_GUIDE = '/api/web/v1/welfare/newbiePrizeGuide';
const down = { status: 500, body: { code: 500, message: 'internal error' } };

/** Marketing endpoints (plans, alpha cards, newbie guide, campaign images) and personas. */
export default defineFakeApi({
  name: 'marketing',
  routes: {
    [`GET ${MARKETING_API.targetedPlan}`]: targetedPlans,
    [`GET ${MARKETING_API.userPlans}`]: userPlans,
    [`GET ${PRIZE_GUIDE}`]: prizeGuide,
    'GET /cdn/marketing/:name.svg': marketingImage,
  },
  scenarios: [
    {
      name: 'homepage-banner',
      description: "A homepage banner plan: 'Trade to share 50,000 USDT'.",
      responses: { [MARKETING_API.targetedPlan]: forPosition('index', (req) => homePlan(planTexts(req), requestLanguage(req))) },
    },
    {
      name: 'vip-upgraded',
      description: 'Logged-in user just upgraded to VIP 3: the VIP popup (auto-closes after 10 s).',
      extends: 'verified-user',
      responses: { [MARKETING_API.targetedPlan]: forPosition('vip_index', (req) => vipPlan('VIP_UPGRADED', 3, planTexts(req))) },
    },
    {
      name: 'vip-expired',
      description: 'Logged-in user whose VIP 2 trial ended: the VIP_EXPIRED popup.',
      extends: 'verified-user',
      responses: { [MARKETING_API.targetedPlan]: forPosition('vip_index', (req) => vipPlan('VIP_EXPIRED', 2, planTexts(req))) },
    },
    {
      name: 'alpha-cards',
      description: 'Three alpha banner cards (rotating) on /alpha and the trade pages.',
      responses: {
        [MARKETING_API.userPlans]: (req) => ok({ card_list: alphaCards(planTexts(req)), currency: (req.query.get('currency') ?? '').toUpperCase() || 'USDT' }),
      },
    },
    {
      name: 'newbie-a',
      description: 'Visitor in variant A of the new-user popup (newbie_exp 1: one 40,000 USDT prize).',
      responses: { [PRIZE_POP]: withExperiment(1) },
    },
    {
      name: 'newbie-b',
      description: 'Visitor in variant B of the new-user popup (newbie_exp 2: 20 + 100 USDT steps).',
      responses: { [PRIZE_POP]: withExperiment(2) },
    },
    {
      name: 'marketing-down',
      description: 'Every marketing call answers HTTP 500: no banner, popup or card; the page is otherwise intact.',
      responses: { [MARKETING_API.targetedPlan]: down, [MARKETING_API.userPlans]: down, [PRIZE_POP]: down, [PRIZE_GUIDE]: down },
    },
  ],
});
