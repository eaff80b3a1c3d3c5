import { defineFakeApi, fail, type FakeApiModule } from '../../../core/testing/fake-api-kit';

/** Gives a translation bundle (namespace `ns` in language `lng`), or undefined when there is none. */
export type TranslationSource = (lng: string, ns: string) => object | undefined | Promise<object | undefined>;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The translation "CDN": GET /cdn/locales/{lng}/{ns}.json, cacheable for an hour, 404 when missing. */
export function createCdn(translations: TranslationSource | undefined): FakeApiModule {
  return defineFakeApi({
    name: 'core:cdn',
    routes: {
      'GET /cdn/locales/:lng/:ns.json': async (req) => {
        const { lng = '', ns = '' } = req.params ?? {};
        const bundle = NAME.test(lng) && NAME.test(ns) && translations ? await translations(lng, ns) : undefined;
        const headers = { 'Access-Control-Allow-Origin': '*' };
        if (!bundle) return { status: 404, ...fail(404, `no translations for language '${lng}', namespace '${ns}'`), headers };
        return { body: bundle, headers: { ...headers, 'Cache-Control': 'public, max-age=3600', Vary: 'Cookie' } };
      },
      // Coin icons: a generated badge per symbol (the real CDN serves PNGs); unknown shapes answer 404.
      'GET /cdn/coin-icons/:file': (req) => {
        const m = /^([A-Za-z0-9_-]{1,16})\.png$/.exec(req.params?.file ?? '');
        if (!m) return { status: 404, ...fail(404, 'no such icon') };
        return { raw: coinBadge(m[1]), contentType: 'image/svg+xml', headers: { 'Cache-Control': 'public, max-age=3600' } };
      },
    },
  });
}

/** A round badge with the symbol's first letters, coloured from the symbol. */
function coinBadge(symbol: string): string {
  let h = 0;
  for (const c of symbol.toLowerCase()) h = (h * 31 + c.charCodeAt(0)) % 360;
  const label = symbol
    .slice(0, 3)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="hsl(${h} 62% 46%)"/><text x="16" y="20.5" text-anchor="middle" font-family="Arial,sans-serif" font-size="${label.length > 2 ? 9 : 12}" font-weight="700" fill="#fff">${label}</text></svg>`;
}
