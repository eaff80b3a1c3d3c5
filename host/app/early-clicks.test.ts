// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS_SCRIPT, heldLinksScript, HOLD_LIMIT_MS, releaseHeldLinks, replayEarlyClicks, takeEarlyClicks } from './early-clicks';

describe('early clicks (before hydration)', () => {
  it('records clicks on buttons only, each once, and replays them after the page hydrates', () => {
    document.body.innerHTML =
      '<button id="a">A</button><button id="b" disabled>B</button><a id="l" href="#x">L</a><button id="c"><span id="inner">C</span></button>';
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline script as the page's <script> would
    new Function(EARLY_CLICKS_SCRIPT)();
    const seen: string[] = [];
    const later = (e: Event) => seen.push((e.currentTarget as Element).id);
    for (const id of ['a', 'c']) document.getElementById(id)!.click();
    document.getElementById('a')!.click();
    document.getElementById('inner')!.click();
    document.getElementById('b')!.click();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('l')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false); // links work without JavaScript
    const early = takeEarlyClicks();
    expect(early.map((b) => b.id)).toEqual(['a', 'c']);
    // Hydrated: handlers attached, the recorder gone.
    for (const id of ['a', 'c']) document.getElementById(id)!.addEventListener('click', later);
    replayEarlyClicks(early);
    expect(seen).toEqual(['a', 'c']);
    document.getElementById('a')!.click();
    expect(seen).toEqual(['a', 'c', 'a']);
    expect(takeEarlyClicks()).toEqual([]);
  });

  it('holds clicks on the links plugins intercept (language prefix, paths below) until released, then clicks them again', () => {
    document.body.innerHTML = [
      '<a id="soon" href="/copytrading">Copy</a>',
      '<a id="below" href="/en-eu/c2c/market">C2C</a>',
      '<a id="other" href="/markets">Markets</a>',
      '<a id="away" href="https://elsewhere.example/copytrading">Away</a>',
      '<a id="prefix" href="/copytradingx">X</a>',
    ].join('');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline script as the page's <script> would
    new Function(heldLinksScript({ paths: ['/copytrading', '/c2c/'], languages: ['en-eu'] }))();
    const click = (id: string) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      document.getElementById(id)!.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(['soon', 'below', 'other', 'away', 'prefix', 'soon'].map(click)).toEqual([true, true, false, false, false, true]);
    const replayed: string[] = [];
    // The plugin, active now, takes the clicks (and keeps the links from navigating).
    const plugin = (e: Event) => {
      replayed.push((e.target as Element).id);
      e.preventDefault();
    };
    document.addEventListener('click', plugin);
    releaseHeldLinks();
    expect(replayed).toEqual(['soon', 'below']);
    expect(click('soon')).toBe(true); // the plugin's own handler now; the holder is gone
    expect(replayed).toEqual(['soon', 'below', 'soon']);
    document.removeEventListener('click', plugin);
  });

  it('follows held links by itself when the page never starts (its entry failed to load)', () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<a id="soon" href="/copytrading">Copy</a>';
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline script as the page's <script> would
      new Function(heldLinksScript({ paths: ['/copytrading'], languages: [] }))();
      const followed: boolean[] = [];
      const first = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById('soon')!.dispatchEvent(first);
      expect(first.defaultPrevented).toBe(true);
      // The browser would navigate on the replayed click: record whether anything still holds it.
      const onClick = (e: Event) => followed.push(!e.defaultPrevented);
      document.addEventListener('click', onClick);
      vi.advanceTimersByTime(HOLD_LIMIT_MS);
      expect(followed).toEqual([true]);
      document.getElementById('soon')!.click();
      expect(followed).toEqual([true, true]); // no longer held
      document.removeEventListener('click', onClick);
      releaseHeldLinks(); // a late start-up finds nothing to release
      expect(followed).toEqual([true, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});
