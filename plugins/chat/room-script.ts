/**
 * The room page's script (plain ES2017, no build step): renders the conversation, answers as an agent after a
 * short delay, and talks to the widget through same-origin postMessage (ready, props, focus, close).
 */
export const ROOM_SCRIPT = String.raw`(function () {
  var S = JSON.parse(document.getElementById('room-strings').textContent);
  var log = document.getElementById('log');
  var form = document.getElementById('form');
  var input = document.getElementById('msg');
  var typing = document.getElementById('typing');
  var closeBtn = document.getElementById('close');
  var framed = window.parent !== window;
  var q = new URLSearchParams(location.search);
  var sub = q.get('isSubAccount');
  var state = { nickname: (q.get('nickname') || '').slice(0, 64), isSubAccount: sub === '1' || sub === 'true', subType: null, talked: false };
  var MANAGED = 4;
  var lang = document.documentElement.lang || 'en';
  function clock() {
    try { return new Date().toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' }); } catch (e) { return ''; }
  }
  function add(who, text) {
    // A div, not a li: the log role replaces the list's, so list items would have no list (axe listitem).
    var li = document.createElement('div');
    li.className = 'msg msg--' + who;
    var meta = document.createElement('span');
    meta.className = 'msg__meta';
    meta.textContent = (who === 'you' ? S.you : S.agent) + ' · ' + clock();
    var body = document.createElement('p');
    body.className = 'msg__text';
    body.textContent = text;
    li.appendChild(meta);
    li.appendChild(body);
    log.appendChild(li);
    log.scrollTop = log.scrollHeight;
  }
  function greet() {
    log.textContent = '';
    add('agent', state.nickname ? S.greeting.split('{{name}}').join(state.nickname) : S.greetingGuest);
    if (state.isSubAccount) add('agent', state.subType === MANAGED ? S.subAccountManaged : S.subAccount);
  }
  function reply(text) {
    var lower = text.toLowerCase();
    var topics = ['deposit', 'withdraw', 'kyc', 'password'];
    for (var i = 0; i < topics.length; i++) {
      var words = String(S.keywords[topics[i]] || '').split(',');
      for (var j = 0; j < words.length; j++) {
        var w = words[j].trim().toLowerCase();
        if (w && lower.indexOf(w) >= 0) return S.replies[topics[i]];
      }
    }
    return S.replies['default'];
  }
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    state.talked = true;
    add('you', text);
    input.value = '';
    typing.hidden = false;
    setTimeout(function () {
      typing.hidden = true;
      add('agent', reply(text));
    }, 900);
  });
  if (framed) {
    document.body.classList.add('framed');
    closeBtn.addEventListener('click', function () { window.parent.postMessage({ type: 'chatroom:close' }, location.origin); });
  } else {
    closeBtn.hidden = true;
  }
  window.addEventListener('message', function (e) {
    if (e.origin !== location.origin || e.source !== window.parent) return;
    var d = e.data || {};
    if (d.type === 'chatroom:props') {
      if (d.locale && d.locale !== (q.get('locale') || '')) {
        q.set('locale', d.locale);
        location.replace(location.pathname + '?' + q.toString());
        return;
      }
      var nickname = String(d.nickname || '').slice(0, 64);
      var t = d.subAccountType && typeof d.subAccountType.type === 'number' ? d.subAccountType.type : null;
      var changed = nickname !== state.nickname || !!d.isSubAccount !== state.isSubAccount || t !== state.subType;
      state.nickname = nickname;
      state.isSubAccount = !!d.isSubAccount;
      state.subType = t;
      if (changed && !state.talked) greet();
    }
    if (d.type === 'chatroom:focus') input.focus();
  });
  greet();
  if (framed) window.parent.postMessage({ type: 'chatroom:ready' }, location.origin);
})();`;
