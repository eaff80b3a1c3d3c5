import { describe, expect, it } from 'vitest';
import { demoTexts, fill, requestLanguage } from './demo-texts';

const req = (query = '', cookies: Record<string, string> = {}, acceptLanguage?: string) => ({
  query: new URLSearchParams(query),
  cookies,
  headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
});

describe('the fake API demo texts', () => {
  it('takes the language from ?lang=, then the lang cookie, then Accept-Language, then English', () => {
    expect(requestLanguage(req('lang=vn', { lang: 'de' }, 'fr'))).toBe('vn');
    expect(requestLanguage(req('lang=ar-dubai'))).toBe('ar');
    expect(requestLanguage(req('', { lang: 'br' }, 'fr'))).toBe('br');
    expect(requestLanguage(req('lang=nope', { lang: 'en-eu' }))).toBe('en');
    expect(requestLanguage(req('', {}, 'pt-BR,pt;q=0.9'))).toBe('br');
    expect(requestLanguage(req('', {}, 'pt'))).toBe('pt');
    expect(requestLanguage(req('', {}, 'vi-VN'))).toBe('vn');
    expect(requestLanguage(req('', {}, 'zh-HK'))).toBe('tw');
    expect(requestLanguage(req('', {}, 'zh'))).toBe('zh');
    expect(requestLanguage(req('', {}, 'de-AT,en;q=0.5'))).toBe('de');
    expect(requestLanguage(req('', {}, 'br'))).toBe('en'); // Breton: no bundle
    expect(requestLanguage(req())).toBe('en');
  });

  it('answers the bundle of the language, English when the language has none', () => {
    const texts = demoTexts({ './locales/demo/en.json': { hi: 'Hello' }, './locales/demo/vn.json': { hi: 'Xin chào' } });
    expect(texts(req('lang=vn')).hi).toBe('Xin chào');
    expect(texts(req('lang=de')).hi).toBe('Hello');
    expect(fill('VIP {{tier}} benefits', { tier: 3 })).toBe('VIP 3 benefits');
  });
});
