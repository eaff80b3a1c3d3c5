/** The back-end path of the page's figure (the fake API answers it: fake-api.ts). */
export const SUMMARY_PATH = '/api/web/v1/campaign/summary';

/** What the page shows from the back end's answer. */
export interface Summary {
  /** How many things are new this week: a whole number, 0 or more. */
  count: number;
}

/** The back end's `data` as the page shows it, or null when it holds no usable count (never throws). */
export function summaryOf(data: unknown): Summary | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const raw = (data as Record<string, unknown>).count;
  const count = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(count) && count >= 0 ? { count } : null;
}
