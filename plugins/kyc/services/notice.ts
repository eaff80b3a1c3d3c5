import { isPlain } from '../../../core/plugin-api';
import { DEFAULT_RISK_COOKIE, UPGRADE_NOTICE_HOURS } from './rules';

/** KYC notice data (spec 001 §3) as the notice endpoint returns it. */
export interface KycNoticeData {
  show_kyc_upgrade_notice: boolean;
  is_risk_user: boolean;
  /** Hours between two risk notices; 0 shows it every time. */
  risk_user_guide_frequency: number;
  risk_user_guide_cookie_key: string;
  risk_user_guide_msg: string;
  /** 1 means closable. */
  risk_user_guide_be_closed: number;
  risk_user_guide_url: string;
}

/** What to show, and the cookie that remembers it was shown. */
export type NoticeDecision =
  | { kind: 'risk'; message: string; closable: boolean; url: string; cookie: { name: string; maxAge: number } | null }
  | { kind: 'upgrade'; cookie: { name: string; maxAge: number } };

const COOKIE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Shapes an endpoint reply's `data`; anything unusable gives null (show nothing). */
export function shapeNotice(data: unknown): KycNoticeData | null {
  if (!isPlain(data)) return null;
  const frequency = Number(data.risk_user_guide_frequency);
  return {
    show_kyc_upgrade_notice: truthy(data.show_kyc_upgrade_notice),
    is_risk_user: truthy(data.is_risk_user),
    risk_user_guide_frequency: Number.isFinite(frequency) && frequency > 0 ? frequency : 0,
    risk_user_guide_cookie_key: typeof data.risk_user_guide_cookie_key === 'string' ? data.risk_user_guide_cookie_key : '',
    risk_user_guide_msg: typeof data.risk_user_guide_msg === 'string' ? data.risk_user_guide_msg : '',
    risk_user_guide_be_closed: Number(data.risk_user_guide_be_closed) === 1 ? 1 : 0,
    risk_user_guide_url: typeof data.risk_user_guide_url === 'string' ? data.risk_user_guide_url : '',
  };
}

/** The risk notice's cookie name: the server's key when it is a valid cookie name, else RISK_IP_USER. */
export function riskCookieName(key: string): string {
  return COOKIE_NAME.test(key) ? key : DEFAULT_RISK_COOKIE;
}

/**
 * Spec 001 §4. A risk user gets the risk notice (never the upgrade notice): every time when the frequency is 0,
 * otherwise once per cookie period of `frequency` hours. Otherwise the upgrade notice shows once per 12 hours.
 */
export function decideNotice(data: KycNoticeData | null, hasCookie: (name: string) => boolean, upgradeCookie: string): NoticeDecision | null {
  if (!data) return null;
  if (data.is_risk_user) {
    const name = riskCookieName(data.risk_user_guide_cookie_key);
    const hours = data.risk_user_guide_frequency;
    if (hours > 0 && hasCookie(name)) return null;
    return {
      kind: 'risk',
      message: data.risk_user_guide_msg,
      closable: data.risk_user_guide_be_closed === 1,
      url: data.risk_user_guide_url,
      cookie: hours > 0 ? { name, maxAge: Math.round(hours * 3600) } : null,
    };
  }
  if (data.show_kyc_upgrade_notice && !hasCookie(upgradeCookie)) {
    return { kind: 'upgrade', cookie: { name: upgradeCookie, maxAge: UPGRADE_NOTICE_HOURS * 3600 } };
  }
  return null;
}
