import { defineFakeApi, demoTexts, type FakeHandler, hash, notLogin, ok, userOf } from '../../core/plugin-api/fake-api';

const REBATE = '/api/web/v1/rebate/get_user_info';
const DAY = 86_400;

/** Task and competition names as the back end sends them, in the request's language (demo-texts.ts). */
const texts = demoTexts(import.meta.glob<typeof import('./locales/demo/en.json')>('./locales/demo/*.json', { eager: true, import: 'default' }));

/** Rebate user info (spec 001 §3): invite code and encrypted uid stable per uid; agency_type 0 unless a persona says. */
export function rebateInfoFor(uid: string, agencyType = 0) {
  const h = hash(`rebate:${uid}`);
  return {
    kol_code: `V${h.toString(36).toUpperCase().padStart(7, '0').slice(0, 7)}`,
    encrypted_uid: hash(`enc:${uid}`).toString(16).padStart(8, '0') + h.toString(16).padStart(8, '0'),
    agency_type: agencyType,
  };
}

const rebate =
  (agencyType = 0): FakeHandler =>
  (req) => {
    const user = userOf(req);
    return user ? ok(rebateInfoFor(user.uid, agencyType)) : notLogin();
  };

const REWARDS = [
  { id: 'first_deposit', amount: '20', url: '/myaccount/deposit/USDT' },
  { id: 'first_trade', amount: '10', url: '/trade/BTC_USDT' },
  { id: 'enable_2fa', amount: '5', url: '/myaccount/security' },
  { id: 'invite_friend', amount: '15', url: '/referral' },
];
const STATUSES = ['todo', 'claimable', 'done'];

/** Reward tasks; a logged-in user's progress is stable per uid and task, a visitor's is all to do. */
const rewards: FakeHandler = (req) => {
  const uid = userOf(req)?.uid;
  const t = texts(req).rewards;
  return ok({
    list: REWARDS.map((r) => {
      const { title, desc } = t[r.id as keyof typeof t];
      return {
        id: r.id,
        title,
        desc,
        reward_amount: r.amount,
        reward_currency: 'USDT',
        status: uid ? STATUSES[hash(`${uid}:${r.id}`) % 3] : 'todo',
        url: r.url,
      };
    }),
  });
};

/** Competitions around today (UTC day): one running, one upcoming, one ended. */
const competitions: FakeHandler = (req) => {
  const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
  const names = texts(req).competitions;
  const items = [
    { id: 'futures-masters', status: 'ongoing', prize_pool: '500000', start_time: today - 10 * DAY, end_time: today + 20 * DAY, participants: 18342 },
    { id: 'spot-sprint', status: 'upcoming', prize_pool: '120000', start_time: today + 7 * DAY, end_time: today + 21 * DAY, participants: 0 },
    { id: 'newcomer-cup', status: 'ended', prize_pool: '50000', start_time: today - 45 * DAY, end_time: today - 15 * DAY, participants: 9521 },
  ];
  return ok({ list: items.map((c) => ({ ...c, title: names[c.id as keyof typeof names], currency: 'USDT', url: `/competition/${c.id}` })) });
};

/** Referral statistics, stable per uid. */
const referral: FakeHandler = (req) => {
  const user = userOf(req);
  if (!user) return notLogin();
  const invitees = hash(`invitees:${user.uid}`) % 40;
  return ok({ invitees, rewards: (invitees * 3.75).toFixed(2), currency: 'USDT', commission_rate: '20' });
};

/** Rebate info and the growth pages' endpoints; personas for the affiliate and partner roles. */
export default defineFakeApi({
  name: 'growth-tabs',
  routes: {
    [`GET ${REBATE}`]: rebate(),
    'GET /api/web/v1/growth/rewards-hub/list': rewards,
    'GET /api/web/v1/growth/competition/list': competitions,
    'GET /api/web/v1/growth/referral/overview': referral,
  },
  scenarios: [
    {
      name: 'affiliate',
      description: 'Logged-in affiliate (rebate agency_type 1): the growth tab bar adds the affiliate tab.',
      extends: 'verified-user',
      responses: { [REBATE]: rebate(1) },
    },
    {
      name: 'partner',
      description: 'Logged-in partner (rebate agency_type 3): the growth tab bar adds the broker tab.',
      extends: 'verified-user',
      responses: { [REBATE]: rebate(3) },
    },
  ],
});
