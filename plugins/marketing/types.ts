/** The marketing plugin's options (schema.json is the source of truth; defaults applied). */
export interface MarketingOptions {
  homepageBanner: { enabled: boolean; position: string; resourceType: number };
  vipPopup: { enabled: boolean; regions: string[]; position: string; resourceType: number; autoCloseMs: number };
  alphaBanner: { enabled: boolean; paths: string[]; resourceType: number; closeHours: number; throttleMs: number };
  newbie: { enabled: boolean; prizePopPath: string; guidePath: string; experimentField: string; maxPerDay: number; minGapMinutes: number; paths: string[] };
  perkBanner: { enabled: boolean; closeHours: number };
  promoBanner: { enabled: boolean; variant: 'line' | 'shadow' | 'horizontal'; link: string; commissionRate: number; closeHours: number };
}

/** Endpoints of spec 001 §7 (the newbie prize paths come from the options). */
export const MARKETING_API = {
  targetedPlan: '/api/web/v1/marketing/targeted-popup-plan/list',
  userPlans: '/api/web/v1/marketing/get-user-plans',
} as const;

/** spread_scene of the alpha banner call. */
export const ALPHA_SCENE = 'alpha_place_order_web';

/** The usual reply envelope. */
export interface Envelope<T = unknown> {
  code?: number;
  message?: string;
  data?: T;
}

/** Logs a fallback (spec 001 §8: failed calls fall back silently with a log line). */
export function logFallback(what: string, detail?: unknown): void {
  console.warn(`[marketing] ${what}; using the fallback`, detail ?? '');
}

/** localStorage keys of this plugin. */
export const STORE_KEYS = {
  alphaIndex: 'marketing_alpha_banner_index',
  alphaClosedAt: 'marketing_alpha_banner_closed_at',
  newbieCounter: (path: string) => `marketing_newbie_popup:${path}`,
  perkClosedAt: 'marketing_perk_banner_closed_at',
  promoClosedAt: 'marketing_promo_banner_closed_at',
} as const;
