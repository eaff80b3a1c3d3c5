import { isPlain, localePath } from '../../core/plugin-api';

/** The IP check endpoint (spec 001 §7). */
export const IP_CHECK_API = '/api/web/v1/compliance-kyc/ip-penetration/check';

/** The `data` of an IP check reply (spec 001 §3), normalized. */
export interface IpCheckData {
  /** 1 pass, 2 upgrade verification, 3 or 0 VPN notice, 4 detection block. */
  result: 0 | 1 | 2 | 3 | 4;
  title: string;
  content: string;
  button: string;
  url: string;
  token: string;
  closable: boolean;
  /** Token expiry in ms since the epoch, when the reply gives one (`expire_time`, seconds or ms). */
  expiresAt: number | null;
}

/** Which dialog the IP check shows. */
export type IpDialog = 'none' | 'upgrade' | 'vpn' | 'blocked';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** The reply's data, or null for anything that is not a well-formed code-0 answer (which lets the user through). */
export function parseIpReply(raw: unknown): IpCheckData | null {
  if (!isPlain(raw) || (raw.code !== 0 && raw.code !== '0') || !isPlain(raw.data)) return null;
  const d = raw.data;
  const result = typeof d.result === 'number' ? d.result : typeof d.result === 'string' && /^\d$/.test(d.result) ? Number(d.result) : NaN;
  if (![0, 1, 2, 3, 4].includes(result)) return null;
  const exp = Number(d.expire_time);
  const expiresAt = Number.isFinite(exp) && exp > 0 ? (exp < 1e12 ? exp * 1000 : exp) : null;
  return {
    result: result as IpCheckData['result'],
    title: str(d.title),
    content: str(d.content),
    button: str(d.button),
    url: str(d.url),
    token: str(d.token),
    closable: truthy(d.closable),
    expiresAt,
  };
}

/**
 * Spec 001 §4: 4 blocks (never closable), 3 or 0 the VPN notice, 2 the upgrade prompt unless a closable prompt was
 * closed within the last 2 hours, 1 nothing.
 */
export function dialogFor(data: Pick<IpCheckData, 'result' | 'closable'> | null, suppressed: boolean): IpDialog {
  switch (data?.result) {
    case 4:
      return 'blocked';
    case 3:
    case 0:
      return 'vpn';
    case 2:
      return suppressed && data.closable ? 'none' : 'upgrade';
    default:
      return 'none';
  }
}

/** Cancel on the VPN notice goes to the result-2 prompt (unless that is suppressed). */
export function afterVpnCancel(data: Pick<IpCheckData, 'closable'>, suppressed: boolean): IpDialog {
  return dialogFor({ result: 2, closable: data.closable }, suppressed);
}

/** Whether this page runs the check: login (when required) and a path outside the skipped ones. */
export function shouldCheck(input: { loggedIn: boolean; requireLogin: boolean; path: string; skipPaths: readonly string[] }): boolean {
  if (input.requireLogin && !input.loggedIn) return false;
  return !input.skipPaths.some((p) => input.path === p || input.path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

/**
 * Where 'upgrade verification' leads: the reply's url if `safeLink` accepts it, else the configured path; a site
 * path gets the language prefix unless it already has it.
 */
export function upgradeHref(url: string, fallback: string, langPrefix: string, safe: (u: string) => string | null): string {
  const link = safe(url) ?? safe(fallback) ?? '/';
  if (!link.startsWith('/') || !langPrefix || link === langPrefix || link.startsWith(`${langPrefix}/`)) return link;
  return localePath(langPrefix, link);
}
