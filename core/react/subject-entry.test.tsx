// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { serviceReader } from '../di/tokens';
import { definePlugin } from '../plugin/define';
import { createServiceRef } from '../plugin/refs';
import { createPluginTester } from '../testing';
import { lazyView } from './lazy-page';
import { entryWhileSet } from './subject-entry';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const REQUEST = createServiceRef<BehaviorSubject<{ name: string } | null>>('asker.request');
const Asked = lazyView(() =>
  Promise.resolve(function Asked({ name, onClose }: { name: string; onClose: () => void }) {
    return (
      <div role="dialog" aria-label={name}>
        <button onClick={onClose}>close</button>
      </div>
    );
  }),
);
const asker = definePlugin({
  id: 'asker',
  slotEntries: () => [entryWhileSet(REQUEST, { slot: 'modal', key: 'ask' }, Asked, ({ name }, { subject }) => ({ name, onClose: () => subject.next(null) }))],
  setup: (ctx) => ctx.provide(REQUEST, new BehaviorSubject<{ name: string } | null>(null)),
});

describe('entryWhileSet', () => {
  it("shows its view while the page's subject holds a value, with props made from it, and hides it once cleared", async () => {
    const t = createPluginTester(asker);
    await t.preload();
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(async () => root.render(t.element({ slot: 'modal' })));
    await act(async () => t.hydrate());
    const shown = () => [...host.querySelectorAll('[role=dialog]')].map((d) => d.getAttribute('aria-label'));
    const request = serviceReader(t.env).get(REQUEST);
    expect(shown()).toEqual([]);
    await act(async () => request.next({ name: 'first' }));
    expect(shown()).toEqual(['first']);
    await act(async () => host.querySelector('button')!.click());
    expect([shown(), request.value]).toEqual([[], null]);
    await act(async () => request.next({ name: 'again' }));
    expect(shown()).toEqual(['again']); // closing cleared the request: the same page can open it again
    act(() => root.unmount());
    expect(t.dispose()).toEqual([]);
  });
});
