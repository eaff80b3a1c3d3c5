import type { RegionFooter } from '../../core/config/region';

/** Footer float menu (spec 001 §9): skipped on phones and where the region's `footer.floatMenu` is false (hk, eu, jp). */

/** The float menu's app-download path where the region file names none. */
const FLOAT_MENU_DOWNLOAD_DEFAULT = '/appdownload';

/** Whether the footer float-menu script may load for this region's footer settings and device. */
export function shouldLoadFloatMenu(footer: RegionFooter | undefined, isPhone: boolean): boolean {
  return !isPhone && footer?.floatMenu !== false;
}

export interface LoadFloatMenuOptions {
  /** The region's footer settings (`floatMenu`, `floatMenuDownload`). */
  footer: RegionFooter | undefined;
  /** Phone user agent or a viewport at most 768 px wide. */
  isPhone: boolean;
  /** Translates a key of the `shell` namespace. */
  t: (key: string) => string;
  langPrefix: string;
  doc?: Document;
}

/**
 * Loads the float-menu script (its own chunk) and mounts the widget when allowed; resolves with its teardown,
 * or null when skipped or when the chunk failed to load.
 */
export async function loadFloatMenu({ footer, isPhone, t, langPrefix, doc = document }: LoadFloatMenuOptions): Promise<(() => void) | null> {
  if (!shouldLoadFloatMenu(footer, isPhone)) return null;
  try {
    const { mountFloatMenu } = await import('./layouts/float-menu');
    return mountFloatMenu(doc, { t, langPrefix, downloadPath: footer?.floatMenuDownload ?? FLOAT_MENU_DOWNLOAD_DEFAULT });
  } catch (err) {
    console.warn(`[shell] float menu failed to load: ${(err as Error)?.message ?? err}`);
    return null;
  }
}
