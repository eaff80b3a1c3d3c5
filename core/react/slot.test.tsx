// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject, Subject } from 'rxjs';
import { definePlugin } from '../plugin/define';
import { createPluginTester } from '../testing';
import type { SlotItemProps } from '../plugin/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Dialog = (label: string) =>
  function Item({ dismiss }: SlotItemProps) {
    return (
      <div role="dialog" aria-label={label}>
        <button onClick={dismiss}>ok {label}</button>
      </div>
    );
  };

function mount(el: React.ReactElement) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(el));
  return { host, rerender: (next: React.ReactElement) => act(() => root.render(next)), unmount: () => act(() => root.unmount()) };
}

describe('Slot policies', () => {
  it('queue: one dialog at a time by priority, the next after dismiss, nothing before hydration', () => {
    const plugin = definePlugin({
      id: 'q',
      slotEntries: () => [
        { slot: 'modal', key: 'low', priority: 1, render: Dialog('low') },
        { slot: 'modal', key: 'high', priority: 9, render: Dialog('high') },
        { slot: 'modal', key: 'off', priority: 99, active: () => false, render: Dialog('off') },
      ],
    });
    const t = createPluginTester(plugin);
    const { host, unmount } = mount(t.element({ slot: 'modal' }));
    expect(host.querySelectorAll('[role=dialog]')).toHaveLength(0);
    act(() => t.hydrate());
    expect([...host.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label'))).toEqual(['high']);
    act(() => host.querySelector('button')!.click());
    expect([...host.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label'))).toEqual(['low']);
    act(() => host.querySelector('button')!.click());
    expect(host.querySelectorAll('[role=dialog]')).toHaveLength(0);
    unmount();
    expect(t.dispose()).toEqual([]);
  });

  it('single: the highest-priority active item; follows streams', () => {
    const uk = new BehaviorSubject(true);
    const plugin = definePlugin({
      id: 's',
      slotEntries: () => [
        { slot: 'topbar', key: 'uk', priority: 10, active: () => uk, render: () => <p>uk</p> },
        { slot: 'topbar', key: 'au', priority: 5, render: () => <p>au</p> },
      ],
    });
    const t = createPluginTester(plugin);
    const { host, unmount } = mount(t.element({ slot: 'topbar' }));
    expect(host.textContent).toBe('uk');
    act(() => uk.next(false));
    expect(host.textContent).toBe('au');
    expect(host.querySelector('[data-plugin="s"]')).not.toBeNull();
    unmount();
    expect(uk.observed).toBe(false);
  });

  it('a crashing item disappears alone and is reported', () => {
    const plugin = definePlugin({
      id: 'crash',
      slotEntries: () => [
        {
          slot: 'floating',
          key: 'bad',
          render: () => {
            throw new Error('render boom');
          },
        },
        { slot: 'floating', key: 'good', render: () => <p>fine</p> },
      ],
    });
    const t = createPluginTester(plugin);
    const original = console.error;
    console.error = () => {};
    const { host, unmount } = mount(t.element({ slot: 'floating' }));
    console.error = original;
    expect(host.textContent).toBe('fine');
    expect(t.monitorRecords.some((r) => r.message === 'render boom')).toBe(true);
    unmount();
  });

  it('entries joining later show in the render that brings them, without rendering the ones shown again; streams repeating their value render nothing more', () => {
    const renders = { kept: 0, late: 0 };
    const shown = new BehaviorSubject(true);
    const plugin = definePlugin({
      id: 'early',
      slotEntries: () => [
        {
          slot: 'floating',
          key: 'kept',
          active: () => shown,
          render: () => {
            renders.kept++;
            return <p>kept</p>;
          },
        },
      ],
    });
    const t = createPluginTester(plugin);
    const { host, rerender, unmount } = mount(t.element({ slot: 'floating' }));
    expect(renders.kept).toBe(1);
    // What the browser's later activation does: a new list per slot, with another plugin's entry in it.
    const late = {
      pluginId: 'late',
      id: 'late:floating:late',
      item: {
        key: 'late',
        active: () => new BehaviorSubject(true),
        render: () => {
          renders.late++;
          return <p>late</p>;
        },
      },
    };
    t.activation.slots.floating = [...t.activation.slots.floating, late];
    rerender(t.element({ slot: 'floating' }));
    expect(host.textContent).toBe('keptlate');
    expect(renders).toEqual({ kept: 1, late: 1 });
    act(() => shown.next(false));
    expect(host.textContent).toBe('late');
    act(() => shown.next(true));
    expect(host.textContent).toBe('keptlate');
    unmount();
    expect(shown.observed).toBe(false);
  });

  it('a stream with nothing to say on subscribing keeps what it said when the entries change', () => {
    const later = new Subject<boolean>();
    const plugin = definePlugin({
      id: 'async',
      slotEntries: () => [{ slot: 'floating', key: 'news', active: () => later, render: () => <p>news</p> }],
    });
    const t = createPluginTester(plugin);
    const { host, rerender, unmount } = mount(t.element({ slot: 'floating' }));
    expect(host.textContent).toBe('');
    act(() => later.next(true));
    expect(host.textContent).toBe('news');
    t.activation.slots.floating = [...t.activation.slots.floating];
    rerender(t.element({ slot: 'floating' }));
    expect(host.textContent).toBe('news');
    act(() => later.next(false));
    expect(host.textContent).toBe('');
    unmount();
    expect(later.observed).toBe(false);
  });
});
