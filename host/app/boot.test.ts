import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOT_IDS, BOOT_SCRIPT, BOOTED_CALLBACK, bootState, serializeBootParts, type BootState } from './boot';

const region = { key: 'main', name: 'Main <b>' } as unknown as BootState['region'];
const plan = { region: 'main', plugins: [{ id: 'chat', options: { note: '</script><script>alert(1)</script>' } }] } as unknown as BootState['plan'];
const domains = { main: 'example.com' };
const inline = { en: { header: { home: 'Home & more \u2028' } } };

function state(over: Partial<BootState> = {}): BootState {
  return {
    region,
    regionDomains: domains,
    plan,
    locale: 'en',
    langPrefix: '',
    route: { path: '/', query: {}, params: {} },
    data: { user: { nickname: 'eve</script>' } } as unknown as BootState['data'],
    loaderData: {},
    views: [],
    shown: [],
    firstRender: [],
    serverOnly: [],
    menus: { account: [], trade: [] },
    i18n: { inline, namespaces: ['shell'], loadPaths: ['/locales/{{lng}}/{{ns}}.json'] },
    viewportWidth: 1280,
    inApp: false,
    mobileAgent: false,
    theme: 'light',
    status: 200,
    head: {
      title: 't',
      description: 'd',
      canonical: 'c',
      alternates: [],
      noindex: false,
      stylesheets: [],
      modulepreload: [],
      og: { site_name: 's', image: 'i' },
    },
    backend: 'fake',
    devPort: null,
    ...over,
  };
}

/** A page's window and document with the two data blocks, and its start script to run when the test says. */
function pageOf(parts: { shared: string; own: string }) {
  const blocks: Record<string, string> = { [BOOT_IDS.shared]: parts.shared, [BOOT_IDS.own]: parts.own };
  const window = {} as Window & { __SHELL__?: BootState };
  const document = { getElementById: (id: string) => ({ textContent: blocks[id] }) };
  return { window, runStartScript: () => runInNewContext(BOOT_SCRIPT, { window, document }) };
}

/** What the page's bootstrap script makes of the two data blocks (BOOT_SCRIPT run against them). */
function readBack(parts: { shared: string; own: string }): BootState {
  const page = pageOf(parts);
  page.runStartScript();
  return page.window.__SHELL__!;
}

/** The boot state as the browser gets it, and the text of its two blocks together (for what they may contain). */
function serializeBoot(s: BootState): { state: BootState; text: string } {
  const parts = serializeBootParts(s);
  return { state: readBack(parts), text: parts.shared + parts.own };
}

describe('serializeBootParts', () => {
  it('gives, read back by the bootstrap script, the state, with nothing that could end the script element', () => {
    const s = state();
    const { state: read, text } = serializeBoot(s);
    expect(read).toEqual(JSON.parse(JSON.stringify(s)));
    expect(text).not.toMatch(/[<>\u2028\u2029]/);
  });

  it("reuses the constant parts but never one request's data in another", () => {
    const a = serializeBoot(state()).state;
    const b = serializeBoot(state({ data: { user: { nickname: 'bob' } } as unknown as BootState['data'], route: { path: '/x', query: {}, params: {} } })).state;
    expect(a.data.user.nickname).toBe('eve</script>');
    expect(b.data.user.nickname).toBe('bob');
    expect(b.route.path).toBe('/x');
    expect(b.plan).toEqual(a.plan);
  });

  it("reads back a head whose frozen lists (language links, assets) many pages share, each with its page's own members", () => {
    const alternates = Object.freeze([Object.freeze({ hreflang: 'en', href: 'https://example.com/</script>' })]);
    const stylesheets = Object.freeze(['/assets/a.css']);
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, nickname) => {
        const s = state({
          data: { user: { nickname } } as unknown as BootState['data'],
          head: { ...state().head, title, alternates, stylesheets },
          i18n: { inline, namespaces: Object.freeze(['shell']), loadPaths: Object.freeze(['/l/{{ns}}.json']) },
        });
        const { state: read, text } = serializeBoot(s);
        expect(read).toEqual(JSON.parse(JSON.stringify(s)));
        expect(text).not.toMatch(/[<>\u2028\u2029]/);
      }),
      { numRuns: 50 },
    );
  });

  it("serializes a page's key (the same state, the user as every user's) as a fresh serialization would, and notices a member changed since", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (nickname, path, other) => {
        const own = state({ data: { user: { nickname } } as unknown as BootState['data'], route: { path, query: {}, params: {} } });
        const key = { ...own, data: { user: { nickname: 'every user' } } as unknown as BootState['data'] };
        expect(readBack(serializeBootParts(own)).data.user.nickname).toBe(nickname);
        expect(readBack(serializeBootParts(key))).toEqual(JSON.parse(JSON.stringify(key)));
        // The same head, another route: not the tail kept for the head.
        const moved = { ...key, route: { path: other, query: {}, params: {} } };
        expect(readBack(serializeBootParts(moved)).route.path).toBe(other);
      }),
      { numRuns: 50 },
    );
  });

  it('comes in two parts: one string shared by the requests of a region and language, and their own members', () => {
    const one = serializeBootParts(state());
    const two = serializeBootParts(state({ route: { path: '/x', query: {}, params: {} } }));
    expect(two.shared).toBe(one.shared);
    expect(JSON.parse(two.shared)).toEqual({ region, regionDomains: domains, plan, inline });
    expect(two.own).not.toBe(one.own);
    expect(JSON.parse(two.own).route.path).toBe('/x');
    expect(JSON.parse(two.own)).not.toHaveProperty('region');
  });

  it('notices a different plan for the same region object', () => {
    const other = { region: 'main', plugins: [] } as unknown as BootState['plan'];
    serializeBoot(state());
    expect(serializeBoot(state({ plan: other })).state.plan).toEqual(other);
  });

  it('gives the shared string a first serialization gives, whatever plans came before (parts are kept per object)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 6 }), (notes) => {
        for (const note of notes) {
          const flagged = { region: 'main', plugins: [{ id: 'chat', options: { note } }] } as unknown as BootState['plan'];
          const kept = serializeBootParts(state({ plan: flagged })).shared;
          const fresh = serializeBootParts(
            state({ plan: structuredClone(flagged), region: { ...region }, i18n: { ...state().i18n, inline: structuredClone(inline) } }),
          ).shared;
          expect(kept).toBe(fresh);
          expect(readBack({ shared: kept, own: serializeBootParts(state()).own }).plan).toEqual(JSON.parse(JSON.stringify(flagged)));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('gives each request its own plan when requests of one region and language alternate between plans (property)', () => {
    const plans = Array.from({ length: 6 }, (_, i) => ({ region: 'main', plugins: [{ id: `p${i}`, options: {} }] }));
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 1, maxLength: 30 }), (order) => {
        for (const i of order) expect(JSON.parse(serializeBootParts(state({ plan: plans[i] })).shared).plan).toEqual(plans[i]);
      }),
      { numRuns: 200 },
    );
  });

  it('writes the few characters past Latin-1 of a Latin-script page as escapes, so the script is one byte per character', () => {
    const s = state({
      i18n: { inline: { en: { shell: { more: 'More…', zh: '简体中文', long: 'Plain English text. '.repeat(200) } } }, namespaces: ['shell'], loadPaths: [] },
      data: { user: { nickname: '小明 → ok' } } as unknown as BootState['data'],
    });
    const { state: read, text } = serializeBoot(s);
    expect([...text].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(read).toEqual(JSON.parse(JSON.stringify(s)));
  });

  it('keeps a page mostly in a non-Latin script as it is (escapes would make it much larger)', () => {
    const s = state({
      i18n: { inline: { zh: { shell: { text: '首页行情交易金融理财'.repeat(50) } } }, namespaces: ['shell'], loadPaths: [] },
      data: { user: { nickname: '小明' } } as unknown as BootState['data'],
    });
    const { state: read, text } = serializeBoot(s);
    expect(text).toContain('首页行情交易金融理财');
    expect(text).toContain('小明');
    expect(read).toEqual(JSON.parse(JSON.stringify(s)));
  });
});

describe('bootState', () => {
  it('gives the boot state at once when the start script ran before the entry', async () => {
    const page = pageOf(serializeBootParts(state()));
    page.runStartScript();
    await expect(bootState(page.window)).resolves.toBe(page.window.__SHELL__);
  });

  it('waits for the start script when the entry ran first (an async module from the cache), then gives its state', async () => {
    const page = pageOf(serializeBootParts(state()));
    let given: BootState | undefined;
    const booted = bootState(page.window).then((b) => (given = b));
    await Promise.resolve();
    expect(given).toBeUndefined();
    page.runStartScript();
    await booted;
    expect(given).toEqual(JSON.parse(JSON.stringify(state())));
    expect(BOOTED_CALLBACK in page.window).toBe(false);
  });
});
