import { defineFakeApi, fail, type FakeApiModule } from '../types';

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
    },
  });
}
