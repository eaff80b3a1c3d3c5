import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { choiceIn, SIDE_MENU_SPECS, sideMenuBand, sideMenuState, toggledChoice, type SideMenuBand } from './side-menu-model';

const variants = fc.constantFrom('account' as const, 'trade' as const);
const bands = fc.constantFrom<SideMenuBand>('wide', 'narrow', 'mobile');
const choices = fc.constantFrom('expanded' as const, 'collapsed' as const);

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

  it('at any width: a dropdown at or below the mobile breakpoint, else the choice or the breakpoint decides', () => {
    fc.assert(
      fc.property(variants, fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(null, 'expanded' as const, 'collapsed' as const), (variant, width, choice) => {
        const spec = SIDE_MENU_SPECS[variant];
        const state = sideMenuState(variant, width, choice);
        if (width <= spec.mobileAt) {
          expect(state).toEqual({ mode: 'mobile', width: null, autoCollapsed: false });
          return;
        }
        const collapsed = choice === null ? width <= spec.collapseAt : choice === 'collapsed';
        expect(state.mode).toBe(collapsed ? 'collapsed' : 'expanded');
        const expanded = spec.compact && width <= spec.compact.at ? spec.compact.width : spec.expandedWidth;
        expect(state.width).toBe(collapsed ? spec.collapsedWidth : expanded);
        expect(state.autoCollapsed).toBe(collapsed && choice === null);
      }),
    );
  });

  it('a toggle applies only in the band it was made in', () => {
    fc.assert(
      fc.property(choices, bands, bands, (choice, madeIn, now) => {
        expect(choiceIn({ choice, band: madeIn }, now)).toBe(madeIn === now ? choice : null);
        expect(choiceIn(null, now)).toBeNull();
      }),
    );
  });

  it('toggle flips expanded and collapsed; on mobile it asks for expanded', () => {
    expect(toggledChoice('expanded')).toBe('collapsed');
    expect(toggledChoice('collapsed')).toBe('expanded');
    expect(toggledChoice('mobile')).toBe('expanded');
  });
});
