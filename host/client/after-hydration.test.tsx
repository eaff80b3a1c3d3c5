// @vitest-environment jsdom
import { act, use } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountedBoundary } from '../../core/react/per-request';
import type { Monitor } from '../../core/util/monitoring';
import { boundariesHydratedWithin } from './after-hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.useRealTimers());

describe('the wait for the page to hydrate', () => {
  it('ends after 10 s when a part never hydrates (its code never came), and says so to monitoring', async () => {
    const never = new Promise<void>(() => {});
    const Never = () => {
      use(never);
      return null;
    };
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<CountedBoundary fallback={null}>{<Never />}</CountedBoundary>));
    vi.useFakeTimers();
    const captured: unknown[] = [];
    const monitor = { captureError: (err: unknown) => void captured.push(err) } as unknown as Monitor;
    let ended = false;
    void boundariesHydratedWithin({ monitor }).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    expect(String(captured[0])).toMatch(/not hydrated after 10000 ms/);
    vi.useRealTimers();
    await act(async () => root.unmount());
  });
});
