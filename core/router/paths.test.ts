import { describe, expect, it } from 'vitest';
import { collapseSlashes, isDocumentPath, langPrefixFor, localePath, resetLocaleOf, sitePath, type PrefixRule } from './paths';

const main: PrefixRule = { languages: ['en', 'zh', 'tr'], defaultLang: 'en', localePrefix: 'as-needed', unprefixedPaths: [] };
const tr: PrefixRule = { languages: ['tr', 'en'], defaultLang: 'tr', localePrefix: 'as-needed', unprefixedPaths: [] };
const us: PrefixRule = { languages: ['en-us'], defaultLang: 'en-us', localePrefix: 'always', unprefixedPaths: ['/login', '/signup'] };
const eu: PrefixRule = { languages: ['en-eu', 'it-eu'], defaultLang: 'en-eu', localePrefix: 'always', unprefixedPaths: [] };
const jp: PrefixRule = { languages: ['ja-jp', 'en-jp'], defaultLang: 'ja-jp', localePrefix: 'always', unprefixedPaths: [] };

describe('language prefix rule', () => {
  it('gives no prefix to the default language of an as-needed site and one to everything else', () => {
    expect(langPrefixFor(main, 'en')).toBe('');
    expect(langPrefixFor(main, 'zh')).toBe('/zh');
    expect(langPrefixFor(tr, 'tr')).toBe('');
    expect(langPrefixFor(eu, 'en-eu')).toBe('/en-eu');
    expect(langPrefixFor(us, 'en-us')).toBe('/en-us');
  });

  it('builds every site path by the region rule, with the US exceptions and documents bare', () => {
    expect(sitePath(eu, 'it-eu', '/price?x=1')).toBe('/it-eu/price?x=1');
    expect(sitePath(eu, 'en-eu', '/')).toBe('/en-eu/');
    expect(sitePath(us, 'en-us', '/login?redirect=%2Fx')).toBe('/login?redirect=%2Fx');
    expect(sitePath(us, 'en-us', '/signup/verify')).toBe('/signup/verify');
    expect(sitePath(us, 'en-us', '/loginx')).toBe('/en-us/loginx');
    expect(sitePath(main, 'en', '/price')).toBe('/price');
    expect(sitePath(main, 'zh', '/login')).toBe('/zh/login');
    expect(sitePath(jp, 'ja-jp', '/docs/jp_agreement.pdf')).toBe('/docs/jp_agreement.pdf');
    expect(sitePath(jp, 'ja-jp', 'https://www.gate.jp/legal')).toBe('https://www.gate.jp/legal');
  });

  it('never prefixes documents or links to other sites', () => {
    expect(isDocumentPath('/docs/hk_agreement.pdf')).toBe(true);
    expect(isDocumentPath('/legal/terms.HTML?v=1')).toBe(true);
    expect(isDocumentPath('/docs/')).toBe(true);
    expect(isDocumentPath('/legal/user-agreement')).toBe(false);
    expect(isDocumentPath('/price?file=a.pdf')).toBe(false);
    expect(localePath('/en-uk', '/docs/uk_agreement.html')).toBe('/docs/uk_agreement.html');
    expect(localePath('/en-uk', '/legal/privacy-policy')).toBe('/en-uk/legal/privacy-policy');
    expect(localePath('/en-uk', 'mailto:support@gate.uk')).toBe('mailto:support@gate.uk');
    expect(localePath('/zh', 'fee')).toBe('/zh/fee');
  });

  it('resets an unsupported locale to tr on Turkey, en on main, the English locale on a regional site', () => {
    expect(resetLocaleOf(tr)).toBe('tr');
    expect(resetLocaleOf(main)).toBe('en');
    expect(resetLocaleOf(jp)).toBe('en-jp');
    expect(resetLocaleOf(eu)).toBe('en-eu');
    expect(resetLocaleOf(us)).toBe('en-us');
    expect(resetLocaleOf({ ...jp, languages: ['ja-jp'] })).toBe('ja-jp');
  });
});

describe('collapseSlashes', () => {
  it('reads a path as a browser does, with no empty segment', () => {
    expect(collapseSlashes('/en//evil.example/x')).toBe('/en/evil.example/x');
    expect(collapseSlashes('/en/\\evil.example')).toBe('/en/evil.example');
    expect(collapseSlashes('/en/\t/\n/evil.example')).toBe('/en/evil.example');
    expect(collapseSlashes('\\\\evil.example')).toBe('/evil.example');
    expect(collapseSlashes('/zh/price/')).toBe('/zh/price/');
  });
});
