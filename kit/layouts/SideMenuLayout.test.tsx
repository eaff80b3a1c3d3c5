// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { definePlugin } from '../../core/plugin-api/index';
import { createPluginTester } from '../../core/testing';
import { viewportOf } from '../../core/state/shell-state';
import { SideMenuLayout, type SideMenuItem } from './SideMenuLayout';
import type { SideMenuVariant } from './side-menu-model';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const items: SideMenuItem[] = [
  { key: 'overview', label: 'Overview', href: '/myaccount', active: true },
  { key: 'security', label: 'Security', href: '/myaccount/security' },
];

function harness(variant: SideMenuVariant, width: number, locale = 'en') {
  const plugin = definePlugin({
    id: 'layout-test',
    slotEntries: () => [
      {
        slot: 'home',
        render: () => (
          <SideMenuLayout variant={variant} items={items} label="Account menu">
            <p>content</p>
          </SideMenuLayout>
        ),
      },
    ],
  });
  const t = createPluginTester(plugin, { viewportWidth: width, locale });
  return t;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount(t: ReturnType<typeof harness>) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  t.hydrate(); // a page that knows its width (the host flips hydrated$ once it has set the real viewport)
  act(() => root!.render(t.element({ slot: 'home' })));
  return host;
}

/** Hydrates the server HTML (rendered at the tester's width) after the viewport moved to `realWidth`. */
function hydrateAfterResize(t: ReturnType<typeof harness>, realWidth: number) {
  const host = document.createElement('div');
  // The server's HTML of the very element hydrated (the slot with its boundary).
  host.innerHTML = renderToString(t.element({ slot: 'home' }));
  document.body.append(host);
  const serverHtml = host.innerHTML;
  const problems: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args.map(String).join(' ')));
  t.env.state.viewport$.next(viewportOf(realWidth));
  act(() => {
    root = hydrateRoot(host, t.element({ slot: 'home' }), { onRecoverableError: (err) => void problems.push(String(err)) });
  });
  // React renders the layout again once hydrated; until the page knows its width it stays laid out by CSS.
  const guessUntilKnown = host.querySelector('.is-guess') !== null;
  act(() => t.hydrate());
  consoleError.mockRestore();
  return { host, serverHtml, problems, guessUntilKnown };
}

describe('SideMenuLayout', () => {
  it('server-renders for its 1280 px guess (account collapses at 1439), its width left to CSS, with an accessible toggle', () => {
    const html = harness('account', 1280).renderSlot('home');
    // The width and collapse are side-menu.css's (`is-guess`), by the real window, until the page has hydrated.
    expect(html).toContain('is-guess');
    expect(html).not.toContain('is-collapsed');
    expect(html).not.toContain('inline-size');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-label="Expand menu"');
    expect(html).toContain('aria-current="page"');
    // It carries the dropdown too, first: side-menu.css shows it instead at or below the mobile breakpoint.
    expect(html.indexOf('shell-sidemenu-dropdown')).toBeGreaterThan(-1);
    expect(html.indexOf('shell-sidemenu-dropdown')).toBeLessThan(html.indexOf('<aside'));
    const navIds = [...html.matchAll(/<nav id="([^"]+)"/g)].map((m) => m[1]);
    expect(navIds).toHaveLength(2);
    expect(new Set(navIds).size).toBe(2);
  });

  it('carries a toggle for each state until the width is known (CSS shows the real one); a click on it acts once it is', () => {
    const t = harness('trade', 1280);
    const html = t.renderSlot('home');
    const toggles = [...html.matchAll(/data-shown="(\w+)" aria-expanded="(\w+)"[^>]*aria-label="([^"]+)"/g)].map((m) => m.slice(1));
    expect(toggles).toEqual([
      ['expanded', 'true', 'Collapse menu'],
      ['collapsed', 'false', 'Expand menu'],
    ]);
    const host = document.createElement('div');
    host.innerHTML = renderToString(t.element({ slot: 'home' })); // the slot with its boundary, as hydrated
    document.body.append(host);
    act(() => {
      root = hydrateRoot(host, t.element({ slot: 'home' }));
    });
    // jsdom's window is 1024 px wide: there the trade menu is collapsed, and its expand toggle is the one seen.
    expect(window.innerWidth).toBeLessThanOrEqual(1248);
    act(() => host.querySelector<HTMLButtonElement>('[data-shown="collapsed"]')!.click());
    expect(host.querySelector('.is-guess')).not.toBeNull();
    t.env.state.viewport$.next(viewportOf(window.innerWidth));
    act(() => t.hydrate());
    expect(host.querySelector('.is-expanded')).not.toBeNull();
    expect(host.querySelectorAll('.shell-sidemenu__toggle')).toHaveLength(1);
    expect(host.querySelector('.shell-sidemenu__toggle')!.getAttribute('aria-expanded')).toBe('true');
    act(() => root!.unmount());
    root = null;
    expect(t.dispose()).toEqual([]);
  });

  it("server-renders only the dropdown for a phone's guess", () => {
    const html = harness('trade', 390).renderSlot('home');
    expect(html).toContain('is-mobile');
    expect(html).toContain('shell-sidemenu-dropdown');
    expect(html).not.toContain('<aside');
  });

  it('the toggle expands and collapses; crossing a breakpoint drops the choice; mobile is a dropdown', () => {
    const t = harness('trade', 1300);
    const host = mount(t);
    const toggle = () => host.querySelector<HTMLButtonElement>('.shell-sidemenu__toggle')!;
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(host.querySelector<HTMLElement>('.shell-sidemenu')!.style.inlineSize).toBe('288px');
    act(() => toggle().click());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-label')).toBe('Expand menu');
    act(() => t.env.state.viewport$.next(viewportOf(1000)));
    expect(host.querySelector('.is-collapsed')).not.toBeNull();
    act(() => toggle().click());
    expect(host.querySelector<HTMLElement>('.shell-sidemenu')!.style.inlineSize).toBe('256px');
    act(() => t.env.state.viewport$.next(viewportOf(700)));
    const dropdown = host.querySelector<HTMLButtonElement>('.shell-sidemenu__dropdown-toggle')!;
    expect(dropdown.textContent).toContain('Overview');
    expect(dropdown.getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector('nav')!.hidden).toBe(true);
    act(() => dropdown.click());
    expect(host.querySelector('nav')!.hidden).toBe(false);
    act(() => {
      host.querySelector('nav a')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(host.querySelector('nav')!.hidden).toBe(true);
    expect(document.activeElement).toBe(dropdown);
    t.dispose();
  });

  it('hydrates as the server rendered it, then follows the real viewport that was set before it hydrated', () => {
    const t = harness('account', 1280);
    const { host, serverHtml, problems, guessUntilKnown } = hydrateAfterResize(t, 1600);
    expect(problems).toEqual([]);
    expect(serverHtml).toContain('is-guess');
    expect(guessUntilKnown).toBe(true);
    expect(host.querySelector('.is-guess')).toBeNull();
    const toggle = host.querySelector<HTMLButtonElement>('.shell-sidemenu__toggle')!;
    expect(host.querySelector<HTMLElement>('.shell-sidemenu')!.style.inlineSize).toBe('300px');
    expect(host.querySelector('[data-viewport-width]')!.getAttribute('data-viewport-width')).toBe('1600');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(host.querySelector<HTMLElement>('.shell-sidemenu')!.style.inlineSize).toBe('104px');
    act(() => root!.unmount());
    root = null;
    expect(t.dispose()).toEqual([]);
  });

  it('hydrates a phone-width window into the dropdown, whose first click opens it', () => {
    const t = harness('trade', 1280);
    const { host, problems } = hydrateAfterResize(t, 700);
    expect(problems).toEqual([]);
    expect(host.querySelector('.shell-sidemenu')).toBeNull();
    const dropdown = host.querySelector<HTMLButtonElement>('.shell-sidemenu__dropdown-toggle')!;
    expect(dropdown.getAttribute('aria-expanded')).toBe('false');
    act(() => dropdown.click());
    expect(dropdown.getAttribute('aria-expanded')).toBe('true');
    expect(host.querySelector('nav')!.hidden).toBe(false);
    t.dispose();
  });

  it('a toggle holds while the window stays in its band, and is dropped once it crosses a breakpoint', () => {
    const t = harness('account', 1300);
    const host = mount(t);
    const toggle = () => host.querySelector<HTMLButtonElement>('.shell-sidemenu__toggle')!;
    act(() => toggle().click());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    act(() => t.env.state.viewport$.next(viewportOf(1000)));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    act(() => t.env.state.viewport$.next(viewportOf(1440)));
    act(() => t.env.state.viewport$.next(viewportOf(1300)));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    t.dispose();
  });

  it('labels come in the page language (Arabic)', () => {
    const html = harness('account', 1280, 'ar').renderSlot('home');
    expect(html).toContain('توسيع القائمة');
  });
});
