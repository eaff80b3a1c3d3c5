// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BehaviorSubject } from 'rxjs';
import { definePlugin } from '../plugin/define';
import { defineSlot } from '../plugin/slots';
import type { SlotItemProps } from '../plugin/types';
import { createPluginTester } from '../testing';
import { reloadOnceOnMissingChunk } from './chunk-reload';
import { lazyView } from './lazy-page';
import { preloadRenderedViews } from './slot-views';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A lazy view whose code arrives when the test says so. */
function deferredView(label: string, source?: string) {
  let arrive!: () => void;
  let fail!: (err: Error) => void;
  const code = new Promise<React.ComponentType<SlotItemProps>>((resolve, reject) => {
    arrive = () => resolve(() => <div role="dialog" aria-label={label} />);
    fail = reject;
  });
  const load = vi.fn(() => code);
  return { view: lazyView(load, source), load, arrive: () => act(async () => arrive()), fail: (err: Error) => act(async () => fail(err)) };
}

const labels = (host: HTMLElement) => [...host.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label'));

function mount(el: React.ReactElement) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(el));
  return { host, unmount: () => act(() => root.unmount()) };
}

describe('lazy views in slots', () => {
  it('a queued dialog loads its view when it wants to show, and shows only once loaded; an inactive one never loads', async () => {
    const wants = new BehaviorSubject(false);
    const a = deferredView('a');
    const idle = deferredView('idle');
    const plugin = definePlugin({
      id: 'q',
      slotEntries: () => [
        { slot: 'modal', key: 'a', priority: 5, active: () => wants, render: a.view },
        { slot: 'modal', key: 'idle', priority: 1, active: () => false, render: idle.view },
      ],
    });
    const t = createPluginTester(plugin);
    const { host, unmount } = mount(t.element({ slot: 'modal' }));
    act(() => t.hydrate());
    expect(a.load).not.toHaveBeenCalled();
    act(() => wants.next(true));
    expect(a.load).toHaveBeenCalledTimes(1);
    expect(labels(host)).toEqual([]); // not an empty frame while the code travels
    await a.arrive();
    expect(labels(host)).toEqual(['a']);
    expect(idle.load).not.toHaveBeenCalled();
    unmount();
    expect(t.dispose()).toEqual([]);
  });

  it('a dialog whose code fails to load gives its turn to the next one', async () => {
    const broken = deferredView('broken');
    const next = deferredView('next');
    const plugin = definePlugin({
      id: 'q',
      slotEntries: () => [
        { slot: 'modal', key: 'broken', priority: 9, render: broken.view },
        { slot: 'modal', key: 'next', priority: 1, render: next.view },
      ],
    });
    const t = createPluginTester(plugin);
    const { host, unmount } = mount(t.element({ slot: 'modal' }));
    act(() => t.hydrate());
    await next.arrive();
    expect(labels(host)).toEqual([]); // the higher priority one still holds the queue
    await broken.fail(new Error('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(labels(host)).toEqual(['next']);
    // Chunk-load errors are dropped by monitoring (spec 000 §8); the page reloads once instead (reloadOnceOnMissingChunk).
    expect(t.monitorRecords).toEqual([]);
    unmount();
    t.dispose();
  });

  it('the server renders the active views it preloaded, and the browser preloads the same ones by id', async () => {
    const bar = deferredView('bar');
    const off = deferredView('off');
    const plugin = definePlugin({
      id: 'f',
      slotEntries: () => [
        { slot: 'floating', key: 'bar', render: bar.view },
        { slot: 'floating', key: 'off', active: () => false, render: off.view },
      ],
    });
    const t = createPluginTester(plugin, { side: 'server' });
    const views = preloadRenderedViews(t.activation, t.env, { route: {}, loaderData: {} });
    expect(views.ids).toEqual(['f:bar']);
    await bar.arrive();
    await views.loaded;
    expect(renderToString(t.element({ slot: 'floating' }))).toContain('aria-label="bar"');
    expect(off.load).not.toHaveBeenCalled();
    expect(preloadRenderedViews(t.activation, t.env, { ids: ['f:bar'] }).ids).toEqual(['f:bar']);
    t.dispose();
  });

  it("preloads a page slot's views only for a page whose route renders that slot", () => {
    const card = deferredView('card');
    const dialog = deferredView('dialog');
    const plugin = definePlugin({
      id: 'c',
      slots: [defineSlot('c-panel', { policy: 'stack', page: true })],
      slotEntries: () => [
        { slot: 'c-panel' as never, key: 'x', render: card.view },
        { slot: 'modal', key: 'x', render: dialog.view }, // the same item id in a queue
      ],
    });
    const t = createPluginTester(plugin, { side: 'server' });
    expect(preloadRenderedViews(t.activation, t.env, { route: {}, loaderData: {} }).ids).toEqual([]);
    expect(card.load).not.toHaveBeenCalled();
    expect(preloadRenderedViews(t.activation, t.env, { route: { slots: ['c-panel' as never] }, loaderData: {} }).ids).toEqual(['c:x']);
    // The browser, given the ids, preloads the card only: queued dialogs are never server-rendered.
    preloadRenderedViews(t.activation, t.env, { ids: ['c:x'] });
    expect(dialog.load).not.toHaveBeenCalled();
    t.dispose();
  });

  it("loads a deferred slot's views for the server's render, but neither names their code nor has the browser preload them", async () => {
    const section = deferredView('section', 'plugins/d/Section.tsx');
    const plugin = definePlugin({
      id: 'd',
      slots: [defineSlot('d-below', { policy: 'stack', deferred: true })],
      slotEntries: () => [{ slot: 'd-below' as never, key: 's', render: section.view }],
    });
    const t = createPluginTester(plugin, { side: 'server' });
    const views = preloadRenderedViews(t.activation, t.env, { route: {}, loaderData: {} });
    expect(views).toMatchObject({ ids: [], sources: [], deferredSources: ['plugins/d/Section.tsx'] });
    expect(section.load).toHaveBeenCalledTimes(1);
    let loaded = false;
    void views.loaded.then(() => (loaded = true));
    await act(async () => {});
    expect(loaded).toBe(false);
    await section.arrive();
    expect(loaded).toBe(true);
    expect(renderToString(t.element({ slot: 'd-below' as never }))).toContain('aria-label="section"');
    t.dispose();
  });
});

describe('reloadOnceOnMissingChunk', () => {
  const fakeWindow = () => {
    const store = new Map<string, string>();
    return {
      location: { reload: vi.fn() },
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    } as unknown as Window & { location: { reload: ReturnType<typeof vi.fn> } };
  };

  it('reloads once for a missing chunk, never twice, and never for other errors', () => {
    const win = fakeWindow();
    expect(reloadOnceOnMissingChunk(new Error('boom'), win)).toBe(false);
    expect(reloadOnceOnMissingChunk(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), win)).toBe(true);
    expect(reloadOnceOnMissingChunk(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), win)).toBe(false);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });
});
