import type { HttpClient } from '../../../core/plugin-api';

/** Open-graph data (spec 001 §3). */
export interface OgData {
  site_name: string;
  site_image: string;
}

export const OG_SHOW_PATH = '/api/web/v1/marketing-activity/og_show';

/** GET og_show?url=; empty values (and a log line) on failure. */
export async function fetchOg(http: HttpClient, url: string, subWebsiteId?: number): Promise<OgData> {
  const reply = await http
    .get<{ code?: number; data?: Partial<OgData> }>(
      OG_SHOW_PATH,
      { url, ...(subWebsiteId !== undefined ? { sub_website_id: subWebsiteId } : {}) },
      { shared: true },
    )
    .catch(() => undefined);
  if (!reply || reply.code !== 0 || !reply.data) {
    console.warn('[share] og_show unavailable; using the site defaults');
    return { site_name: '', site_image: '' };
  }
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { site_name: s(reply.data.site_name), site_image: s(reply.data.site_image) };
}
