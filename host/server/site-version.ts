import { createHash } from 'node:crypto';
import type { RegionConfig } from '../../core/config/region';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import type { RegionPlan } from '../../core/registry/plan';
import type { SiteVersion } from './app-context';
import type { FlagsDocument } from './config-set';
import { regionFramedEntries } from './framed-entries';
import { PageReuse } from './page-reuse';
import { ConstantBytes } from './page-send';
import { RegionDirectory } from './regions';
import { SecurityPolicies } from './security';
import { NO_FLAGS, type SiteFlagSources } from './site-flags';

/**
 * The site derived from one set of validated region configs and flags: plans, security headers, framed entry pages,
 * flag evaluators, a fresh page-reuse cache.
 */
export function buildSiteVersion(
  configs: readonly RegionConfig[],
  catalogue: PluginCatalogue,
  options: { defaultSite: string; pageReuse: boolean; flags?: FlagsDocument | null; flagSources?: SiteFlagSources },
): SiteVersion {
  const plans = new Map<string, RegionPlan>(configs.map((c) => [c.key, catalogue.plan(c)]));
  const flags = options.flags ?? null;
  // Each config serialized once for all the hashes (a 1 MB config takes milliseconds to serialize).
  const texts = configs.map((c) => ({ key: c.key, json: JSON.stringify(c) }));
  const flagsText = flags ? JSON.stringify(flags.value) : 'no flags';
  return {
    version: versionOf(texts, flagsText),
    regionVersions: new Map(texts.map((t) => [t.key, versionOf([t], flagsText)])),
    regions: new RegionDirectory([...configs], options.defaultSite),
    plans,
    security: new SecurityPolicies([...configs], plans, catalogue.definitions),
    framed: new Map(configs.map((c) => [c.key, regionFramedEntries(c, plans.get(c.key)!, catalogue.definitions)])),
    pageReuse: options.pageReuse ? new PageReuse() : null,
    constantBytes: new ConstantBytes(),
    flags,
    flagEvaluator: options.flagSources?.forVersion(configs, flags) ?? NO_FLAGS,
  };
}

/** The first 12 hex digits of a SHA-256 of the configs' JSON, in key order, and the flags file's. */
function versionOf(configs: ReadonlyArray<{ key: string; json: string }>, flagsText: string): string {
  const hash = createHash('sha256');
  for (const c of [...configs].sort((a, b) => a.key.localeCompare(b.key))) hash.update(c.json).update('\u0000');
  hash.update(flagsText);
  return hash.digest('hex').slice(0, 12);
}
