import { createHash } from 'node:crypto';
import type { RegionConfig } from '../../core/config/region';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import type { RegionPlan } from '../../core/registry/plan';
import type { SiteVersion } from './app-context';
import { PageReuse } from './page-reuse';
import { RegionDirectory } from './regions';
import { SecurityPolicies } from './security';

/** The site derived from one set of validated region configs: plans, security headers, a fresh page-reuse cache. */
export function buildSiteVersion(
  configs: readonly RegionConfig[],
  catalogue: PluginCatalogue,
  options: { defaultSite: string; pageReuse: boolean },
): SiteVersion {
  const plans = new Map<string, RegionPlan>(configs.map((c) => [c.key, catalogue.plan(c)]));
  return {
    version: versionOf(configs),
    regions: new RegionDirectory([...configs], options.defaultSite),
    plans,
    security: new SecurityPolicies([...configs], plans, catalogue.definitions),
    pageReuse: options.pageReuse ? new PageReuse() : null,
  };
}

/** The first 12 hex digits of a SHA-256 of the configs' content, in key order. */
export function versionOf(configs: readonly RegionConfig[]): string {
  const hash = createHash('sha256');
  for (const c of [...configs].sort((a, b) => a.key.localeCompare(b.key))) hash.update(JSON.stringify(c));
  return hash.digest('hex').slice(0, 12);
}
