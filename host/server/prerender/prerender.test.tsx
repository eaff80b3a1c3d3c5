// @vitest-environment node
import { Writable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { createContext, useContext } from 'react';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PageRenderModeProvider, PerUser, type PageRenderMode } from '../../../core/react/PerUser';
import { PreludeCache } from './cache';
import { RecordingCookies } from './cookies';
import { prerenderPrelude, shareableHtml } from './prelude';
import { sendResumed } from './resume';

const User = createContext('');

function Page({ mode, user }: { mode: PageRenderMode; user: string }) {
  return (
    <PageRenderModeProvider value={mode}>
      <User.Provider value={user}>
        <html lang="en">
          <head>
            <title>Home</title>
          </head>
          <body>
            <header>
              Logo
              <PerUser>
                <Greeting />
              </PerUser>
            </header>
            <main>Markets</main>
            <PerUser>
              <script type="application/json" id="own" dangerouslySetInnerHTML={{ __html: JSON.stringify({ user }) }} />
            </PerUser>
          </body>
        </html>
      </User.Provider>
    </PageRenderModeProvider>
  );
}

function Greeting() {
  return <span className="user">{useContext(User)}</span>;
}

/** A response that keeps what is written to it. */
function fakeResponse(): { res: ServerResponse; text: () => string } {
  const chunks: Buffer[] = [];
  const res = new Writable({
    write(chunk: Buffer | string, _e, next) {
      chunks.push(Buffer.from(chunk));
      next();
    },
  });
  return { res: res as unknown as ServerResponse, text: () => Buffer.concat(chunks).toString() };
}

const noError = (err: unknown) => {
  throw err;
};

describe('prerendered pages', () => {
  it('leaves no user, nonce or script in the prelude', async () => {
    const prelude = await prerenderPrelude(<Page mode="prerender" user="nobody" />, noError);
    expect(prelude).not.toBeNull();
    const html = prelude!.html.toString();
    expect(html).toContain('<main>Markets</main>');
    expect(html).not.toContain('nobody');
    expect(html).not.toContain('<script');
    expect(html.endsWith('</body></html>')).toBe(false);
  });

  it('gives 300 concurrent users each their own holes and nonce, never another one', async () => {
    const prelude = (await prerenderPrelude(<Page mode="prerender" user="nobody" />, noError))!;
    const users = Array.from({ length: 300 }, (_, i) => `user${i}x`);
    const pages = await Promise.all(
      users.map(async (user, i) => {
        const { res, text } = fakeResponse();
        const nonce = `nonce${i}x`;
        await sendResumed(res, <Page mode="resume" user={user} />, prelude, {
          nonce,
          bootstrapScript: 'window.booted=1',
          bootstrapModule: '/assets/entry.js',
          onError: noError,
          abortMs: 10_000,
        });
        return { user, nonce, html: text() };
      }),
    );
    for (const { user, nonce, html } of pages) {
      expect(html.match(/user\d+x/g)?.every((u) => u === user)).toBe(true);
      expect(html).toContain(`<span class="user">${user}</span>`);
      expect(html).toContain(`{"user":"${user}"}`);
      const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(nonces.length).toBeGreaterThan(2);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      expect(html.endsWith('<script type="module" src="/assets/entry.js" nonce="' + nonce + '" async=""></script></body></html>')).toBe(true);
    }
  });

  it('refuses a prelude holding an inline script of its own, or cut short', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const body = `<p>${text.replace(/</g, '')}</p>`;
        expect(shareableHtml(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`)).toBe(`<!DOCTYPE html><html><head></head><body>${body}`);
        expect(shareableHtml(`<!DOCTYPE html><html><head></head><body>${body}<script>x()</script></body></html>`)).toBeNull();
        expect(shareableHtml(`<!DOCTYPE html><html><head></head><body>${body}`)).toBeNull();
      }),
    );
  });
});

describe('the prelude cache', () => {
  const variant = (bytes: number, reads: Array<[string, string | undefined]> = []) => ({
    prelude: { html: Buffer.alloc(bytes), postponed: {} },
    reads,
    shared: 'shared',
  });
  const cookies = (values: Record<string, string>) => new RecordingCookies({ get: (n) => values[n], all: () => values, set() {}, remove() {} });

  it('keeps at most its count, the least recently used going first', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), (keys) => {
        const cache = new PreludeCache(5, 1 << 30);
        for (const k of keys) if (!cache.find(String(k), 'shared', cookies({}))) cache.store(String(k), variant(10));
        expect(cache.size).toBeLessThanOrEqual(5);
        const recent = [...new Set([...keys].reverse())].slice(0, 5);
        for (const k of recent) expect(cache.find(String(k), 'shared', cookies({}))).toBeDefined();
      }),
    );
  });

  it('keeps at most its bytes', () => {
    const cache = new PreludeCache(100, 10_000);
    for (let i = 0; i < 20; i++) cache.store(`k${i}`, variant(3000));
    expect(cache.size).toBe(2);
  });

  it('gives a variant only to a request sending the cookie values it was made from', () => {
    const cache = new PreludeCache();
    cache.store('k', variant(10, [['theme', 'dark']]));
    expect(cache.find('k', 'shared', cookies({ theme: 'dark' }))).toBeDefined();
    expect(cache.find('k', 'shared', cookies({ theme: 'light' }))).toBeUndefined();
    expect(cache.find('k', 'shared', cookies({}))).toBeUndefined();
    expect(cache.find('k', 'other shared data', cookies({ theme: 'dark' }))).toBeUndefined();
  });
});
