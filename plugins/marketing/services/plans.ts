import type { CookieJar, HttpClient } from '../../../core/plugin-api';
import { MARKETING_API, logFallback, type Envelope } from '../types';

/** A targeted popup plan (spec 001 §3). */
export interface MarketingPlan {
  plan_id: string;
  plan_name: string;
  title: string;
  content: string;
  img: string;
  img_h5: string;
  url: string;
  position: string;
  extras: Record<string, string>;
}

/** VIP popup types (spec 001 §3). */
const VIP_POPUP_TYPES = ['VIP_EXPIRED', 'VIP_INACTIVE', 'VIP_UPGRADED'] as const;
type VipPopupType = (typeof VIP_POPUP_TYPES)[number];

/** The VIP extras of a plan. */
export interface VipExtras {
  tier: number;
  benefit_title: string;
  benefits: Array<{ content: string; img: string }>;
  button_copywriting: string;
  vip_popup_type: VipPopupType;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The first plan of a list reply, or null (pure). */
export function firstPlan(data: unknown): MarketingPlan | null {
  const list = data && typeof data === 'object' ? (data as { list?: unknown }).list : undefined;
  const raw: unknown = Array.isArray(list) ? list[0] : undefined;
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const extrasRaw = typeof p.extras === 'string' ? safeJson(p.extras) : p.extras;
  const extras =
    extrasRaw && typeof extrasRaw === 'object' ? Object.fromEntries(Object.entries(extrasRaw as Record<string, unknown>).map(([k, v]) => [k, str(v)])) : {};
  const plan = {
    plan_id: str(p.plan_id),
    plan_name: str(p.plan_name),
    title: str(p.title),
    content: str(p.content),
    img: str(p.img),
    img_h5: str(p.img_h5),
    url: str(p.url),
    position: str(p.position),
    extras,
  };
  return plan.title || plan.img || plan.img_h5 || Object.keys(extras).length ? plan : null;
}

/** The VIP extras when the plan is a valid VIP popup, else null (pure). */
export function vipExtras(plan: MarketingPlan | null): VipExtras | null {
  if (!plan) return null;
  const e = plan.extras;
  const type = e.vip_popup_type as VipPopupType;
  if (!VIP_POPUP_TYPES.includes(type)) return null;
  const tier = Number(e.tier);
  const benefits = [1, 2, 3].map((i) => ({ content: e[`benefit_${i}_content`] ?? '', img: e[`benefit_${i}_img`] ?? '' })).filter((b) => b.content);
  return {
    tier: Number.isInteger(tier) && tier >= 0 && tier <= 20 ? tier : 0,
    benefit_title: e.benefit_title ?? '',
    benefits,
    button_copywriting: e.button_copywriting ?? '',
    vip_popup_type: type,
  };
}

/** The device id sent to marketing calls: the `finger_print` cookie when present. */
export function deviceId(cookies: Pick<CookieJar, 'get'>): string {
  const v = cookies.get('finger_print') ?? '';
  return /^[A-Za-z0-9._:-]{1,128}$/.test(v) ? v : '';
}

/** GET targeted-popup-plan/list; null (and a log line) on failure or an empty list. */
export async function fetchTargetedPlan(http: HttpClient, query: { position: string; resourceType: number; deviceId: string }): Promise<MarketingPlan | null> {
  try {
    const reply = await http.get<Envelope>(MARKETING_API.targetedPlan, {
      position: query.position,
      device_id: query.deviceId || undefined,
      resource_type: query.resourceType,
    });
    if (!reply || reply.code !== 0) {
      logFallback(`targeted plan '${query.position}' unavailable`, reply?.message ?? 'no reply');
      return null;
    }
    return firstPlan(reply.data);
  } catch (err) {
    logFallback(`targeted plan '${query.position}' failed`, (err as Error)?.message);
    return null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
