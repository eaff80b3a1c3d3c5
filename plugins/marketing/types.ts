export type { MarketingOptions } from './options.generated';

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
