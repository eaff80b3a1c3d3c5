import { describe, expect, it } from 'vitest';
import { serializeBoot, serializeBootParts, type BootState } from './boot';

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

describe('serializeBoot', () => {
  it('gives JSON equal to the state, with nothing that could end the script element', () => {
    const s = state();
    const json = serializeBoot(s);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(s)));
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
  });

  it("reuses the constant parts but never one request's data in another", () => {
    const a = JSON.parse(serializeBoot(state()));
    const b = JSON.parse(
      serializeBoot(state({ data: { user: { nickname: 'bob' } } as unknown as BootState['data'], route: { path: '/x', query: {}, params: {} } })),
    );
    expect(a.data.user.nickname).toBe('eve</script>');
    expect(b.data.user.nickname).toBe('bob');
    expect(b.route.path).toBe('/x');
    expect(b.plan).toEqual(a.plan);
  });

  it('comes in two parts: the prefix one string shared by the requests of a region and language, then their own members', () => {
    const s = state();
    const one = serializeBootParts(s);
    const two = serializeBootParts(state({ route: { path: '/x', query: {}, params: {} } }));
    expect(one.prefix + one.own).toBe(serializeBoot(s));
    expect(two.prefix).toBe(one.prefix);
    expect(two.own).not.toBe(one.own);
    expect(JSON.parse(two.prefix + two.own).route.path).toBe('/x');
  });

  it('notices a different plan for the same region object', () => {
    const other = { region: 'main', plugins: [] } as unknown as BootState['plan'];
    serializeBoot(state());
    expect(JSON.parse(serializeBoot(state({ plan: other }))).plan).toEqual(other);
  });

  it('writes the few characters past Latin-1 of a Latin-script page as escapes, so the script is one byte per character', () => {
    const s = state({
      i18n: { inline: { en: { shell: { more: 'More…', zh: '简体中文', long: 'Plain English text. '.repeat(200) } } }, namespaces: ['shell'], loadPaths: [] },
      data: { user: { nickname: '小明 → ok' } } as unknown as BootState['data'],
    });
    const json = serializeBoot(s);
    expect([...json].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(s)));
  });

  it('keeps a page mostly in a non-Latin script as it is (escapes would make it much larger)', () => {
    const s = state({
      i18n: { inline: { zh: { shell: { text: '首页行情交易金融理财'.repeat(50) } } }, namespaces: ['shell'], loadPaths: [] },
      data: { user: { nickname: '小明' } } as unknown as BootState['data'],
    });
    const json = serializeBoot(s);
    expect(json).toContain('首页行情交易金融理财');
    expect(json).toContain('小明');
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(s)));
  });
});
