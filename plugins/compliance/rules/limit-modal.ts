import type { LimitModalOptions } from '../options';

/** Spec 001 §3 tip `path` values and the pages they name. */
const LIMIT_PAGES = { register: '/signup', home: '/', login: '/login' } as const;
export type LimitPage = keyof typeof LIMIT_PAGES;

/** The compliance tip (spec 001 §3), shaped; `source` says where it came from. */
export interface TipConfig {
  enable: boolean;
  path: LimitPage[];
  maxCount: number;
  title: string;
  content: string;
  text_link: Array<{ key: string; text: string; link: string }>;
  ok_button: string;
  ok_button_router: string;
  source: 'server' | 'options';
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const isPage = (v: unknown): v is LimitPage => typeof v === 'string' && Object.prototype.hasOwnProperty.call(LIMIT_PAGES, v);

/**
 * The tip config: the compliance check's `tips` when it carries `enable`, else the plugin options (texts then
 * come from translations). A malformed maxCount reads as 0 (never shown).
 */
export function resolveTipConfig(tips: Record<string, unknown> | undefined, options: LimitModalOptions): TipConfig {
  if (tips && typeof tips === 'object' && 'enable' in tips) {
    const opts = (tips.options ?? {}) as Record<string, unknown>;
    const max = Number(opts.maxCount);
    return {
      enable: tips.enable === true || tips.enable === 1,
      path: Array.isArray(tips.path) ? tips.path.filter(isPage) : [],
      maxCount: Number.isInteger(max) && max >= 0 ? max : 0,
      title: str(tips.title),
      content: str(tips.content),
      text_link: (Array.isArray(tips.text_link) ? tips.text_link : [])
        .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
        .map((l) => ({ key: str(l.key), text: str(l.text) || str(l.key), link: str(l.link) }))
        .filter((l) => l.key),
      ok_button: str(tips.ok_button),
      ok_button_router: str(tips.ok_button_router),
      source: 'server',
    };
  }
  return {
    enable: options.enable,
    path: [...options.path],
    maxCount: options.maxCount,
    title: '',
    content: '',
    text_link: [],
    ok_button: '',
    ok_button_router: options.ok_button_router,
    source: 'options',
  };
}

/** Which tip page a path is (path without locale prefix), or null. */
export function limitPageOf(path: string): LimitPage | null {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (Object.keys(LIMIT_PAGES) as LimitPage[]).find((k) => LIMIT_PAGES[k] === clean) ?? null;
}

/** localStorage key of the per-day, per-path counter (value `count/timestamp`). */
export function limitCounterKey(page: LimitPage): string {
  return `compliance_limit_modal_${page}`;
}

/** Spec 001 §4: the site shows it (option `showLimitModal`: main), enabled, the path listed, today's count below maxCount. */
export function shouldOpenLimitModal(input: { shown: boolean; tip: TipConfig; path: string; countToday: number }): boolean {
  const page = limitPageOf(input.path);
  return input.shown && input.tip.enable && page !== null && input.tip.path.includes(page) && input.countToday < input.tip.maxCount;
}

/** Splits tip content at `{key}` placeholders into text and link parts. */
export function splitPlaceholders(content: string, links: TipConfig['text_link']): Array<{ text: string; link?: string }> {
  const byKey = new Map(links.map((l) => [l.key, l]));
  const parts: Array<{ text: string; link?: string }> = [];
  const re = /\{([a-zA-Z0-9_-]+)\}/g;
  let last = 0;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    const hit = byKey.get(m[1]);
    if (!hit) continue;
    if (m.index > last) parts.push({ text: content.slice(last, m.index) });
    parts.push({ text: hit.text, link: hit.link });
    last = m.index + m[0].length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
