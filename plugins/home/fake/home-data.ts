import { demoTexts, fail, type FakeHandler, hash, notLogin, ok, publicAnswer, userOf } from '../../../core/plugin-api/fake-api';

const texts = demoTexts(import.meta.glob<typeof import('../locales/demo/en.json')>('../locales/demo/*.json', { eager: true, import: 'default' }));

/** Home static stats per region: realistic, stable per region key; public for 30 s (the same for every visitor). */
export const homeStats: FakeHandler = (req) => {
  const h = hash(`home-stats:${req.region ?? 'main'}`);
  return publicAnswer(
    ok({
      trading_volume: String(1_800_000_000 + (h % 900_000_000) + 0.52),
      curr_count: 3600 + (h % 400),
      user_register_count: String(30_000_000 + (h % 5_000_000)),
      simple_earn_apr_usdt: (4 + (h % 600) / 100).toFixed(2),
      max_profit_rate: (800 + (h % 900) + 0.4).toFixed(1),
      lend_earn_max_rate: (9 + (h % 500) / 100).toFixed(2),
      total_reserve_rate: (120 + (h % 1500) / 100).toFixed(2),
    }),
    30,
  );
};

/**
 * Download task: a 10 USDT task for visitors and for logged-in users whose uid hashes even; const_id required. The
 * visitors' answer is the same for all of them: public for 30 s.
 */
export const dlTaskInfo: FakeHandler = (req) => {
  const constId = req.query.get('const_id') ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(constId)) return fail(10400, 'const_id is required');
  const user = userOf(req);
  const task = (has: boolean) => ok({ has_dl_task: has ? 1 : 0, reward_num: has ? '10' : '0', reward_currency: 'USDT' });
  return user ? task(hash(`${user.uid}:${constId}`) % 2 === 0) : publicAnswer(task(true), 30);
};

/**
 * Sub-account info: logged in only; sub_uid of 1-20 digits; ids ending in 0 do not exist (code 10404); otherwise a
 * stable sub-account (type 1 normal or 4 managed; sub_type 0, 6 or 7).
 */
export const subAccountInfo: FakeHandler = (req) => {
  const user = userOf(req);
  if (!user) return notLogin();
  const subUid = req.query.get('sub_uid') ?? '';
  if (!/^\d{1,20}$/.test(subUid)) return fail(10400, texts(req).invalidSubUid);
  if (subUid.endsWith('0')) return fail(10404, texts(req).unknownSub);
  const h = hash(`${user.uid}:${subUid}`);
  return ok({
    sub_uid: subUid,
    nickname: `${user.nickname}_sub${subUid.slice(-3)}`,
    type: h % 3 === 0 ? 4 : 1,
    sub_type: [0, 0, 6, 7][h % 4],
    state: h % 7 === 0 ? 'frozen' : 'normal',
  });
};
