import { localeInfo } from '../../core/plugin-api';
import en from './locales/en.json';
import zh from './locales/zh.json';
import tr from './locales/tr.json';
import ja from './locales/ja.json';
import ar from './locales/ar.json';
import it from './locales/it.json';
import { ROOM_SCRIPT } from './room-script';

type Bundle = typeof en;
const BUNDLES: Record<string, Bundle> = { en, zh, tr, ja, ar, it };

/** The bundle, `<html lang>` and direction of a locale code (unknown or untranslated: English). */
function roomLocale(code: string | null): { bundle: Bundle; html: string; dir: 'ltr' | 'rtl'; code: string } {
  const info = localeInfo(code ?? '') ?? localeInfo('en')!;
  return { bundle: BUNDLES[info.lng] ?? en, html: info.html, dir: info.dir, code: info.code };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const STYLE = `
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','PingFang SC','Noto Sans Arabic',sans-serif;color:#0b0e14;background:#fff;display:flex;flex-direction:column;font-size:14px}
@media (prefers-color-scheme:dark){body{color:#eef0f4;background:#0b0e14}.msg--agent .msg__text{background:#161a23!important}header{background:#161a23!important;border-color:#2a303c!important}form{border-color:#2a303c!important}input{background:#0b0e14!important;color:#eef0f4!important;border-color:#2a303c!important}}
body.framed header{display:none}
header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:#f5f6f8;border-bottom:1px solid #e2e5ea}
header h1{font-size:15px;margin:0}header p{margin:0;font-size:12px;color:#20b26c}header div{flex:1}
#close{border:0;background:none;font-size:20px;cursor:pointer;color:inherit;width:32px;height:32px;border-radius:50%}
#log{flex:1;overflow-y:auto;list-style:none;margin:0;padding:14px;display:flex;flex-direction:column;gap:10px}
.msg{max-width:85%;display:flex;flex-direction:column;gap:2px}.msg--you{align-self:flex-end;align-items:flex-end}
.msg__meta{font-size:11px;color:#5c6370}.msg__text{margin:0;padding:9px 12px;border-radius:12px;line-height:1.45;white-space:pre-wrap;word-break:break-word}
.msg--agent .msg__text{background:#f0f2f5}.msg--you .msg__text{background:#2354e6;color:#fff}
#typing{margin:0 14px 6px;font-size:12px;color:#5c6370}
form{display:flex;gap:8px;padding:10px;border-top:1px solid #e2e5ea}
input{flex:1;font:inherit;padding:10px 12px;border:1px solid #e2e5ea;border-radius:8px}
button[type=submit]{font:inherit;font-weight:600;border:0;border-radius:8px;padding:0 16px;background:#2354e6;color:#fff;cursor:pointer}
:focus-visible{outline:2px solid #2354e6;outline-offset:2px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
main{max-width:560px;margin:40px auto;padding:0 20px}main a.btn{display:inline-block;margin:6px 0;padding:10px 18px;border-radius:8px;background:#2354e6;color:#fff;text-decoration:none;font-weight:600}
main a.ghost{background:none;color:#2354e6;border:1px solid #2354e6}
`;

/** GET /groupchat/chatroom?platform=web: the chat room's entry page (messages, input, an agent's auto-replies). */
export function chatroomPage(query: URLSearchParams): string {
  const { bundle, html, dir } = roomLocale(query.get('locale'));
  const r = bundle.room;
  return `<!doctype html><html lang="${html}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(r.title)}</title><style>${STYLE}</style></head><body>
<header><div><h1>${escapeHtml(r.title)}</h1><p>${escapeHtml(r.online)}</p></div><button id="close" type="button" aria-label="${escapeHtml(r.close)}">×</button></header>
<div id="log" role="log" aria-live="polite" aria-label="${escapeHtml(r.log)}"></div>
<p id="typing" role="status" hidden>${escapeHtml(r.typing)}</p>
<form id="form" autocomplete="off"><label class="sr" for="msg">${escapeHtml(r.label)}</label><input id="msg" name="message" maxlength="500" placeholder="${escapeHtml(r.placeholder)}" enterkeyhint="send"><button type="submit">${escapeHtml(r.send)}</button></form>
<script type="application/json" id="room-strings">${scriptJson(r)}</script>
<script>${ROOM_SCRIPT}</script>
</body></html>`;
}

/** GET /groupchat/call_service?platform=web: how to reach customer service (chat or ticket). */
export function callServicePage(query: URLSearchParams): string {
  const { bundle, html, dir, code } = roomLocale(query.get('locale'));
  const s = bundle.service;
  const chat = `/groupchat/chatroom?platform=web&locale=${encodeURIComponent(code)}`;
  return `<!doctype html><html lang="${html}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(s.title)}</title><style>${STYLE}</style></head><body>
<main><h1>${escapeHtml(s.title)}</h1><p>${escapeHtml(s.lead)}</p><p>${escapeHtml(s.wait)}</p>
<p><a class="btn" href="${escapeHtml(chat)}">${escapeHtml(s.chat)}</a></p>
<p>${escapeHtml(s.ticketLead)}<br><a class="btn ghost" href="/myaccount/tickets">${escapeHtml(s.ticket)}</a></p></main>
</body></html>`;
}
