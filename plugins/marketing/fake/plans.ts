import { fail, ok, type FakeHandler, type FakeResponse } from '../../../host/fake-api/types';
import { ALPHA_SCENE } from '../types';

/** The homepage banner of the `homepage-banner` persona. */
export const HOME_PLAN = {
  plan_id: 'P20250601-0042',
  plan_name: 'summer_trading_festival_home',
  title: 'Trade to share 50,000 USDT',
  content: 'Join the Summer Trading Festival: trade spot or futures before 30 June and share a 50,000 USDT prize pool.',
  img: '/cdn/marketing/home-banner.svg',
  img_h5: '/cdn/marketing/home-banner-h5.svg',
  url: '/competition/center',
  position: 'index',
  extras: {},
};

/** A VIP popup plan of a type and tier. */
export function vipPlan(type: 'VIP_EXPIRED' | 'VIP_INACTIVE' | 'VIP_UPGRADED', tier: number) {
  return {
    plan_id: `VIP-${type}-${tier}`,
    plan_name: `vip_popup_${type.toLowerCase()}`,
    title: '',
    content: '',
    img: '',
    img_h5: '',
    url: '/vip',
    position: 'vip_index',
    extras: {
      tier: String(tier),
      vip_popup_type: type,
      benefit_title: `VIP ${tier} benefits`,
      benefit_1_content: `Spot maker fee down to ${(0.1 - tier * 0.01).toFixed(3)}%`,
      benefit_1_img: '/cdn/marketing/vip-fee.svg',
      benefit_2_content: `Daily withdrawal limit up to ${(2 + tier) * 1_000_000} USDT`,
      benefit_2_img: '/cdn/marketing/vip-withdraw.svg',
      benefit_3_content: 'A dedicated account manager, around the clock',
      benefit_3_img: '/cdn/marketing/vip-support.svg',
      button_copywriting: type === 'VIP_UPGRADED' ? 'Explore my benefits' : 'Restore VIP status',
    },
  };
}

/** The alpha cards of the `alpha-cards` persona (sort order 3, 1, 2 on purpose). */
export const ALPHA_CARDS = [
  { id: '9103', title: 'Trade alpha tokens with 0 fees this week', url: '/alpha', img: '/cdn/marketing/alpha-3.svg', img_v2: '/cdn/marketing/alpha-3.svg', sort: 3, plan_name: 'alpha_zero_fee', data_type: 'activity' },
  { id: '9101', title: 'New on Alpha: buy early-stage tokens with USDT', url: '/alpha', img: '/cdn/marketing/alpha-1.svg', img_v2: '/cdn/marketing/alpha-1.svg', sort: 1, plan_name: 'alpha_new_listing', data_type: 'listing' },
  { id: '9102', title: 'Alpha points: earn rewards on every order', url: '/alpha', img: '/cdn/marketing/alpha-2.svg', img_v2: '/cdn/marketing/alpha-2.svg', sort: 2, plan_name: 'alpha_points', data_type: 'activity' },
];

/** Default targeted plans: none running (position and resource_type required). */
export const targetedPlans: FakeHandler = (req) => {
  if (!/^[a-z_]{1,32}$/.test(req.query.get('position') ?? '')) return fail(10400, 'position is required');
  if (!/^\d+$/.test(req.query.get('resource_type') ?? '')) return fail(10400, 'resource_type is required');
  return ok({ list: [] });
};

/** Default user plans: no alpha cards (spread_scene required). */
export const userPlans: FakeHandler = (req) => {
  if (req.query.get('spread_scene') !== ALPHA_SCENE) return fail(10400, 'unknown spread_scene');
  return ok({ card_list: [], currency: (req.query.get('currency') ?? '').toUpperCase() || 'USDT' });
};

/** Newbie prize guide: the total of the beginner tasks. */
export const prizeGuide: FakeHandler = () => ok({ prize_num: '6000', currency: 'USDT' });

/** A persona handler answering `body` for one position and the base answer otherwise. */
export function forPosition(position: string, plan: unknown): FakeHandler {
  return (req, next) => (req.query.get('position') === position ? ok({ list: [plan] }) : (next?.() ?? ok({ list: [] })));
}

/** Adds the experiment variable to the base newbie prize answer. */
export function withExperiment(value: number): FakeHandler {
  return async (_req, next) => {
    const base: FakeResponse = (await next?.()) ?? ok({});
    const body = base.body as { code?: number; data?: Record<string, unknown> } | undefined;
    if (!body || body.code !== 0 || !body.data) return base;
    return { ...base, body: { ...body, data: { ...body.data, newbie_exp: value } } };
  };
}
