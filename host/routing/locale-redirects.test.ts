import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGION_KEYS, type RegionConfig } from '../../core/config/region';
import { LOCALES } from '../../core/i18n/locales';
import { resolveLocale, type LocaleResolution } from './locale';

/** The 12 shipped region configs (the routing fields are all resolveLocale reads). */
const REGIONS = REGION_KEYS.map((key) => JSON.parse(readFileSync(join(import.meta.dirname, '../../region-configs', `${key}.json`), 'utf8')) as RegionConfig);
const regionOf = (key: string) => REGIONS.find((r) => r.key === key)!;
const CODES = Object.keys(LOCALES);

/** Pieces a hostile path is built from: separators, encodings, dot segments, control characters, hosts. */
// prettier-ignore
const PIECES = [
  '/', '//', '\\', '/\\', '\\\\', '%2f', '%5c', '%2e', '%2e%2e', '.', '..', '/../', '/./', '\t', '\n', '\r', '\u0000', ' ', '@',
  ':', 'https:', 'javascript:', 'evil.example', '//evil.example', 'price', 'docs/', 'login', 'a.pdf', 'é', '%',
];
const piece = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: fc.webSegment() });
const locale = fc.constantFrom('', ...CODES.map((c) => `/${c}`), '/xx', '/EN');
/** A path as sent (`raw`) or as the server's URL parser hands it on (`parsed`); some long. */
const pathname = fc.tuple(locale, fc.array(piece, { maxLength: 10 }), fc.boolean(), fc.nat(3)).map(([l, ps, parsed, long]) => {
  const raw = `${l}/${ps.join('')}${long === 0 ? 'x'.repeat(3000) : ''}`;
  return parsed ? new URL(`http://localhost${raw}`).pathname : raw;
});
const search = fc.constantFrom('', '?a=1', '?redirect=//evil.example/x', '?r=/\\evil.example');

/** A lang cookie: none, one the region supports, a locale it does not, or junk. */
const cookieFor = (region: RegionConfig) =>
  fc.oneof(fc.constant(undefined), fc.constantFrom(...region.languages), fc.constantFrom(...CODES), fc.string({ maxLength: 8 }));
/** [region key, path, search, lang cookie]: keys, so a counterexample prints small. */
const regionCase = fc.constantFrom(...REGION_KEYS).chain((key) => fc.tuple(fc.constant(key), pathname, search, cookieFor(regionOf(key))));

const originOf = (region: RegionConfig) => `http://${region.key}.localhost:3000`;

/** Follows a redirect as a browser and the server would: resolve the Location, send its path, with the reset cookie. */
function follow(region: RegionConfig, loc: Extract<LocaleResolution, { kind: 'redirect' }>, cookie: string | undefined): LocaleResolution {
  const next = new URL(loc.location, originOf(region));
  return resolveLocale(region, next.pathname, next.search, loc.resetLang ?? cookie);
}

describe('resolveLocale over the 12 region configs (property: redirects stay on the site)', () => {
  it('sends every redirect to a path that resolves to the request origin', () => {
    fc.assert(
      fc.property(regionCase, ([key, path, query, cookie]) => {
        const region = regionOf(key);
        const out = resolveLocale(region, path, query, cookie);
        if (out.kind !== 'redirect') return;
        expect(out.location).toMatch(/^\/(?![/\\])/);
        const target = new URL(out.location, originOf(region));
        expect(target.origin).toBe(originOf(region));
        expect(target.pathname).not.toContain('//');
      }),
      { numRuns: 6000 },
    );
  });

  it('reaches a page in at most two more redirects (no loops)', () => {
    fc.assert(
      fc.property(regionCase, ([key, path, query, cookie]) => {
        const region = regionOf(key);
        let out = resolveLocale(region, path, query, cookie);
        let lang = cookie;
        for (let hop = 0; hop < 3 && out.kind === 'redirect'; hop++) {
          const next = out;
          out = follow(region, next, lang);
          lang = next.resetLang ?? lang;
        }
        expect(out.kind).toBe('ok');
      }),
      { numRuns: 3000 },
    );
  });

  it('collapses the named attack paths on every region, with and without a lang cookie', () => {
    const attacks = ['/en//evil.example/x', '/zh//evil.example/x', '/en-uk//evil.example/x', '/en/\\evil.example', '/en/..//evil.example', '//evil.example/x'];
    for (const region of REGIONS) {
      for (const path of attacks) {
        for (const cookie of [undefined, region.defaultLang, 'xx']) {
          const out = resolveLocale(region, path, '', cookie);
          expect(out.kind, `${region.key} ${path} ${cookie}`).toBe('redirect');
          const location = (out as { location: string }).location;
          expect(new URL(location, originOf(region)).origin, `${region.key} ${path} ${cookie} -> ${location}`).toBe(originOf(region));
        }
      }
    }
  });
});
