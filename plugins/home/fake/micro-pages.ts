/** Small, real HTML pages standing in for the transfer micro-apps (served by the fake API under /micro/). */

const TEXT: Record<string, Record<string, string>> = {
  en: { funds: 'Transfer between accounts', sub: 'Master / sub-account transfer', from: 'From', to: 'To', amount: 'Amount', submit: 'Transfer', spot: 'Spot', futures: 'Futures', master: 'Master account', subacc: 'Sub-account', limited: 'Some transfers are limited in your region.', waiting: 'Loading…' },
  zh: { funds: '账户间划转', sub: '主账户/子账户划转', from: '从', to: '到', amount: '数量', submit: '划转', spot: '现货', futures: '合约', master: '主账户', subacc: '子账户', limited: '您所在地区的部分划转受限。', waiting: '加载中…' },
  tr: { funds: 'Hesaplar arası transfer', sub: 'Ana / alt hesap transferi', from: 'Kaynak', to: 'Hedef', amount: 'Tutar', submit: 'Transfer et', spot: 'Spot', futures: 'Vadeli', master: 'Ana hesap', subacc: 'Alt hesap', limited: 'Bölgenizde bazı transferler sınırlıdır.', waiting: 'Yükleniyor…' },
  ja: { funds: 'アカウント間の振替', sub: 'メイン／サブアカウント振替', from: '振替元', to: '振替先', amount: '数量', submit: '振替', spot: '現物', futures: '先物', master: 'メインアカウント', subacc: 'サブアカウント', limited: 'お住まいの地域では一部の振替が制限されています。', waiting: '読み込み中…' },
  ar: { funds: 'التحويل بين الحسابات', sub: 'التحويل بين الحساب الرئيسي والفرعي', from: 'من', to: 'إلى', amount: 'المبلغ', submit: 'تحويل', spot: 'فوري', futures: 'العقود الآجلة', master: 'الحساب الرئيسي', subacc: 'حساب فرعي', limited: 'بعض التحويلات مقيدة في منطقتك.', waiting: 'جارٍ التحميل…' },
  it: { funds: 'Trasferimento tra conti', sub: 'Trasferimento conto principale / sottoconto', from: 'Da', to: 'A', amount: 'Importo', submit: 'Trasferisci', spot: 'Spot', futures: 'Futures', master: 'Conto principale', subacc: 'Sottoconto', limited: 'Alcuni trasferimenti sono limitati nella tua regione.', waiting: 'Caricamento…' },
};

/** The micro-apps the fake API serves. */
export const MICRO_APPS = ['funds-transfer', 'sub-account-transfer'] as const;

/** The page of one micro-app: waits for the shell's props message, renders a transfer form, reports its height. */
export function microAppPage(app: (typeof MICRO_APPS)[number]): string {
  const script = `
const TEXT = ${JSON.stringify(TEXT)};
const APP = ${JSON.stringify(app)};
const root = document.getElementById('app');
function lang(code) { const l = String(code || 'en').split('-')[0]; return TEXT[l] ? l : 'en'; }
function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]); }
function report() { parent.postMessage({ type: 'shell:micro-app:height', height: Math.ceil(root.getBoundingClientRect().bottom + 16) }, location.origin); }
function render(p) {
  const t = TEXT[lang(p.language)];
  document.documentElement.lang = lang(p.language);
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
