import type { HttpClient } from '../../../core/plugin-api';
import { ALPHA_SCENE, MARKETING_API, logFallback, type Envelope } from '../types';

/** An alpha banner card (spec 001 §3). */
export interface AlphaCard {
  id: string;
  title: string;
  url: string;
  img: string;
  img_v2: string;
  sort: number;
  plan_name: string;
  data_type: string;
}

/** The card list of a get-user-plans reply, sorted by `sort` (pure). Accepts `card_list` or `list`. */
export function toAlphaCards(data: unknown): { cards: AlphaCard[]; currency: string } {
  const d = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const list = Array.isArray(d.card_list) ? d.card_list : Array.isArray(d.list) ? d.list : [];
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const cards = list
    .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
    .map((c) => ({
      id: s(c.id),
      title: s(c.title),
      url: s(c.url),
      img: s(c.img),
      img_v2: s(c.img_v2),
      sort: Number(c.sort) || 0,
      plan_name: s(c.plan_name),
      data_type: s(c.data_type),
    }))
    .filter((c) => c.id && (c.title || c.img || c.img_v2))
    .sort((a, b) => a.sort - b.sort);
  return { cards, currency: s(d.currency) };
}

/** Round-robin: the index after the stored one (malformed or out of range starts at 0). */
export function nextIndex(stored: string | null, length: number): number {
  if (length <= 0) return -1;
  const prev = stored !== null && /^\d+$/.test(stored) ? Number(stored) : -1;
  return prev >= 0 && prev < length ? (prev + 1) % length : 0;
}

/** The currency a page is about: /alpha/{token} → token, /trade/BTC_USDT → BTC, else ''. */
export function currencyOf(path: string): string {
  const alpha = /^\/alpha\/([^/]+)$/.exec(path);
  if (alpha) return decodeURIComponent(alpha[1]).toUpperCase();
  const trade = /^\/trade\/([A-Za-z0-9]+)_[A-Za-z0-9]+$/.exec(path);
  return trade ? trade[1].toUpperCase() : '';
}

/** The clock and timers a spacer uses (the page's, or a test's). */
export interface SpacerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const PAGE_CLOCK: SpacerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Spaces calls at least `ms` apart (spec 001 §9: the alpha banner's requests, once per second): a call within the
 * window is delayed to its end, never dropped; while one waits, a newer call takes its place (the waiting one would
 * answer for a page no longer shown). `cancel` drops the waiting call (teardown).
 */
export function createSpacer(ms: number, clock: SpacerClock = PAGE_CLOCK): { run(call: () => void): void; cancel(): void } {
  let last = -Infinity;
  let waiting: (() => void) | null = null;
  let timer: unknown;
  const fire = () => {
    const call = waiting;
    waiting = null;
    timer = undefined;
    last = clock.now();
    call?.();
  };
  return {
    run(call) {
      waiting = call;
      if (timer !== undefined) return;
      const wait = last + ms - clock.now();
      if (wait <= 0) fire();
      else timer = clock.setTimeout(fire, wait);
    },
    cancel() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      waiting = null;
    },
  };
}

/** GET get-user-plans; no cards (and a log line) on failure. */
export async function fetchAlphaCards(
  http: HttpClient,
  query: { deviceId: string; resourceType: number; currency: string },
): Promise<{ cards: AlphaCard[]; currency: string }> {
  const reply = await http
    .get<Envelope>(MARKETING_API.userPlans, {
      spread_scene: ALPHA_SCENE,
      device_id: query.deviceId || undefined,
      resource_type: query.resourceType,
      currency: query.currency || undefined,
    })
    .catch(() => undefined);
  if (!reply || reply.code !== 0) {
    logFallback('alpha cards unavailable', reply?.message ?? 'no reply');
    return { cards: [], currency: '' };
  }
  return toAlphaCards(reply.data);
}
