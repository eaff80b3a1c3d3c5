import type { ServerResponse } from 'node:http';
import { setErrorPageHeaders } from './security';

/** The error page's texts in one language (locales/<lng>/error.json) and how the page is written. */
export interface ErrorPageTexts {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  body: string;
  refresh: string;
}

export const ENGLISH_ERROR_TEXTS: ErrorPageTexts = {
  lang: 'en',
  dir: 'ltr',
  title: 'Something went wrong',
  body: 'Please try again in a moment.',
  refresh: 'Refresh',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(t: ErrorPageTexts): string {
  const e = { lang: escapeHtml(t.lang), title: escapeHtml(t.title), body: escapeHtml(t.body), refresh: escapeHtml(t.refresh) };
  return (
    `<!doctype html><html lang="${e.lang}" dir="${t.dir === 'rtl' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e.title}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem"><h1>${e.title}</h1><p>${e.body}</p>` +
    // href="" reloads this very URL (query included): no script, so the page's policy allows none.
    `<a href="" style="display:inline-block;padding:.6rem 1.4rem;border-radius:8px;background:#2354e6;color:#fff;font-size:1rem;text-decoration:none">${e.refresh}</a></body></html>`
  );
}

/**
 * The last-resort page when even the shell cannot render (500), or a page this server cannot serve (503), in the
 * visitor's language: no script, no inline handler, its own strict CSP.
 */
export function sendErrorPage(res: ServerResponse, https = false, texts: ErrorPageTexts = ENGLISH_ERROR_TEXTS, status: 500 | 503 = 500) {
  if (res.headersSent) return void res.end();
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  setErrorPageHeaders(res, https);
  res.end(errorPage(texts));
}
