/** Small, real HTML pages standing in for the transfer micro-apps (served by the fake API under /micro/). */
import { i18nTag } from '../../../core/plugin-api/fake-api';

/** The demo texts of every language (locales/demo/), embedded: the page picks its language from the shell's props. */
const TEXT = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, string>>('../locales/demo/*.json', { eager: true, import: 'default' })).map(([path, bundle]) => [
    /([^/]+)\.json$/.exec(path)![1],
    bundle,
  ]),
);
const TAGS = Object.fromEntries(Object.keys(TEXT).map((lng) => [lng, i18nTag(lng)]));

/** The micro-apps the fake API serves. */
export const MICRO_APPS = ['funds-transfer', 'sub-account-transfer'] as const;

/** The page of one micro-app: waits for the shell's props message, renders a transfer form, reports its height. */
export function microAppPage(app: (typeof MICRO_APPS)[number]): string {
  const script = `
const TEXT = ${JSON.stringify(TEXT)};
const TAGS = ${JSON.stringify(TAGS)};
const APP = ${JSON.stringify(app)};
const root = document.getElementById('app');
function lang(code) { const l = String(code || 'en').split('-')[0]; return TEXT[l] ? l : 'en'; }
function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]); }
function report() { parent.postMessage({ type: 'shell:micro-app:height', height: Math.ceil(root.getBoundingClientRect().bottom + 16) }, location.origin); }
function render(p) {
  const t = TEXT[lang(p.language)];
  document.documentElement.lang = TAGS[lang(p.language)];
  document.documentElement.dir = lang(p.language) === 'ar' ? 'rtl' : 'ltr';
  document.body.className = 'theme-' + (p.theme === 'dark' ? 'dark' : 'light');
  const a = APP === 'funds-transfer' ? [t.spot, t.futures] : [t.master, t.subacc];
  const amount = p.extra && p.extra.amount ? p.extra.amount : '';
  root.innerHTML = '<h1>' + esc(APP === 'funds-transfer' ? t.funds : t.sub) + '</h1>' +
    ((p.isUkLimit || p.isItalyLimit) ? '<p class="limit" role="note">' + esc(t.limited) + '</p>' : '') +
    '<form><label>' + esc(t.from) + '<select name="from"><option>' + esc(a[0]) + '</option><option>' + esc(a[1]) + '</option></select></label>' +
    '<label>' + esc(t.to) + '<select name="to"><option>' + esc(a[1]) + '</option><option>' + esc(a[0]) + '</option></select></label>' +
    '<label>' + esc(t.amount) + '<input name="amount" inputmode="decimal" value="' + esc(amount) + '"></label>' +
    '<button type="button">' + esc(t.submit) + '</button></form>' +
    '<pre dir="ltr" data-props>' + esc(JSON.stringify(p)) + '</pre>';
  document.body.dataset.props = JSON.stringify(p);
  report();
}
window.addEventListener('message', (e) => {
  if (e.origin !== location.origin || e.source !== parent) return;
  const d = e.data || {};
  if (d.type === 'shell:micro-app:props' && d.props) render(d.props);
  if (d.type === 'shell:micro-app:unmount') { root.innerHTML = ''; delete document.body.dataset.props; }
});
report();`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${app}</title>
<style>
body{margin:0;padding:16px;font:14px/1.5 system-ui,sans-serif;color:#0b0e14;background:#fff}
body.theme-dark{color:#eef0f4;background:#0b0e14}
h1{font-size:16px;margin:0 0 12px}
form{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;align-items:end}
label{display:flex;flex-direction:column;gap:4px;font-weight:600}
select,input{font:inherit;padding:8px;border:1px solid #c9ced6;border-radius:8px;background:inherit;color:inherit}
button{font:inherit;padding:9px 16px;border:0;border-radius:8px;background:#2354e6;color:#fff;cursor:pointer}
.limit{padding:8px 10px;border-radius:8px;background:rgba(240,160,32,.15)}
pre{font-size:11px;opacity:.6;white-space:pre-wrap;word-break:break-all;margin:12px 0 0}
</style></head><body><div id="app" aria-live="polite">${TEXT.en.waiting}</div><script>${script}</script></body></html>`;
}
