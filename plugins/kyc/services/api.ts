import { isPlain, type HttpClient, getApiData } from '../../../core';
import { shapeNotice, type KycNoticeData } from './notice';

const KYC_API = {
  /** Default of the `noticePath` option: the spec names no path for the notice data. */
  notice: '/api/web/v1/kyc/notice',
  footerTips: '/api/web/v1/kyc/footerTipsCheck',
} as const;

/** The tip bar's data (footerTipsCheck). */
export interface FooterTips {
  is_show: boolean;
  tips_type: string;
  content: string;
}

/** GET the KYC/risk notice data from `path` (option noticePath); null on failure (spec: failure shows nothing). */
export async function fetchNotice(http: HttpClient, lang: string, path: string = KYC_API.notice): Promise<KycNoticeData | null> {
  return shapeNotice(await getApiData(http, path, { lang }));
}

/** GET the footer KYC tips; null on failure (the bar stays hidden). */
export async function fetchFooterTips(http: HttpClient): Promise<FooterTips | null> {
  const data = await getApiData(http, KYC_API.footerTips);
  if (!isPlain(data)) return null;
  const show = data.is_show === true || Number(data.is_show) === 1;
  return { is_show: show, tips_type: typeof data.tips_type === 'string' ? data.tips_type : '', content: typeof data.content === 'string' ? data.content : '' };
}
