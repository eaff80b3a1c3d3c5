export type { HomeOptions } from './options.generated';

/** Endpoints of spec 001 §7 used by this plugin (the sub-account path comes from the options). */
export const HOME_API = {
  stats: '/api/web/v1/site/homeStaticTradeData',
  dlTask: '/api/web/v1/marketing-activity/dlGetTaskInfo',
} as const;

/** The usual reply envelope. */
export interface Envelope<T> {
  code?: number;
  message?: string;
  msg?: string;
  data?: T;
}

/** Logs a fallback (spec 001 §8: failed calls fall back silently with a log line). */
export function logFallback(what: string, detail?: unknown): void {
  console.warn(`[home] ${what}; using the fallback`, detail ?? '');
}
