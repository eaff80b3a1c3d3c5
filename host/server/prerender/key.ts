import type { BootState } from '../../app/boot';
import type { ShellData } from '../../../core/data/types';

/** JSON of frozen values (shared replies): one string per object. */
const frozenJson = new WeakMap<object, string>();
function jsonOf(value: unknown): string {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return JSON.stringify(value) ?? 'null';
  let json = frozenJson.get(value);
  if (json === undefined) frozenJson.set(value, (json = JSON.stringify(value)));
  return json;
}

/**
 * What a page's user-independent document is made from, besides the cookies it reads (kept with each variant) and
 * the region's shared boot data (compared by the cache): the site version, the region, language and route, the
 * head (title, canonical, the assets of its plugins and views), theme, viewport and app flags, the plugins of the
 * first render, and the shared data (site settings, common config, the compliance menu the navigation shows).
 */
export function preludeKey(siteVersion: string, boot: BootState, data: ShellData): string {
  const page = JSON.stringify([
    siteVersion,
    boot.region.key,
    boot.locale,
    boot.langPrefix,
    boot.route.path,
    boot.route.query,
    boot.route.params,
    boot.status,
    boot.head,
    boot.theme,
    boot.viewportWidth,
    boot.inApp,
    boot.mobileAgent,
    boot.firstRender,
    boot.serverOnly,
    boot.menus,
    boot.backend,
    boot.devPort,
    data.compliance.menu,
    data.coinIconVersion,
  ]);
  return `${page}|${jsonOf(data.site)}|${jsonOf(data.commonConfig)}`;
}
