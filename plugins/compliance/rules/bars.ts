import type { ComplianceResult } from '../../../core/plugin-api';
import type { BusinessMessage } from './business';

/** The three floating-bar levels (spec 000 §2), most urgent first. */
const BAR_LEVELS = ['critical', 'warning', 'info'] as const;
type BarLevel = (typeof BAR_LEVELS)[number];

export interface Bar {
  /** Stable id (dismissal is remembered by it for the session). */
  id: string;
  level: BarLevel;
  /** Critical bars cannot be closed. */
  closable: boolean;
  /** Translation key under `bars.` for compliance bars. */
  textKey?: string;
  /** A same-site link shown after the text. */
  link?: { labelKey: string; path: string };
  /** The business-compliance variant carries its server message. */
  business?: BusinessMessage;
}

type LimitFlag = keyof ComplianceResult['limit'];
/** limit flag → bar (README "Field → notice"). */
const LIMIT_BARS: Array<{ flag: LimitFlag; level: BarLevel; link?: Bar['link'] }> = [
  { flag: 'is_nl_limit', level: 'critical', link: { labelKey: 'bars.withdrawLink', path: '/myaccount/withdraw/USDT' } },
  { flag: 'is_italy_limit', level: 'warning' },
  { flag: 'ltw_toast', level: 'warning' },
  { flag: 'brazil_toast', level: 'info' },
];
// is_uk_ip, is_au_ip, is_us_toast, is_jp_toast and is_ae_toast are the site-switch plugin's region bars.

/** Bars the compliance result and the business messages ask for. */
export function complianceBars(c: Pick<ComplianceResult, 'limit'>, business: readonly BusinessMessage[] = []): Bar[] {
  const limit = c.limit ?? {};
  const bars: Bar[] = LIMIT_BARS.filter((b) => limit[b.flag] === true).map((b) => ({
    id: String(b.flag),
    level: b.level,
    closable: b.level !== 'critical',
    textKey: `bars.${String(b.flag)}`,
    ...(b.link ? { link: b.link } : {}),
  }));
  for (const m of business) {
    const level: BarLevel = m.no_close_button ? 'critical' : 'warning';
    bars.push({ id: m.id, level, closable: level !== 'critical', business: m });
  }
  return bars;
}

/**
 * The bars to render, ordered critical → warning → info. Before hydration only the non-closable ones (so the
 * server and the first browser render agree without reading session storage); after it, all not dismissed.
 */
export function visibleBars(bars: readonly Bar[], state: { hydrated: boolean; dismissed: ReadonlySet<string> }): Bar[] {
  return bars
    .filter((b) => (state.hydrated ? !(b.closable && state.dismissed.has(b.id)) : !b.closable))
    .sort((a, b) => BAR_LEVELS.indexOf(a.level) - BAR_LEVELS.indexOf(b.level));
}
