// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPluginTester, type PluginTester } from '../../core/plugin-api/testing';
import plugin, { SHARE_MODAL_PRIORITY } from './index';

vi.mock('html-to-image', () => ({ toPng: vi.fn(() => new Promise<string>(() => {})) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OG = { '/api/web/v1/marketing-activity/og_show': { body: { code: 0, data: { site_name: 'Gate.com', site_image: '/cdn/share/og/main.svg' } } } };
let root: Root | null = null;
let host: HTMLDivElement | null = null;
let tester: PluginTester | null = null;
let toasts: Array<{ kind: string; message: string }> = [];

beforeEach(() => {
  toasts = [];
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  tester?.dispose();
  root = host = tester = null;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
  });

/** Polls (inside act) until the check returns something, for up to 8 s (dynamic imports are slow under load). */
async function waitFor<T>(check: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 160; i++) {
    const v = check();
    if (v) return v;
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
  }
  throw new Error('waitFor: timed out');
}

async function mount(options: Record<string, unknown> = {}) {
  tester = createPluginTester(plugin, { scenario: OG, options });
  await tester.preload();
  tester.env.bus.on('toast', (e) => toasts.push(e));
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <>
        {tester!.element({ slot: 'home' })}
        {tester!.element({ slot: 'modal' })}
      </>,
    ),
  );
  act(() => tester!.hydrate());
  return tester;
}

describe('share plugin', () => {
  it('sits above marketing popups in the modal queue', () => {
    expect(SHARE_MODAL_PRIORITY).toBe(500);
  });

  it('opens from the home card with a QR code (140 px) of the URL and the share targets', async () => {
    await mount();
    expect(host!.querySelector('[role="dialog"]')).toBeNull();
    act(() => host!.querySelector<HTMLButtonElement>('.share-home button')!.click());
    const dialog = await waitFor(() => host!.querySelector('[role="dialog"]'));
    await waitFor(() => dialog.querySelector('.share-card__qr img') && dialog.querySelector('.share-card__image'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const qr = dialog.querySelector<HTMLImageElement>('.share-card__qr img')!;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect(qr.width).toBe(140);
    expect(dialog.querySelector<HTMLInputElement>('#share-link-input')!.value).toBe('http://localhost:3000/');
    expect([...dialog.querySelectorAll('.share-targets a')].map((a) => a.lastElementChild?.textContent)).toEqual([
      'X',
      'Telegram',
      'Facebook',
      'WhatsApp',
      'LINE',
    ]);
    expect(dialog.querySelector('.share-card')?.getAttribute('style')).toContain('width: 394px');
    expect(dialog.querySelector<HTMLImageElement>('.share-card__image')?.getAttribute('src')).toBe('/cdn/share/og/main.svg');
    expect(tester!.calls.find((c) => c.path.endsWith('/og_show'))?.params).toMatchObject({ url: 'http://localhost:3000/' });
  });

  it('copies the link with the Clipboard API, else with the textarea fallback', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await mount();
    act(() => tester!.env.bus.emit('share:open', { source: 'rewards_hub', url: '/rewards_hub', title: 'Rewards' }));
    await settle();
    await act(async () => host!.querySelector<HTMLButtonElement>('.share-link button')!.click());
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/rewards_hub');
    expect(toasts).toEqual([{ kind: 'success', message: 'Link copied' }]);
    writeText.mockRejectedValueOnce(new Error('denied'));
    document.execCommand = vi.fn(() => true);
    await act(async () => host!.querySelector<HTMLButtonElement>('.share-link button')!.click());
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(toasts).toHaveLength(2);
  });

  it('honours forbiddenWays and the layout, closes and opens again', async () => {
    await mount({ forbiddenWays: ['facebook'] });
    act(() => tester!.env.bus.emit('share:open', { source: 'futures_position', forbiddenWays: ['x', 'poster', 'copy'], layout: 'vertical' }));
    await settle();
    const dialog = host!.querySelector('[role="dialog"]')!;
    expect([...dialog.querySelectorAll('.share-targets a')].map((a) => a.lastElementChild?.textContent)).toEqual(['Telegram', 'WhatsApp', 'LINE']);
    expect(dialog.querySelector('.share-link')).toBeNull();
    expect(dialog.querySelector('.share-poster-btn')).toBeNull();
    expect(dialog.querySelector('.share-card')?.getAttribute('style')).toContain('width: 240px');
    act(() => dialog.querySelector<HTMLButtonElement>('.shell-dialog__close')!.click());
    expect(host!.querySelector('[role="dialog"]')).toBeNull();
    act(() => tester!.env.bus.emit('share:open', { source: 'promo' }));
    await settle();
    expect(host!.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it('gives up on the poster after 10 s with a clear error toast', async () => {
    await mount();
    act(() => tester!.env.bus.emit('share:open', { source: 'promo' }));
    await waitFor(() => host!.querySelector<HTMLButtonElement>('.share-poster-btn[aria-disabled="false"]'));
    vi.useFakeTimers();
    await act(async () => host!.querySelector<HTMLButtonElement>('.share-poster-btn')!.click());
    expect(host!.querySelector('.share-poster-btn')?.textContent).toBe('Creating poster…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(toasts.at(-1)).toEqual({ kind: 'error', message: 'Creating the poster took too long. Please try again.' });
    expect(host!.querySelector('.share-poster-btn')?.textContent).toBe('Download poster');
  });
});
