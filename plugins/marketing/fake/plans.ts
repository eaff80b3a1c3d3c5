import { i18nTag, demoTexts, fail, type FakeHandler, type FakeRequest, type FakeResponse, fill, ok } from '../../../core/plugin-api/fake-api';
import { ALPHA_SCENE } from '../types';
import EN from '../locales/demo/en.json';

type Texts = typeof EN;
/** Plan titles and copy as the back end sends them, in the request's language (demo-texts.ts). */
export const planTexts = demoTexts(import.meta.glob<Texts>('../locales/demo/*.json', { eager: true, import: 'default' }));

/** The summer campaign counts trades strictly before this day (00:00 UTC). */
const CAMPAIGN_DEADLINE = Date.UTC(2025, 5, 30);

/** The campaign deadline as a language writes a day and month (Intl, long month, UTC): "June 30", "30. Juni", "6月30日". */
export const campaignDeadline = (lng: string) =>
  new Intl.DateTimeFormat(i18nTag(lng), { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(CAMPAIGN_DEADLINE);

/** The homepage banner of the `homepage-banner` persona, its text and deadline in one language (a folder code). */
export const homePlan = (t: Texts = EN, lng = 'en') => ({
  plan_id: 'P20250601-0042',
  plan_name: 'summer_trading_festival_home',
  title: t.homePlan.title,
  content: fill(t.homePlan.content, { deadline: campaignDeadline(lng) }),
  img: '/cdn/marketing/home-banner.svg',
  img_h5: '/cdn/marketing/home-banner-h5.svg',
  url: '/competition/center',
  position: 'index',
  extras: {},
});
export const HOME_PLAN = homePlan();

/** A VIP popup plan of a type and tier. */
export function vipPlan(type: 'VIP_EXPIRED' | 'VIP_INACTIVE' | 'VIP_UPGRADED', tier: number, t: Texts = EN) {
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
      benefit_title: fill(t.vip.benefitTitle, { tier }),
      benefit_1_content: fill(t.vip.fee, { fee: (0.1 - tier * 0.01).toFixed(3) }),
      benefit_1_img: '/cdn/marketing/vip-fee.svg',
      benefit_2_content: fill(t.vip.withdraw, { amount: String((2 + tier) * 1_000_000) }),
      benefit_2_img: '/cdn/marketing/vip-withdraw.svg',
      benefit_3_content: t.vip.manager,
      benefit_3_img: '/cdn/marketing/vip-support.svg',
      button_copywriting: type === 'VIP_UPGRADED' ? t.vip.explore : t.vip.restore,
    },
  };
}

/** The alpha cards of the `alpha-cards` persona (sort order 3, 1, 2 on purpose). */
export const alphaCards = (t: Texts = EN) => [
  {
    id: '9103',
    title: t.alpha.zeroFee,
    url: '/alpha',
    img: '/cdn/marketing/alpha-3.svg',
    img_v2: '/cdn/marketing/alpha-3.svg',
    sort: 3,
    plan_name: 'alpha_zero_fee',
    data_type: 'activity',
  },
  {
    id: '9101',
    title: t.alpha.newListing,
    url: '/alpha',
    img: '/cdn/marketing/alpha-1.svg',
    img_v2: '/cdn/marketing/alpha-1.svg',
    sort: 1,
    plan_name: 'alpha_new_listing',
    data_type: 'listing',
  },
  {
    id: '9102',
    title: t.alpha.points,
    url: '/alpha',
    img: '/cdn/marketing/alpha-2.svg',
    img_v2: '/cdn/marketing/alpha-2.svg',
    sort: 2,
    plan_name: 'alpha_points',
    data_type: 'activity',
  },
];
export const ALPHA_CARDS = alphaCards();

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

/** A persona handler answering the plan (made in the request's language) for one position, the base answer otherwise. */
export function forPosition(position: string, plan: (req: FakeRequest) => unknown): FakeHandler {
  return (req, next) => (req.query.get('position') === position ? ok({ list: [plan(req)] }) : (next?.() ?? ok({ list: [] })));
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
