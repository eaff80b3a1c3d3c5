import { cleanParams, type NativeBridge, type NativeParams } from './bridge';
import { VERSION_GATES, type GatedFeature } from './gates';
import { nativeTargetOf, sitePathOf, type GatedRoute } from './routes';

/** Same-site links by route (options `gatedRoutes`, `kycRoutes`), and how to follow a link's web page. */
export interface RouteInterception {
  gated: readonly GatedRoute[];
  kyc: readonly string[];
  /** The page's language prefix ('' for the default language), stripped before matching. */
  langPrefix: string;
  origin: string;
  /** The web fallback: follow the link (window.location.assign in the page). */
  navigate: (href: string) => void;
}

/**
 * Inside the app, a click (or Enter) on a link carrying data-native opens the native page instead:
 *   <a href="/alpha" data-native="alpha" data-native-gate="alpha" data-native-params='{"token":"ordi"}'>
 * data-native="kyc" picks the old or new KYC route. A gate the app version does not meet, or a failed bridge
 * call, lets the browser follow href (the web fallback). Modified clicks (new tab, ...) are left alone.
 * With `routes`, plain same-site links to a gated route (/alpha, /alpha/{token}, /pilot) go through the version
 * gate with the fallback callback (the web page), and links to a KYC page take the native KYC route.
 */
export function interceptNativeLinks(doc: Document, bridge: NativeBridge, routes?: RouteInterception): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target?.closest?.('[data-native]') as HTMLElement | null;
    if (!link) {
      if (routes) openByRoute(event, target, bridge, routes);
      return;
    }
    const page = link.dataset.native ?? '';
    const params = parseParams(link.dataset.nativeParams);
    const gate = link.dataset.nativeGate;
    let opened: boolean;
    if (page === 'kyc') opened = bridge.openKyc(params);
    else if (gate) opened = isGate(gate) && bridge.openGated(gate, page, params, () => {});
    else opened = bridge.openNative(page, params);
    if (opened) event.preventDefault();
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}

/** A plain link to a gated route or a KYC page: the native page, or the web page through the fallback callback. */
function openByRoute(event: MouseEvent, target: Element | null, bridge: NativeBridge, routes: RouteInterception): void {
  const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute('download')) return;
  const href = anchor.href;
  const path = sitePathOf(href, routes.origin, routes.langPrefix);
  const native = path === null ? null : nativeTargetOf(path, routes);
  if (!native) return;
  event.preventDefault();
  const fallback = () => routes.navigate(href);
  if (native.kind === 'gated') bridge.openGated(native.feature, native.page, native.params, fallback);
  else bridge.openKyc(native.params, fallback);
}

function isGate(value: string): value is GatedFeature {
  return Object.prototype.hasOwnProperty.call(VERSION_GATES, value);
}

function parseParams(raw: string | undefined): NativeParams {
  if (!raw || raw.length > 4096) return {};
  try {
    return cleanParams(JSON.parse(raw));
  } catch {
    return {};
  }
}
