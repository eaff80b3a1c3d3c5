/** Footer float menu (spec 001 §9): skipped on phones and on the Hong Kong, EU and Japan sites. */

/** Regions where the float-menu script is never loaded. */
export const FLOAT_MENU_SKIPPED_REGIONS: readonly string[] = ['hk', 'eu', 'jp'];

/** Whether the footer float-menu script may load for this region and device. */
export function shouldLoadFloatMenu(regionKey: string, isPhone: boolean): boolean {
  return !isPhone && !FLOAT_MENU_SKIPPED_REGIONS.includes(regionKey);
}

export interface LoadFloatMenuOptions {
  regionKey: string;
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
export async function loadFloatMenu({ regionKey, isPhone, t, langPrefix, doc = document }: LoadFloatMenuOptions): Promise<(() => void) | null> {
  if (!shouldLoadFloatMenu(regionKey, isPhone)) return null;
  try {
    const { mountFloatMenu } = await import('./layouts/float-menu');
    return mountFloatMenu(doc, { t, langPrefix, regionKey });
  } catch (err) {
    console.warn(`[shell] float menu failed to load: ${(err as Error)?.message ?? err}`);
    return null;
  }
}
