import { container, type DependencyContainer } from 'tsyringe';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import type { FramedEntries } from './framed-entries';
import type { RegionPlan } from '../../core/registry/plan';
import type { PageAssetSource } from './assets';
import type { RegionDirectory } from './regions';
import type { SecurityPolicies } from './security';
import type { TranslationCatalogue } from './translations';
import type { HttpCallEvent, Transport } from '../../core/http/client';
import type { SharedReplyCache } from '../../core/http/shared-cache';
import type { PageReuse } from './page-reuse';
import type { ConstantBytes } from './page-send';
import type { FlagsDocument } from './config-set';
import type { SiteFlags } from './site-flags';

/**
 * Everything derived from one set of region configs, immutable: a request reads the current version once, at its
 * start, and uses that version to its end, so a reload never mixes two versions in one response.
 */
export interface SiteVersion {
  /** A hash of the region configs' and the flags file's content (the `X-Config-Version` of the pages it renders). */
  version: string;
  /** Per region key: a hash of its config and the flags file (what `shell_config_version_info` reports). */
  regionVersions: ReadonlyMap<string, string>;
  regions: RegionDirectory;
  /** Per region key: the registry's decision. */
  plans: ReadonlyMap<string, RegionPlan>;
  /** Per region key: the pages' security headers (the CSP template). */
  security: SecurityPolicies;
  /** Each region's framed back-end entry pages, by path (`framedEntries` of its plugins). */
  framed: ReadonlyMap<string, FramedEntries>;
  /** Visitor pages rendered in the last seconds, reused for requests that would render them the same (null: off). */
  pageReuse: PageReuse | null;
  /** The large constant strings of this version's pages (boot data, inline CSS) as bytes, encoded once. */
  constantBytes: ConstantBytes;
  /** The flags file (region-configs/flags.json) of this version, null when there is none. */
  flags: FlagsDocument | null;
  /**
   * The rollout flags of this version (core/flags, built from `flags` or a region's named provider): a request's
   * flags come from the same version as its plan.
   */
  flagEvaluator: SiteFlags;
}

/** App-wide, built once at start-up, shared by every request. Never holds user data (`pageReuse` keeps visitor pages only). */
export interface ServerApp {
  root: DependencyContainer;
  /** The region configs' current version (swapped whole when they change). */
  site: () => SiteVersion;
  catalogue: PluginCatalogue;
  translations: TranslationCatalogue;
  assets: PageAssetSource;
  /** Where server-side API calls go: API_ORIGIN, or this server's own fake API on loopback. */
  apiOrigin: () => string;
  /** Whether the embedded fake exchange API answers (no API_ORIGIN): plugins read it as `env.backend`. */
  fakeApi: boolean;
  /** How server-side calls reach the back end, the 30 s cache of replies without user data, and their metrics. */
  backend: {
    transport: Transport;
    shared: SharedReplyCache;
    /** Cookies a shared reply varies with (the fake API's `mock_scenario`); the only ones shared calls send. */
    varyCookies: readonly string[];
    report: (event: HttpCallEvent) => void;
  };
  log: (message: string) => void;
}

/** The app: its immutable parts plus the tsyringe root container each request's child container comes from. */
export function registerAppSingletons(app: Omit<ServerApp, 'root'>): ServerApp {
  return { ...app, root: container };
}
