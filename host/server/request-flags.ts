/**
 * The rollout flags of one page request: its context (who, where, on which device) once the core data has loaded,
 * and the plan the flags make of the site version's (core/flags).
 */
import { flaggedPlan } from '../../core/flags/flagged-plans';
import type { FlagContext, FlagDecisions } from '../../core/flags/types';
import type { RegionConfig } from '../../core/config/region';
import type { ShellData } from '../../core/data/types';
import type { RegionPlan } from '../../core/registry/plan';
import type { ServerCookieJar } from '../../core/util/cookies';
import { countryIdOf, vipTierOf } from '../../core/flags/context-parts';
import { FINGERPRINT_COOKIE } from '../../plugins/fingerprint';
import type { ServerApp, SiteVersion } from './app-context';
import { requestAppVersion, requestCountry } from './flag-context';
import { regionSecurity, type PageSecurity } from './security';

/** What a request's flags decided: every flag evaluated, and the plan the page uses. */
export interface RequestFlags {
  flags: FlagDecisions['flags'];
  /** The context the flags were evaluated with (`npm run explain` prints it). */
  context: FlagContext;
  /** The site version's plan when the flags change nothing (the same object). */
  plan: RegionPlan;
}

interface FlagInput {
  site: SiteVersion;
  region: RegionConfig;
  plan: RegionPlan;
  locale: string;
  path: string;
  cookies: ServerCookieJar;
  /** The user the core data says; null for a visitor (known from the cookies, before the core data loads). */
  user: ShellData['user'] | null;
  /** The native app's `device_type` cookie ('1' or '2'), when the page runs in the app. */
  appPlatform?: string;
  /** The request's User-Agent header (the app's version when its cookie is missing). */
  userAgent?: string;
}

/**
 * The targeting context: a user's id, or for a visitor the fingerprint cookie (a visitor keeps their bucket); the
 * user's KYC level, VIP tier and country (the back end's id, and an ISO code where its numbering is known); in the app, its
 * platform and version.
 */
function flagContextOf(app: ServerApp, o: FlagInput): FlagContext {
  const user = o.user?.isLogin ? o.user : null;
  // peek: the page-reuse key holds the boot state, whose plan carries what the flags made of this id.
  const uid = user ? user.uid : o.cookies.peek(FINGERPRINT_COOKIE);
  return {
    region: o.region.key,
    locale: o.locale,
    path: o.path,
    loggedIn: user !== null,
    uid: uid || undefined,
    country: user ? requestCountry(app.fakeApi, user.country) : undefined,
    countryId: user ? countryIdOf(user.country) : undefined,
    kycLevel: user ? user.verified : undefined,
    vipTier: user ? vipTierOf(user.tier) : undefined,
    appPlatform: o.appPlatform,
    appVersion: o.appPlatform ? requestAppVersion(o.plan, o.cookies, o.userAgent) : undefined,
  };
}

/** Evaluates the request's flags (never throws: the evaluator's errors leave the config's values) and applies them. */
export async function requestFlags(app: ServerApp, o: FlagInput): Promise<RequestFlags> {
  const context = flagContextOf(app, o);
  const decisions = await o.site.flagEvaluator.evaluate(o.region, o.plan, context);
  return { flags: decisions.flags, context, plan: flaggedPlan(o.plan, decisions, app.catalogue) };
}

/** Security headers of flagged plans, by plan (a flagged plan lives as long as the requests that share it). */
const flaggedSecurity = new WeakMap<RegionPlan, PageSecurity>();

/** The page's security headers for its plan: the site version's, or those of the plan its flags made. */
export function pageSecurityOf(app: ServerApp, site: SiteVersion, region: RegionConfig, plan: RegionPlan): PageSecurity {
  if (site.plans.get(region.key) === plan) return site.security.get(region.key);
  let security = flaggedSecurity.get(plan);
  if (!security) flaggedSecurity.set(plan, (security = regionSecurity(region, plan, app.catalogue.definitions)));
  return security;
}
