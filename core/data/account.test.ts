import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { firstValueFrom, toArray, take } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createTestHttp, type RecordedCall, type TestResponse } from '../testing/fake-http';
import { ShellState } from '../state/shell-state';
import { localeInfo } from '../i18n/locales';
import { defaultShellData } from './defaults';
import { REGION_KEYS } from '../config/region';
import { ACCOUNT_API, ACCOUNT_DEFAULTS, accountFigureAsked, FIGURE_FAILED, type AccountFetcher, type AccountKey } from './account';
import { loadAccountDatum, loadAccountFigure } from './account-load';

const USER = { ...defaultShellData().user, isLogin: true, uid: '42', nickname: 'alice' };
/** The account switches of region-configs/main.json and of a region without them. */
const MAIN = { vipTier: true };
const OTHER = {};

function stateWith(responses: Record<string, TestResponse>, loggedIn = true, withFetcher = true) {
  const calls: RecordedCall[] = [];
  const logs: string[] = [];
  const http = createTestHttp('browser', responses, calls);
  const fetchAccount: AccountFetcher = (key) => loadAccountFigure(http, key, MAIN, (m) => logs.push(m));
  const data = defaultShellData();
  const state = new ShellState({
    data: loggedIn ? { ...data, user: USER } : data,
    route: { path: '/', query: {}, params: {} },
    locale: localeInfo('en')!,
    viewportWidth: 1280,
    inApp: false,
    mobileAgent: false,
    fetchAccount: withFetcher ? fetchAccount : undefined,
  });
  return { state, calls, logs };
}

describe('account figures on demand', () => {
  it('asks nobody until a subscriber comes, then gives the default and the answer, one call for all subscribers', async () => {
    const { state, calls } = stateWith({ [ACCOUNT_API.funds]: { body: { code: 0, data: { total_btc: '0.5', total_usd: '32000' } } } });
    expect(calls).toEqual([]);
    const seen = firstValueFrom(state.account$('funds').pipe(take(2), toArray()));
    const again = firstValueFrom(state.account$('funds').pipe(take(2), toArray()));
    expect(await seen).toEqual([ACCOUNT_DEFAULTS.funds, { total_btc: '0.5', total_usd: '32000' }]);
    expect(await again).toEqual(await seen);
    expect(calls.map((c) => c.path)).toEqual([ACCOUNT_API.funds]);
  });

  it('shapes each figure: a tier as a JSON string, the KYC status, the sub-account type', async () => {
    const { state } = stateWith({
      [ACCOUNT_API.tier]: { body: { code: 0, data: '{"tier":3}' } },
      [ACCOUNT_API.kycStatus]: { body: { code: 0, data: { kyc_status: 2 } } },
      [ACCOUNT_API.subUserType]: { body: { code: 0, data: { type: 4, sub_type: '7' } } },
    });
    const last = <T>(o: import('rxjs').Observable<T>) => firstValueFrom(o.pipe(take(2), toArray())).then((v) => v[1]);
    expect(await last(state.account$('tier'))).toBe(3);
    expect(await last(state.account$('kycStatus'))).toBe(2);
    expect(await last(state.account$('subUserType'))).toEqual({ type: 4, sub_type: 7 });
  });

  it('asks for the VIP tier only where the region config switches it on (spec 000 §6: main)', async () => {
    const trial = { trial: { tier: 2, expire_time: 1893456000 } };
    const last = <T>(o: import('rxjs').Observable<T>) => firstValueFrom(o.pipe(take(2), toArray())).then((v) => v[1]);
    const main = stateWith({ [ACCOUNT_API.vipTier]: { body: { code: 0, data: { ...trial, extra: 1 } } } });
    expect(await last(main.state.account$('vipTier'))).toEqual(trial);
    expect(main.calls.map((c) => c.path)).toEqual([ACCOUNT_API.vipTier]);
    const calls: RecordedCall[] = [];
    const http = createTestHttp('browser', { [ACCOUNT_API.vipTier]: { body: { code: 0, data: trial } } }, calls);
    expect(await loadAccountDatum(http, 'vipTier', OTHER, () => {})).toBe(ACCOUNT_DEFAULTS.vipTier);
    expect(await loadAccountDatum(http, 'vipTier', { vipTier: false }, () => {})).toBe(ACCOUNT_DEFAULTS.vipTier);
    expect(calls).toEqual([]);
  });

  it('falls back to the documented default, with a log line, on a failed or non-zero answer', async () => {
    const { state, logs } = stateWith({ [ACCOUNT_API.tier]: { status: 500 }, [ACCOUNT_API.kycStatus]: { body: { code: 10001, data: { kyc_status: 2 } } } });
    const tier: unknown[] = [];
    const kyc: unknown[] = [];
    state.account$('tier').subscribe((v) => tier.push(v));
    state.account$('kycStatus').subscribe((v) => kyc.push(v));
    await vi.waitFor(() => expect(logs.some((l) => l.includes(ACCOUNT_API.kycStatus) && l.includes('code 10001'))).toBe(true));
    // The default again is no change: each stream shows its default once.
    expect(tier).toEqual([null]);
    expect(kyc).toEqual([0]);
  });

  it('makes no call for a visitor, nor where the state has no fetcher (the server)', async () => {
    for (const [loggedIn, withFetcher] of [
      [false, true],
      [true, false],
    ]) {
      const { state, calls } = stateWith({ '*': { body: { code: 0, data: { total_usd: '1' } } } }, loggedIn, withFetcher);
      const values: unknown[] = [];
      const sub = state.account$('funds').subscribe((v) => values.push(v));
      // A visitor's stream is complete at once: the default, nothing to wait for.
      expect(values).toEqual([ACCOUNT_DEFAULTS.funds]);
      sub.unsubscribe();
      expect(calls).toEqual([]);
    }
  });

  it('asks again for a new user, and not again for the same one', async () => {
    const asked: string[] = [];
    const state = new ShellState({
      data: { ...defaultShellData(), user: USER },
      route: { path: '/', query: {}, params: {} },
      locale: localeInfo('en')!,
      viewportWidth: 1280,
      inApp: false,
      mobileAgent: false,
      fetchAccount: ((key: 'kycStatus') => (asked.push(key), Promise.resolve(asked.length))) as AccountFetcher,
    });
    const values: unknown[] = [];
    state.account$('kycStatus').subscribe((v) => values.push(v));
    await vi.waitFor(() => expect(values).toEqual([0, 1]));
    state.update('user', { ...USER });
    state.update('user', { ...USER, uid: '43' });
    await vi.waitFor(() => expect(values).toEqual([0, 1, 0, 2]));
    expect(asked).toEqual(['kycStatus', 'kycStatus']);
  });

  it('says where each figure stands: pending, then ready with the answer, or failed with the default', async () => {
    const { state } = stateWith({
      [ACCOUNT_API.funds]: { body: { code: 0, data: { total_btc: '0', total_usd: '0' } } },
      [ACCOUNT_API.tier]: { status: 500 },
    });
    const funds = firstValueFrom(state.accountFigure$('funds').pipe(take(2), toArray()));
    const tier = firstValueFrom(state.accountFigure$('tier').pipe(take(2), toArray()));
    // A real zero balance is ready; a failed call is marked failed, so no view shows its default as the answer.
    expect(await funds).toEqual([
      { status: 'pending', value: ACCOUNT_DEFAULTS.funds },
      { status: 'ready', value: { total_btc: '0', total_usd: '0' } },
    ]);
    expect(await tier).toEqual([
      { status: 'pending', value: null },
      { status: 'failed', value: null },
    ]);
  });

  it("a visitor's figures are the defaults, ready; the server's (no fetcher) stay pending", () => {
    const visitor = stateWith({}, false).state;
    const server = stateWith({}, true, false).state;
    const now = (s: ShellState) => {
      let seen: unknown;
      s.accountFigure$('kycStatus')
        .subscribe((f) => (seen = f))
        .unsubscribe();
      return seen;
    };
    expect(now(visitor)).toEqual({ status: 'ready', value: 0 });
    expect(now(server)).toEqual({ status: 'pending', value: 0 });
  });

  it('loadAccountFigure answers FIGURE_FAILED on failure; loadAccountDatum the documented default', async () => {
    const http = createTestHttp('browser', { '*': { body: { code: 500123 } } });
    expect(await loadAccountFigure(http, 'funds', MAIN, () => {})).toBe(FIGURE_FAILED);
    expect(await loadAccountDatum(http, 'funds', MAIN, () => {})).toBe(ACCOUNT_DEFAULTS.funds);
  });

  it('asks for every other figure whatever the region switches', () => {
    const keys = Object.keys(ACCOUNT_API) as AccountKey[];
    fc.assert(
      fc.property(fc.constantFrom(...keys.filter((k) => k !== 'vipTier')), fc.record({ vipTier: fc.boolean() }, { requiredKeys: [] }), (key, region) =>
        accountFigureAsked(key, region),
      ),
    );
  });

  it('the region files switch the VIP tier on for the main site only', () => {
    const on = REGION_KEYS.filter((key) => {
      const config = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../region-configs', `${key}.json`), 'utf8')) as { vipTier?: boolean };
      return config.vipTier === true;
    });
    expect(on).toEqual(['main']);
  });
});
