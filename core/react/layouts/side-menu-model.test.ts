import { describe, expect, it } from 'vitest';
import { SIDE_MENU_SPECS, sideMenuBand, sideMenuState, toggledChoice } from './side-menu-model';

describe('side menu widths and breakpoints (spec 001 §9)', () => {
  it('has the spec numbers', () => {
    expect(SIDE_MENU_SPECS.account).toMatchObject({ expandedWidth: 300, collapsedWidth: 104, collapseAt: 1439, mobileAt: 992 });
    expect(SIDE_MENU_SPECS.trade).toMatchObject({ expandedWidth: 288, collapsedWidth: 96, collapseAt: 1248, mobileAt: 768, compact: { at: 1024, width: 256 } });
  });

  it.each([
    // variant, viewport, choice, mode, width, auto
    ['account', 1920, null, 'expanded', 300, false],
    ['account', 1440, null, 'expanded', 300, false],
    ['account', 1439, null, 'collapsed', 104, true],
    ['account', 1200, null, 'collapsed', 104, true],
    ['account', 1200, 'expanded', 'expanded', 300, false],
    ['account', 1920, 'collapsed', 'collapsed', 104, false],
    ['account', 993, null, 'collapsed', 104, true],
    ['account', 992, null, 'mobile', null, false],
    ['account', 992, 'collapsed', 'mobile', null, false],
    ['account', 390, null, 'mobile', null, false],
    ['trade', 1920, null, 'expanded', 288, false],
    ['trade', 1249, null, 'expanded', 288, false],
    ['trade', 1248, null, 'collapsed', 96, true],
    ['trade', 1100, 'expanded', 'expanded', 288, false],
    ['trade', 1024, 'expanded', 'expanded', 256, false],
    ['trade', 900, 'expanded', 'expanded', 256, false],
    ['trade', 900, null, 'collapsed', 96, true],
    ['trade', 769, null, 'collapsed', 96, true],
    ['trade', 768, null, 'mobile', null, false],
    ['trade', 768, 'expanded', 'mobile', null, false],
  ] as const)('%s at %i px, choice %s → %s %s', (variant, viewport, choice, mode, width, auto) => {
    expect(sideMenuState(variant, viewport, choice)).toEqual({ mode, width, autoCollapsed: auto });
  });

  it.each([
    ['account', 1440, 'wide'],
    ['account', 1439, 'narrow'],
    ['account', 992, 'mobile'],
    ['trade', 1249, 'wide'],
    ['trade', 1248, 'narrow'],
    ['trade', 768, 'mobile'],
  ] as const)('band of %s at %i → %s', (variant, viewport, band) => {
    expect(sideMenuBand(variant, viewport)).toBe(band);
  });

  it('toggle flips expanded and collapsed; on mobile it asks for expanded', () => {
    expect(toggledChoice('expanded')).toBe('collapsed');
    expect(toggledChoice('collapsed')).toBe('expanded');
    expect(toggledChoice('mobile')).toBe('expanded');
  });
});
