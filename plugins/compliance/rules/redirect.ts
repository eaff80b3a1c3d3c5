import type { ComplianceResult } from '../../../core/plugin-api';
import { isTipsPath, menuCodeFor, stripLocalePrefix, TIPS_PATH, underPrefix } from './paths';

export interface GateInput {
  /** Path without the locale prefix. */
  path: string;
  /** The menu rule applies on this site (option `menuGate`; spec 000 §5: the main site). */
  menuGate: boolean;
  compliance: Pick<ComplianceResult, 'menu' | 'limit'>;
  menuPaths: Readonly<Record<string, string>>;
  /** Prefixes a limit_country user may still open. */
  exemptPaths: readonly string[];
}

export type GateDecision =
  { kind: 'redirect'; to: string; reason: 'limit_country' | 'menu'; code?: string } | { kind: 'tips'; code: string } | { kind: 'none' };

/**
 * Spec 000 §5 access rules: `limit_country` set → the tips page (but the exempt paths); where the menu rule applies
 * (`menuGate`) a path whose feature code is in the `menu` list → the tips page, or the tips notice when `is_show_compliance_tips`.
 * Never redirects away from the tips page itself.
 */
export function decideGate({ path, menuGate, compliance, menuPaths, exemptPaths }: GateInput): GateDecision {
  if (isTipsPath(path)) return { kind: 'none' };
  const limit = compliance.limit ?? {};
  if (typeof limit.limit_country === 'string' && limit.limit_country.trim() !== '') {
    if (!exemptPaths.some((p) => underPrefix(path, p))) return { kind: 'redirect', to: TIPS_PATH, reason: 'limit_country' };
  }
  if (!menuGate) return { kind: 'none' };
  const code = menuCodeFor(path, menuPaths);
  if (!code || !(compliance.menu ?? []).includes(code)) return { kind: 'none' };
  return limit.is_show_compliance_tips ? { kind: 'tips', code } : { kind: 'redirect', to: TIPS_PATH, reason: 'menu', code };
}

/** The redirect target (path without locale prefix) for a request, or null. Used by the server guard. */
export function decideRedirect(input: GateInput): string | null {
  const d = decideGate(input);
  return d.kind === 'redirect' ? d.to : null;
}

/** The guard's decision with the field and rule behind it (spec 000 §5), for `npm run explain`. */
export function explainGate(input: GateInput): { redirect: string | null; reason: string } {
  const d = decideGate(input);
  const country = input.compliance.limit?.limit_country;
  const limited = typeof country === 'string' && country.trim() !== '';
  const code = menuCodeFor(input.path, input.menuPaths);
  let reason: string;
  if (d.kind === 'redirect' && d.reason === 'limit_country')
    reason = `compliance.limit.limit_country is '${country}': only the exempt paths are served (limit rule)`;
  else if (d.kind === 'redirect') reason = `feature code '${d.code}' of this path is in compliance.menu and is_show_compliance_tips is off (menu rule)`;
  else if (d.kind === 'tips') reason = `feature code '${d.code}' is in compliance.menu but is_show_compliance_tips is on: the page stays, with the tips notice`;
  else if (isTipsPath(input.path)) reason = 'the compliance tips page itself is never redirected';
  else if (limited) reason = `compliance.limit.limit_country is '${country}', but this path is exempt`;
  else if (!input.menuGate) reason = 'no limit_country; the menu rule is off here (option menuGate, which the spec sets on the main site only)';
  else if (!code) reason = 'no limit_country; this path has no gated feature code';
  else reason = `no limit_country; feature code '${code}' is not in compliance.menu`;
  return { redirect: d.kind === 'redirect' ? d.to : null, reason };
}

export interface ClickInput extends Omit<GateInput, 'path'> {
  /** The link's href as written. */
  href: string;
  /** The page's URL (resolves relative hrefs; only same-origin links are guarded). */
  base: string;
  langPrefix: string;
}

/**
 * Client navigation: the same decision for an in-page link. Returns the localized URL path to go to instead,
 * or null to let the click through (other origins, non-http links, allowed paths).
 */
export function decideClickRedirect(input: ClickInput): string | null {
  let url: URL;
  let base: URL;
  try {
    base = new URL(input.base);
    url = new URL(input.href, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = stripLocalePrefix(url.pathname, input.langPrefix);
  const to = decideRedirect({ ...input, path });
  if (!to) return null;
  return input.langPrefix ? `${input.langPrefix}${to}` : to;
}
