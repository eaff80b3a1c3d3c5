/** Public types of the rollout flags (server-only: browser code never imports core/flags). */

/** The per-request facts targeting rules may read (JsonLogic `var` names); every field is optional. */
export interface FlagContext {
  region?: string;
  locale?: string;
  /** Path without the locale prefix. */
  path?: string;
  loggedIn?: boolean;
  /** The user id, or for a visitor a stable id (the fingerprint cookie): the OpenFeature `targetingKey`. */
  uid?: string;
  /** ISO 3166-1 alpha-2 country of the user, where the back end's numbering is known. */
  country?: string;
  /** The back end's own numeric id of the user's country (user info `country`), whatever its numbering. */
  countryId?: number;
  kycLevel?: number;
  vipTier?: number;
  appPlatform?: string;
  appVersion?: string;
}

/** Context fields targeting may read, besides `targetingKey` and flagd's own `$flagd.flagKey` / `$flagd.timestamp`. */
export const CONTEXT_FIELDS = [
  'region',
  'locale',
  'path',
  'loggedIn',
  'uid',
  'country',
  'countryId',
  'kycLevel',
  'vipTier',
  'appPlatform',
  'appVersion',
] as const;

/** What one flag decided for a request (OpenFeature's words: STATIC, TARGETING_MATCH, SPLIT, DEFAULT, DISABLED, ERROR). */
interface FlagDecision {
  key: string;
  /** The variant served, when the provider names one. */
  variant?: string;
  reason: string;
  /** OpenFeature's error code when the reason is ERROR (the region config's value stands then). */
  errorCode?: string;
}

/** The flags' effect on one request's plan: only what differs from the region config. */
export interface FlagDecisions {
  /** Plugins switched off (false) or on (true) against the region config. */
  enabled: Record<string, boolean>;
  /** Option values replaced, by plugin id then option name. */
  options: Record<string, Record<string, unknown>>;
  /** Slot item priorities, by plugin id then slot name. */
  priorities: Record<string, Record<string, number>>;
  /** Every flag evaluated for the request, in flag-file order. */
  flags: FlagDecision[];
}

/** One evaluation, for metrics: the server counts these (see `flagEvaluationCounter`). */
export interface FlagEvaluationEvent {
  key: string;
  /** The variant the provider chose, when it names one. */
  variant?: string;
  reason: string;
  errorCode?: string;
  errorMessage?: string;
}

/**
 * A region's own flags provider (region config field `flags`; absent: the flag file `region-configs/flags.json`):
 * one the build registers (`providers.ts`), by name.
 */
export interface FlagsProviderSpec {
  /** A name from FLAG_PROVIDERS. */
  provider: string;
  /** The provider's settings. */
  options?: Record<string, unknown>;
  /** The flag keys this region asks the provider for (a provider cannot list its flags). */
  keys: string[];
}
