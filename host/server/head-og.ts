import type { RegionConfig } from '../../core/config/region';
import type { PlannedLoader } from '../../core/registry/plan-declarations';
import type { Monitor } from '../../core/util/monitoring';
import { safeLink } from '../../core/util/links';
import { KeptPerOwner } from '../../core/util/kept';

export interface Og {
  site_name: string;
  image: string;
}

/** Images checked per region config, by origin and image: at most 1,000, the oldest dropped first. */
const checkedImages = new KeptPerOwner<RegionConfig, string | null>(1_000);

/** An og image as the page may link it: on the site (made absolute) or an allowed link host; else null. */
function checkImage(image: string, region: RegionConfig, origin: string): string | null {
  const safe = safeLink(image, [new URL(origin).hostname, ...region.allowedLinkHosts]);
  return safe && (safe.startsWith('/') ? origin + safe : safe);
}

/** `checkImage`, kept: most pages of a site show the same few images (parsing each as a URL per request is not free). */
function checkedImage(image: string, region: RegionConfig, origin: string): string | null {
  return checkedImages.get(region, `${origin}\u0000${image}`, () => checkImage(image, region, origin));
}

/**
 * Open-graph values: the site defaults, overridden by loaders that declare a `head` (e.g. og_show). A loader whose
 * `head` throws is reported and leaves the values as they are.
 */
export function headOg(
  loaders: readonly PlannedLoader[],
  loaderData: Readonly<Record<string, unknown>>,
  site: { region: RegionConfig; origin: string; monitor: Monitor },
): Og {
  let og: Og = { site_name: site.region.ogSiteName, image: `${site.origin}/static/og-image.jpg` };
  for (const { pluginId, def } of loaders) {
    if (!def.head) continue;
    const value = loaderData[`${pluginId}/${def.key}`];
    if (value === undefined) continue;
    try {
      const o = def.head(value)?.og;
      if (o?.site_name?.trim()) og = { ...og, site_name: o.site_name.trim() };
      const image = o?.image && checkedImage(o.image, site.region, site.origin);
      if (image) og = { ...og, image };
    } catch (err) {
      site.monitor.captureError(err, { plugin: pluginId, phase: 'head' });
    }
  }
  return og;
}
