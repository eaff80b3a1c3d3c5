import { cleanParams, type NativeBridge, type NativeParams } from './bridge';
import { VERSION_GATES, type GatedFeature } from './gates';

/**
 * Inside the app, a click (or Enter) on a link carrying data-native opens the native page instead:
 *   <a href="/alpha" data-native="alpha" data-native-gate="alpha" data-native-params='{"token":"ordi"}'>
 * data-native="kyc" picks the old or new KYC route. A gate the app version does not meet, or a failed bridge
 * call, lets the browser follow href (the web fallback). Modified clicks (new tab, ...) are left alone.
 */
export function interceptNativeLinks(doc: Document, bridge: NativeBridge): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    const link = target?.closest?.('[data-native]') as HTMLElement | null;
    if (!link) return;
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
