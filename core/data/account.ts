import { BehaviorSubject, distinctUntilChanged, map, Observable } from 'rxjs';
import type { RegionConfig } from '../config/region';
import type { SubUserType, TotalFunds, UserState, VipTier } from './types';

/**
 * A logged-in user's account figures of spec 000 §3 and §7 that no first render shows: the user tier, total funds
 * (`total_usd` of the client state), KYC status, sub-account type, and the VIP tier (user menu, closed on arrival).
 * The shell's render waits on none of them: the browser asks once a view or effect subscribes (`ShellState.account$`
 * / `accountFigure$`; the calls: account-load.ts). A plugin whose server render tells one asks for it in its own
 * loader (the KYC tip bar: the KYC status of a user it reminds).
 * A visitor's are the defaults, with no call; a failed call gives its documented default (spec 000 §8) and a log line,
 * and its figure says `failed`, so a view shows a dash or nothing rather than the default as if it were the answer.
 */
export interface AccountData {
  /** get_user_tier: null when unknown. */
  tier: number | null;
  funds: TotalFunds;
  kycStatus: number;
  subUserType: SubUserType | null;
  /** get-user-tier: the VIP trial (spec 000 §6: asked for only where the region's `vipTier` is on: main). */
  vipTier: VipTier;
}

export type AccountKey = keyof AccountData;

export const DEFAULT_FUNDS: TotalFunds = { total_btc: '0', total_usd: '0' };

export const DEFAULT_VIP_TIER: VipTier = Object.freeze({ trial: Object.freeze({ tier: 0, expire_time: 0 }) });

export const ACCOUNT_DEFAULTS: Readonly<AccountData> = Object.freeze({
  tier: null,
  funds: DEFAULT_FUNDS,
  kycStatus: 0,
  subUserType: null,
  vipTier: DEFAULT_VIP_TIER,
});

export const ACCOUNT_API: Readonly<Record<AccountKey, string>> = {
  tier: '/api/web/v1/usercenter/get_user_tier',
  funds: '/apiw/v2/account/total_funds',
  kycStatus: '/api/web/v1/usercenter/get_kyc_status',
  subUserType: '/api/web/v1/usercenter/get_sub_user_type',
  vipTier: '/api/web/v1/vip-center/get-user-tier',
};

/** The region settings an account figure's call depends on (`vipTier`: the region config's switch). */
export type AccountRegion = Pick<RegionConfig, 'vipTier'>;

/**
 * Whether a region asks the back end for a figure: the ones a region switches on (spec 000 §6: the VIP tier, on main
 * by its `vipTier: true`), every other one everywhere. Where not asked, the figure is its default with no call.
 */
export function accountFigureAsked(key: AccountKey, region: AccountRegion): boolean {
  return key === 'vipTier' ? region.vipTier === true : true;
}

/** What a fetcher answers for a figure whose call failed (the stream then carries the default, marked `failed`). */
export const FIGURE_FAILED: unique symbol = Symbol('account figure failed');

/** Fetches one figure for the current user (left out where a state never fetches: the server, tests). */
export type AccountFetcher = <K extends AccountKey>(key: K) => Promise<AccountData[K] | typeof FIGURE_FAILED>;

/** `pending`: not answered yet (or never asked: the server); `ready`: the answer (a visitor's default); `failed`. */
type FigureStatus = 'pending' | 'ready' | 'failed';

/** One figure with where it stands. */
export interface AccountFigure<T> {
  readonly status: FigureStatus;
  readonly value: T;
}

/**
 * The stream of one figure: pending with the default first, then the back end's answer (or the default, failed),
 * asked for once per logged-in user (again when the user changes) and shared by every subscriber. A visitor's is the
 * default, ready, with no call; a state without a fetcher (the server) stays pending.
 * (Built from the rxjs pieces the pages' shared rx chunk already has: this runs in every page's critical code.)
 */
export function accountFigureStream<K extends AccountKey>(
  user$: Observable<UserState>,
  key: K,
  fetch: AccountFetcher | undefined,
): Observable<AccountFigure<AccountData[K]>> {
  const fallback = ACCOUNT_DEFAULTS[key];
  const pending: AccountFigure<AccountData[K]> = { status: 'pending', value: fallback };
  const figure$ = new BehaviorSubject(pending);
  /** The uid the current figure is for ('' for a visitor); undefined before the first subscriber. */
  let askedFor: string | undefined;
  return new Observable<AccountFigure<AccountData[K]>>((subscriber) => {
    const users = user$.subscribe((user) => {
      const uid = user.isLogin ? user.uid : '';
      if (uid === askedFor) return;
      askedFor = uid;
      figure$.next(uid ? pending : { status: 'ready', value: fallback });
      if (!uid || !fetch) return;
      void fetch(key).then((value) => {
        if (askedFor !== uid) return;
        figure$.next(value === FIGURE_FAILED ? { status: 'failed', value: fallback } : { status: 'ready', value });
      });
    });
    const figures = figure$.subscribe(subscriber);
    return () => {
      users.unsubscribe();
      figures.unsubscribe();
    };
  });
}

/** A figure stream's values only: the default first, then the answer (a failure keeps the default). */
export function figureValues<T>(figure$: Observable<AccountFigure<T>>): Observable<T> {
  return figure$.pipe(
    map((f) => f.value),
    distinctUntilChanged(),
  );
}
