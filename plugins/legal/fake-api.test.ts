import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../../core/plugin-api/fake-api';
import { agreementHtml } from './fake-api';

const inLanguage = (lang: string) => ({ query: new URLSearchParams(`lang=${lang}`), cookies: {}, headers: {} }) as unknown as FakeRequest;

describe('the demo agreement update', () => {
  it("dates its changes by Intl in the request's language and calendar (Thai: Buddhist era)", () => {
    expect(agreementHtml(inLanguage('en'))).toContain('(effective July 1, 2025)');
    expect(agreementHtml(inLanguage('de'))).toContain('(gültig ab 1. Juli 2025)');
    expect(agreementHtml(inLanguage('ja'))).toContain('（2025年7月1日発効）');
    expect(agreementHtml(inLanguage('th'))).toContain('(มีผลตั้งแต่วันที่ 1 กรกฎาคม 2568)');
    expect(agreementHtml(inLanguage('th'))).not.toContain('2025');
  });

  it('links the full User Agreement and leaves no placeholder', () => {
    for (const lang of ['en', 'tr', 'vn', 'ar']) {
      const html = agreementHtml(inLanguage(lang));
      expect(html).toContain('<a href="/legal/user-agreement">');
      expect(html).not.toMatch(/\{\{|<a>/);
    }
  });
});
