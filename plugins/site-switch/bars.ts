import type { ComplianceLimit } from '../../core/plugin-api';

/** A region-mismatch bar (spec 000 §4): shown where the region lists it (option `bars`) when `flag` is set, offering the `target` site. */
export interface BarDef {
  id: BarId;
  target: string;
  flag: keyof ComplianceLimit;
}

/** The eleven bars in the spec's priority order (first = highest); the id names the site it is meant for and its target. */
export const BARS = [
  { id: 'main-to-uk', target: 'uk', flag: 'is_uk_ip' },
  { id: 'main-to-au', target: 'au', flag: 'is_au_ip' },
  { id: 'main-to-us', target: 'us', flag: 'is_us_toast' },
  { id: 'main-to-jp', target: 'jp', flag: 'is_jp_toast' },
  { id: 'main-to-ae', target: 'ae', flag: 'is_ae_toast' },
  { id: 'jp-to-main', target: 'main', flag: 'is_main' },
  { id: 'eu-to-main', target: 'main', flag: 'is_main' },
  { id: 'us-to-main', target: 'main', flag: 'is_main' },
  { id: 'uk-to-main', target: 'main', flag: 'is_main' },
  { id: 'au-to-main', target: 'main', flag: 'is_main' },
  { id: 'ae-to-main', target: 'main', flag: 'is_main' },
] as const satisfies ReadonlyArray<Omit<BarDef, 'id'> & { id: string }>;

export type BarId = (typeof BARS)[number]['id'];

/** Slot priority of the first bar; each later bar is one lower. */
const TOP_PRIORITY = 500;

/** Topbar priority of a bar: descending in spec order. */
export function barPriority(id: BarId): number {
  return TOP_PRIORITY - BARS.findIndex((b) => b.id === id);
}

/** Cookie remembering that a bar was closed (one per bar, readable by the server). */
export function dismissCookie(id: BarId): string {
  return `site_switch_closed_${id.replace(/-/g, '_')}`;
}

/** What decides whether a bar shows: the compliance flags, the region's bars (option `bars`), the dismissed ones. */
interface BarInput {
  limit: Partial<ComplianceLimit>;
  enabled: readonly string[];
  dismissed: ReadonlySet<string>;
}

/** Whether one bar wants to show: listed for the region, its compliance flag set, not dismissed. */
export function isBarActive(bar: BarDef, input: BarInput): boolean {
  return input.limit[bar.flag] === true && input.enabled.includes(bar.id) && !input.dismissed.has(bar.id);
}

/** Every bar that wants to show, highest priority first (the topbar slot shows only the first). */
export function activeBars(input: BarInput): BarId[] {
  return BARS.filter((b) => isBarActive(b, input)).map((b) => b.id);
}

/** Locale rules of a target site: the prefix of its default language and the paths served without it. */
export interface TargetLocale {
  prefix: string;
  unprefixedPaths: string[];
}

/**
 * The same page on the target site in its default language: `origin` + the target's prefix (if any) + `path`.
 * The path is the current one without its locale prefix; the query is dropped.
 */
export function switchUrl(origin: string, path: string, locale: TargetLocale | undefined): string {
  const clean = path.startsWith('/') && !path.startsWith('//') ? path : '/';
  const unprefixed = !locale?.prefix || locale.unprefixedPaths.some((p) => clean === p || clean.startsWith(`${p}/`));
  const full = unprefixed ? clean : clean === '/' ? `${locale.prefix}/` : `${locale.prefix}${clean}`;
  return `${origin.replace(/\/+$/, '')}${full}`;
}
