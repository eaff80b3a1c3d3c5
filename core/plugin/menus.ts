/** One side-menu entry. */
export interface MenuItem {
  key: string;
  /** i18n key of the label (in the contributing plugin's namespace; `shell` for region-config entries). */
  label: string;
  /** Site path without the locale prefix. */
  path: string;
  /** Path prefix that marks the entry current (default: `path`). */
  match?: string;
  /** SVG path data of a 24 × 24 stroke icon. */
  icon?: string;
  /** Position in the menu: lower comes first (default 0). */
  order?: number;
  /** Compliance menu code: hidden while the region's compliance `menu` list disables it. */
  code?: string;
}
