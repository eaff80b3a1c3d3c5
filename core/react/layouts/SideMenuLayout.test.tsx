// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { definePlugin } from '../../index';
import { createPluginTester } from '../../testing';
import { viewportOf } from '../../state/shell-state';
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
    setup(ctx) {
      ctx.slot('home', {
        render: () => (
          <SideMenuLayout variant={variant} items={items} label="Account menu">
            <p>content</p>
          </SideMenuLayout>
        ),
      });
    },
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
  act(() => root!.render(t.element({ slot: 'home' })));
  return host;
}

describe('SideMenuLayout', () => {
  it('server-renders auto-collapsed at 1280 px (account collapses at 1439) with an accessible toggle', () => {
    const html = harness('account', 1280).renderSlot('home');
    expect(html).toContain('is-collapsed');
    expect(html).toContain('inline-size:104px');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-label="Expand menu"');
    expect(html).toContain('aria-current="page"');
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

  it('labels come in the page language (Arabic)', () => {
    const html = harness('account', 1280, 'ar').renderSlot('home');
    expect(html).toContain('توسيع القائمة');
  });
});
