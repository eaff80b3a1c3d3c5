import { localePath, safeLink } from '../../../core/plugin-api';

/** Spec 000 §3 / 001 §3 business compliance message, shaped. */
export interface BusinessMessage {
  /** Stable key (type + title + content hash) for dismissal and React keys. */
  id: string;
  content: string;
  title: string;
  ok_button: string;
  cancel_button: string;
  ok_button_router: string;
  text_link: Array<{ key: string; link: string }>;
  no_close_button: boolean;
  type: string;
  /** Came from the 24 h cool-down end reminder call. */
  reminder: boolean;
}

/** Query value of the cool-down reminder call (spec 001 §7). */
export const COOL_DOWN_REMINDER = '24h_cool_down_end_reminder';
/** `type` values shown as a floating bar (business-compliance variant) instead of a dialog. */
const BAR_TYPES = ['bar', 'float_bar', 'notice_bar'];

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const flag = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';

function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * Shapes a business-check reply `{ resMsg: { code: 0 }, datas: [...] }`. Failure, a non-zero code, a malformed
 * reply or an empty list give [] (spec 000 §8: the empty default message, nothing shown). Items without any
 * content or title are dropped.
 */
export function parseBusinessReply(reply: unknown, reminder = false): BusinessMessage[] {
  if (!reply || typeof reply !== 'object') return [];
  const r = reply as Record<string, unknown>;
  const resMsg = r.resMsg as Record<string, unknown> | undefined;
  if (!resMsg || typeof resMsg !== 'object' || String(resMsg.code) !== '0') return [];
  if (!Array.isArray(r.datas)) return [];
  const out: BusinessMessage[] = [];
  for (const item of r.datas.slice(0, 10)) {
    if (!item || typeof item !== 'object') continue;
    const d = item as Record<string, unknown>;
    const content = str(d.content);
    const title = str(d.title);
    if (!content.trim() && !title.trim()) continue;
    const text_link = (Array.isArray(d.text_link) ? d.text_link : [])
      .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
      .map((l) => ({ key: str(l.key), link: str(l.link) }))
      .filter((l) => l.key);
    const type = str(d.type);
    out.push({
      id: `${reminder ? 'r' : 'b'}-${type}-${hashOf(title + content)}`,
      content,
      title,
      type,
      reminder,
      text_link,
      ok_button: str(d.ok_button),
      cancel_button: str(d.cancel_button),
      ok_button_router: str(d.ok_button_router),
      no_close_button: flag(d.no_close_button),
    });
  }
  return out;
}

/** Shown as a floating bar rather than a dialog. */
export function isBarMessage(m: BusinessMessage): boolean {
  return !m.reminder && BAR_TYPES.includes(m.type);
}

/** Where the OK button may lead: a same-site path (locale-prefixed) or an allowed host; anything else: null. */
export function okTarget(router: string, allowedHosts: readonly string[], langPrefix: string): string | null {
  const href = safeLink(router, allowedHosts);
  if (!href) return null;
  if (!href.startsWith('/') || !langPrefix || href === langPrefix || href.startsWith(`${langPrefix}/`)) return href;
  return localePath(langPrefix, href);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Puts the `text_link` entries into the HTML where the content names them (`{key}`), as links that passed
 * `safeLink` (a refused link becomes its plain key). Entries the content does not name are returned in `rest`.
 * The result is still sanitized by SafeHtml before it reaches the page.
 */
export function linkifyContent(
  html: string,
  links: BusinessMessage['text_link'],
  allowedHosts: readonly string[],
): { html: string; rest: Array<{ key: string; href: string | null }> } {
  let out = html;
  const rest: Array<{ key: string; href: string | null }> = [];
  for (const { key, link } of links) {
    const href = safeLink(link, allowedHosts);
    const token = `{${key}}`;
    if (!out.includes(token)) {
      rest.push({ key, href });
      continue;
    }
    const anchor = href ? `<a href="${escapeHtml(href)}">${escapeHtml(key)}</a>` : escapeHtml(key);
    out = out.split(token).join(anchor);
  }
  return { html: out, rest };
}
