// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SDK_INIT_ERROR, SDK_LOAD_ERROR, loadSdk } from './sdk-loader';

const opts = { src: '/dfdid/udid/c1', waitMs: 1000, pollMs: 50 };
const tag = () => document.querySelector<HTMLScriptElement>('script[data-fingerprint-sdk]')!;

beforeEach(() => {
  vi.useFakeTimers();
  delete window.DFDID;
  document.head.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('loadSdk', () => {
  it('injects one async script from the own origin and resolves once DFDID appears', async () => {
    const p = loadSdk(opts);
    expect(tag().getAttribute('src')).toBe('/dfdid/udid/c1');
    expect(tag().async).toBe(true);
    tag().dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(120);
    window.DFDID = { getId: async () => 'x' };
    await vi.advanceTimersByTimeAsync(50);
    await expect(p).resolves.toBe(window.DFDID);
  });

  it("rejects with 'failed to load script' on a load error (404, network)", async () => {
    const p = loadSdk(opts);
    tag().dispatchEvent(new Event('error'));
    await expect(p).rejects.toThrow(SDK_LOAD_ERROR);
  });

  it("rejects with 'SDK failed to initialize after loading' after 1 s of polling every 50 ms", async () => {
    const p = loadSdk(opts);
    const caught = p.catch((e: Error) => e);
    tag().dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(950);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(((await caught) as Error).message).toBe(SDK_INIT_ERROR);
  });

  it('a retry replaces the failed script tag; an SDK already present is reused without a tag', async () => {
    const first = loadSdk(opts);
    tag().dispatchEvent(new Event('error'));
    await first.catch(() => {});
    const second = loadSdk(opts);
    expect(document.querySelectorAll('script[data-fingerprint-sdk]')).toHaveLength(1);
    window.DFDID = { getId: async () => 'y' };
    tag().dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(window.DFDID);
    document.head.innerHTML = '';
    await expect(loadSdk(opts)).resolves.toBe(window.DFDID);
    expect(document.querySelector('script')).toBeNull();
  });
});
