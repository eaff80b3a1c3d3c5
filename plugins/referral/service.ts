import type { CookieJar, CookieOptions, HttpClient, ShellBus } from '../../core/plugin-api';
import { COOKIES, cookieWrites, parseInvite, planReferral, verifyOutcome, type CookieWrite, type Outcome } from './decide';
import type { ReferralOptions } from './options.generated';

/** Spec 000 §7. */
export const VERIFY_INVITE_PATH = '/api/web/v1/rebate/verify_invite_info';

export type { ReferralOptions };

export interface ReferralDeps {
  cookies: CookieJar;
  http: HttpClient;
  bus?: ShellBus;
  options: ReferralOptions;
  log?: (message: string) => void;
}

/** What handling one query did (for tests and logs). */
export interface ReferralResult {
  plan: 'none' | 'refresh' | 'verify' | 'store';
  outcome: Outcome | 'none';
  writes: CookieWrite[];
}

/** Applies spec 000 §4's referral rules to one page's query: parse, plan, verify when needed, write cookies. */
export async function handleInvite(query: Record<string, string | undefined>, deps: ReferralDeps): Promise<ReferralResult> {
  const { cookies, http, options } = deps;
  const invite = parseInvite(query);
  const plan = planReferral(invite, { ref: cookies.get(COOKIES.ref), refType: cookies.get(COOKIES.refType) }, options.verifyFirstInvite);
  let outcome: Outcome | 'none' = 'none';
  let data: Record<string, unknown> = {};
  if (plan.kind === 'refresh') outcome = 'channel-only';
  else if (plan.kind === 'store') outcome = 'store-all';
  else if (plan.kind === 'verify') {
    const reply = await http.get(VERIFY_INVITE_PATH, plan.params);
    ({ outcome, data } = verifyOutcome(reply));
    if (outcome === 'stop')
      deps.log?.(
        `[referral] invite ${plan.params.invite_code} not applied: ${reply === undefined ? 'verification failed' : `code ${String((reply as { code?: unknown }).code)}`}`,
      );
  }
  const writes = cookieWrites(invite, outcome, data, options.maxAgeSeconds, options.channelMaxAgeSeconds);
  apply(writes, deps);
  return { plan: plan.kind, outcome, writes };
}

/** Writes (or removes) the cookies and fires one cookie-change event per cookie that changed. */
function apply(writes: CookieWrite[], { cookies, bus, options }: ReferralDeps) {
  for (const w of writes) {
    const attrs: CookieOptions = { maxAge: w.maxAge, path: '/', sameSite: 'lax', ...(options.cookieDomain ? { domain: options.cookieDomain } : {}) };
    const before = cookies.get(w.name) ?? null;
    if (w.value === null) {
      if (before === null) continue;
      cookies.remove(w.name, attrs);
    } else cookies.set(w.name, w.value, attrs);
    bus?.emit('cookie:change', { name: w.name, value: w.value });
  }
}
