import { isPlain, type HttpClient, type SiteFacts, getApiData, FIGURE_FAILED, loadAccountFigure } from '../../../core/plugin-api';
import { kycStatusNote, type KycStatusNote } from '../../../kit';
import { shapeNotice, type KycNoticeData } from './notice';

const KYC_API = {
  /** Default of the `noticePath` option: the spec names no path for the notice data. */
  notice: '/api/web/v1/kyc/notice',
} as const;

/**
 * The two footer-tips checks of spec 000 §7: the web API's, and the legacy `json_svr` one the account centre's back
 * end answers (the spec's other json_svr call, query_safe, is the account centre's fund password: spec 001 §7).
 */
const FOOTER_TIPS_API = {
  web: '/api/web/v1/kyc/footerTipsCheck',
  legacy: '/json_svr/footer_tips_check',
} as const;
export type FooterTipsSource = keyof typeof FOOTER_TIPS_API;

/** Which check a page asks: the legacy one under `legacyPaths` (a path covers its sub-paths), the web API's elsewhere. */
export function footerTipsSource(path: string, legacyPaths: readonly string[]): FooterTipsSource {
  return legacyPaths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`)) ? 'legacy' : 'web';
}

/** The tip bar's data (footerTipsCheck). */
interface FooterTips {
  is_show: boolean;
  tips_type: string;
  content: string;
}

/** The tip bar's loader data: the footer tips, and the user's KYC status when it is worth telling (else null). */
export interface TipBarData extends FooterTips {
  status: KycStatusNote | null;
}

/** GET the KYC/risk notice data from `path` (option noticePath); null on failure (spec: failure shows nothing). */
export async function fetchNotice(http: HttpClient, lang: string, path: string = KYC_API.notice): Promise<KycNoticeData | null> {
  return shapeNotice(await getApiData(http, path, { lang }));
}

/** The `data` of a legacy json_svr reply: `result` true and, when it has one, code 0; else undefined. */
async function getLegacyData(http: HttpClient, path: string): Promise<unknown> {
  const reply = await http.get<unknown>(path);
  if (!isPlain(reply) || reply.result !== true || (reply.code !== undefined && Number(reply.code) !== 0)) return undefined;
  return reply.data;
}

/** GET the footer KYC tips from the page's check; null on failure (the bar stays hidden). */
async function fetchFooterTips(http: HttpClient, source: FooterTipsSource = 'web'): Promise<FooterTips | null> {
  const path = FOOTER_TIPS_API[source];
  const data = source === 'legacy' ? await getLegacyData(http, path) : await getApiData(http, path);
  if (!isPlain(data)) return null;
  const show = data.is_show === true || Number(data.is_show) === 1;
  return { is_show: show, tips_type: typeof data.tips_type === 'string' ? data.tips_type : '', content: typeof data.content === 'string' ? data.content : '' };
}

/**
 * The user's KYC status (get_kyc_status) as the tip bar tells it: under review, not approved, or null (none,
 * approved, any other value, and a call that fails or answers malformed: the bar then shows its usual text).
 */
async function fetchKycStatusNote(http: HttpClient, region: Pick<SiteFacts, 'vipTier'>): Promise<KycStatusNote | null> {
  const status = await loadAccountFigure(http, 'kycStatus', region, (m) => console.warn(`[kyc] ${m}`));
  return status === FIGURE_FAILED ? null : kycStatusNote(status);
}

/** The tip bar's data: the footer tips and the KYC status, asked at once; null when the tips call fails. */
export async function fetchTipBar(http: HttpClient, source: FooterTipsSource, region: Pick<SiteFacts, 'vipTier'>): Promise<TipBarData | null> {
  const [tips, status] = await Promise.all([fetchFooterTips(http, source), fetchKycStatusNote(http, region)]);
  return tips && { ...tips, status };
}
