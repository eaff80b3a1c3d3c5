import { i18nTag, LOCALES } from '../../../core/i18n/locales';
import { demoTexts, fill, requestLanguage } from '../../../core/testing/fake-api-kit';
import type { FakeRequest, FakeResponse } from '../../../core/testing/fake-api-kit';

const texts = demoTexts(import.meta.glob<typeof import('../locales/en.json')>('../locales/*.json', { eager: true, import: 'default' }));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the placeholder names: the path asked for, the prefix it falls under, the site, and its home (locale root). */
export interface OtherAppPageInput {
  path: string;
  prefix: string;
  siteName: string;
  home: string;
}

/**
 * The demo's stand-in for a page another app of the exchange serves (a region's `otherApps.paths`): a plain page in
 * the request's language saying so, with a link back to the site's home. No script; the shell relays it with a
 * policy that runs none.
 */
export function otherAppPage(req: Pick<FakeRequest, 'query' | 'cookies' | 'headers'>, o: OtherAppPageInput): FakeResponse {
  const lng = requestLanguage(req);
  const t = texts(req).otherApp;
  const rtl = Object.values(LOCALES).some((l) => l.lng === lng && l.dir === 'rtl');
  const e = {
    title: escapeHtml(fill(t.title, { site: o.siteName })),
    lead: escapeHtml(fill(t.lead, { path: o.path })),
    back: escapeHtml(fill(t.back, { site: o.siteName })),
  };
  const raw =
    `<!doctype html><html lang="${escapeHtml(i18nTag(lng))}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e.title}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:4rem 1rem;line-height:1.5">` +
    `<main data-other-app="${escapeHtml(o.prefix)}"><h1>${e.title}</h1><p>${e.lead}</p>` +
    `<p><a href="${escapeHtml(o.home)}" style="color:#2354e6">${e.back}</a></p></main></body></html>`;
  return { raw, contentType: 'text/html; charset=utf-8' };
}
