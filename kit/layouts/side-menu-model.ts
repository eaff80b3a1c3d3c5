/** The two left-side menu layouts of spec 001 §2 and §9: widths and breakpoints as pure functions. */

export type SideMenuVariant = 'account' | 'trade';
export type SideMenuMode = 'expanded' | 'collapsed' | 'mobile';
/** The user's toggle; null follows the breakpoint. */
export type SideMenuChoice = 'expanded' | 'collapsed' | null;

export interface SideMenuSpec {
  /** Menu width when expanded, px. */
  expandedWidth: number;
  /** Menu width when collapsed to icons, px. */
  collapsedWidth: number;
  /** At viewport widths up to collapseAt the menu starts collapsed. */
  collapseAt: number;
  /** At viewport widths up to mobileAt the menu becomes a dropdown above the content. */
  mobileAt: number;
  /** A narrower expanded width at viewport widths up to compactAt (trade: 256 px up to 1024 px). */
  compact?: { at: number; width: number };
}

/** Spec 001 §9: menu widths 300/104 and 288/96/256 px; breakpoints 1439, 992, 1248, 768, 1024. */
export const SIDE_MENU_SPECS: Readonly<Record<SideMenuVariant, SideMenuSpec>> = {
  account: { expandedWidth: 300, collapsedWidth: 104, collapseAt: 1439, mobileAt: 992 },
  trade: { expandedWidth: 288, collapsedWidth: 96, collapseAt: 1248, mobileAt: 768, compact: { at: 1024, width: 256 } },
};

/** Which side of the breakpoints a viewport is on; a change of band drops the user's choice. */
export type SideMenuBand = 'wide' | 'narrow' | 'mobile';

/** A user's toggle and the band it was made in: it holds only while the viewport stays in that band. */
export interface SideMenuToggle {
  choice: 'expanded' | 'collapsed';
  band: SideMenuBand;
}

/** The choice a toggle makes in `band`: its own there, none (follow the breakpoint) in any other band. */
export function choiceIn(toggle: SideMenuToggle | null, band: SideMenuBand): SideMenuChoice {
  return toggle && toggle.band === band ? toggle.choice : null;
}

export function sideMenuBand(variant: SideMenuVariant, viewportWidth: number): SideMenuBand {
  const spec = SIDE_MENU_SPECS[variant];
  if (viewportWidth <= spec.mobileAt) return 'mobile';
  return viewportWidth <= spec.collapseAt ? 'narrow' : 'wide';
}

export interface SideMenuState {
  mode: SideMenuMode;
  /** Menu width in px; null on mobile (the dropdown spans the page). */
  width: number | null;
  /** True when collapsed by the breakpoint rather than by the user. */
  autoCollapsed: boolean;
}

/**
 * Spec 001 §4: collapsed or expanded; auto-collapsed below the breakpoint, expanded (as a dropdown) on mobile.
 * The user's choice wins above the mobile breakpoint.
 */
export function sideMenuState(variant: SideMenuVariant, viewportWidth: number, choice: SideMenuChoice = null): SideMenuState {
  const spec = SIDE_MENU_SPECS[variant];
  const band = sideMenuBand(variant, viewportWidth);
  if (band === 'mobile') return { mode: 'mobile', width: null, autoCollapsed: false };
  const collapsed = choice ? choice === 'collapsed' : band === 'narrow';
  if (collapsed) return { mode: 'collapsed', width: spec.collapsedWidth, autoCollapsed: choice === null };
  const width = spec.compact && viewportWidth <= spec.compact.at ? spec.compact.width : spec.expandedWidth;
  return { mode: 'expanded', width, autoCollapsed: false };
}

/** The choice a toggle makes from the current mode. */
export function toggledChoice(mode: SideMenuMode): SideMenuToggle['choice'] {
  return mode === 'expanded' ? 'collapsed' : 'expanded';
}
