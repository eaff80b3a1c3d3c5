// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { definePlugin } from '../plugin/define';
import { createPluginTester } from '../testing';
import { MAX_CUSTOM_EVENTS_PER_VIEW, MONITOR_EVENTS } from '../util/monitoring';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Crash({ error }: { error: Error }): never {
  throw error;
}

/** A plugin with `n` stacked footer items that throw `error`, and one that renders. */
function crashing(n: number, error = new TypeError('x is undefined')) {
  return definePlugin({
    id: 'crashy',
    slotEntries: () => [
      ...Array.from({ length: n }, (_, i) => ({ slot: 'footer', key: `c${i}`, priority: i, render: () => <Crash error={error} /> }) as const),
      { slot: 'footer', key: 'fine', priority: 100, render: () => <p>still here</p> },
    ],
  });
}

function mount(el: React.ReactElement) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(el));
  return { host, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('PluginBoundary reports', () => {
  it('a crash it catches as a plugin_error event (plugin id and error name), beside the full error report', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = createPluginTester(crashing(1));
    const { host, unmount } = mount(t.element({ slot: 'footer' }));
    expect(host.textContent).toBe('still here');
    const events = t.monitorRecords.filter((r) => r.kind === 'event');
    expect(events).toEqual([expect.objectContaining({ name: MONITOR_EVENTS.pluginError, data: { plugin: 'crashy', error: 'TypeError' } })]);
    expect(t.monitorRecords.filter((r) => r.kind === 'error')).toEqual([expect.objectContaining({ name: 'TypeError', message: 'x is undefined' })]);
    unmount();
    expect(t.dispose()).toEqual([]);
  });

  it('at most 10 events per view, however many boundaries catch', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = createPluginTester(crashing(MAX_CUSTOM_EVENTS_PER_VIEW + 4));
    const { unmount } = mount(t.element({ slot: 'footer' }));
    expect(t.monitorRecords.filter((r) => r.kind === 'event')).toHaveLength(MAX_CUSTOM_EVENTS_PER_VIEW);
    expect(t.monitorRecords.filter((r) => r.kind === 'error')).toHaveLength(MAX_CUSTOM_EVENTS_PER_VIEW + 4);
    unmount();
    expect(t.dispose()).toEqual([]);
  });

  it('no event for the errors monitoring ignores (a chunk that failed to load)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const chunk = Object.assign(new Error('Failed to fetch dynamically imported module: /assets/x.js'), { name: 'TypeError' });
    const t = createPluginTester(crashing(1, chunk));
    sessionStorage.setItem('shell:chunk-reload', '1'); // its one reload was used: jsdom cannot reload
    const { unmount } = mount(t.element({ slot: 'footer' }));
    expect(t.monitorRecords).toEqual([]);
    unmount();
    expect(t.dispose()).toEqual([]);
  });
});
