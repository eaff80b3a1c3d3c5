import { isPlain, type HttpClient, getApiData } from '../../../core/plugin-api';

/** rebate is spec 001 §7; the other three are the defaults of the `endpoints` option (the spec names no path). */
export const GROWTH_API = {
  rebate: '/api/web/v1/rebate/get_user_info',
  rewards: '/api/web/v1/growth/rewards-hub/list',
  competitions: '/api/web/v1/growth/competition/list',
  referral: '/api/web/v1/growth/referral/overview',
} as const;

/** Spec 001 §3 rebate user info. */
export interface RebateInfo {
  kol_code: string;
  encrypted_uid: string;
  agency_type: number;
}

export interface RewardItem {
  id: string;
  title: string;
  desc: string;
  amount: string;
  currency: string;
  /** 'todo' | 'claimable' | 'done'. */
  status: string;
  url: string;
}

export interface CompetitionItem {
  id: string;
  title: string;
  /** 'ongoing' | 'upcoming' | 'ended'. */
  status: string;
  prize_pool: string;
  currency: string;
  start_time: number;
  end_time: number;
  participants: number;
  url: string;
}

export interface ReferralOverview {
  invitees: number;
  rewards: string;
  currency: string;
  commission_rate: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** Shapes get_user_info; null when unusable. agency_type outside 0-4 counts as 0 (normal). */
export function shapeRebateInfo(data: unknown): RebateInfo | null {
  if (!isPlain(data)) return null;
  const type = Number(data.agency_type);
  return { kol_code: str(data.kol_code), encrypted_uid: str(data.encrypted_uid), agency_type: Number.isInteger(type) && type >= 0 && type <= 4 ? type : 0 };
}

const list = (data: unknown) => (isPlain(data) && Array.isArray(data.list) ? data.list.filter(isPlain) : null);

export const fetchRebateInfo = async (http: HttpClient) => shapeRebateInfo(await getApiData(http, GROWTH_API.rebate));

/** Rewards hub tasks; null on failure. */
export async function fetchRewards(http: HttpClient, lang: string, path: string = GROWTH_API.rewards): Promise<RewardItem[] | null> {
  return (
    list(await getApiData(http, path, { lang }))?.map((r) => ({
      id: str(r.id),
      title: str(r.title),
      desc: str(r.desc),
      amount: str(r.reward_amount),
      currency: str(r.reward_currency),
      status: str(r.status),
      url: str(r.url),
    })) ?? null
  );
}

/** Competitions; null on failure. */
export async function fetchCompetitions(http: HttpClient, lang: string, path: string = GROWTH_API.competitions): Promise<CompetitionItem[] | null> {
  return (
    list(await getApiData(http, path, { lang }))?.map((c) => ({
      id: str(c.id),
      title: str(c.title),
      status: str(c.status),
      prize_pool: str(c.prize_pool),
      currency: str(c.currency),
      start_time: num(c.start_time),
      end_time: num(c.end_time),
      participants: num(c.participants),
      url: str(c.url),
    })) ?? null
  );
}

/** Referral statistics; null on failure. */
export async function fetchReferral(http: HttpClient, path: string = GROWTH_API.referral): Promise<ReferralOverview | null> {
  const d = await getApiData(http, path);
  if (!isPlain(d)) return null;
  return { invitees: num(d.invitees), rewards: str(d.rewards), currency: str(d.currency) || 'USDT', commission_rate: str(d.commission_rate) };
}
