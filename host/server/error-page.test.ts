import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendErrorPage } from './error-page';
import { TranslationCatalogue } from './translations';

const ROOT = resolve(import.meta.dirname, '../..');
const catalogue = new TranslationCatalogue(resolve(ROOT, 'locales'), resolve(ROOT, 'plugins'), () => {});

/** The body sendErrorPage writes. */
function render(texts: Parameters<typeof sendErrorPage>[2]): string {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let body = '';
  res.end = ((chunk: string) => {
    body = chunk;
    return res;
  }) as typeof res.end;
  sendErrorPage(res, false, texts);
  expect(res.statusCode).toBe(500);
  return body;
}

describe('the 500 page', () => {
  it("speaks the visitor's language, right-to-left in Arabic", () => {
    const ar = render(catalogue.errorTexts('ar'));
    expect(ar).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar).toContain('<h1>حدث خطأ ما</h1>');
    const tw = render(catalogue.errorTexts('tw'));
    expect(tw).toMatch(/<html lang="zh-TW" dir="ltr">/);
    expect(tw).toContain('重新整理');
    expect(render(catalogue.errorTexts('ja-jp'))).toContain('lang="ja-JP"');
  });

  it('falls back to English for an unknown locale, and never runs script', () => {
    const en = render(catalogue.errorTexts('xx'));
    expect(en).toContain('<h1>Something went wrong</h1>');
    expect(en).not.toMatch(/<script|\son\w+=/i);
    expect(render({ lang: 'en', dir: 'ltr', title: '<img src=x onerror=alert(1)>', body: 'b', refresh: 'r' })).not.toContain('<img');
  });
});
