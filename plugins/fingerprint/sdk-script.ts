/**
 * Source of the device-id SDK the fake API serves at /dfdid/udid/c1: a small script defining
 * `window.DFDID = { version, getId(): Promise<string> }`. An id is 40 hex characters: the issue time (unix
 * seconds, 8 hex digits) followed by a 128-bit hash of device traits and a per-browser seed kept in
 * localStorage, so one device keeps the same 32-character tail across regenerations.
 */
const SDK_VERSION = '1.4.2';

export function deviceIdSdkSource(version = SDK_VERSION): string {
  return `/*! dfdid device-id SDK v${version} */
(function (w) {
  'use strict';
  if (w.DFDID) return;
  function fnv(str, seed) {
    var h = (0x811c9dc5 ^ seed) >>> 0;
    for (var i = 0; i < str.length; i++) { h ^= str.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return ('00000000' + h.toString(16)).slice(-8);
  }
  function seed() {
    var key = 'dfdid_seed', s = null;
    try { s = w.localStorage.getItem(key); } catch (e) {}
    if (!s || !/^[0-9a-f]{16}$/.test(s)) {
      s = '';
      var bytes = new Uint8Array(8);
      (w.crypto && w.crypto.getRandomValues ? w.crypto.getRandomValues(bytes) : bytes.forEach(function (_, i) { bytes[i] = Math.random() * 256; }));
      for (var i = 0; i < bytes.length; i++) s += ('0' + bytes[i].toString(16)).slice(-2);
      try { w.localStorage.setItem(key, s); } catch (e) {}
    }
    return s;
  }
  function traits() {
    var n = w.navigator || {}, sc = w.screen || {}, tz = '';
    try { tz = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) {}
    return [n.userAgent, n.language, (n.languages || []).join(','), n.platform, n.hardwareConcurrency, n.maxTouchPoints,
      sc.width + 'x' + sc.height + 'x' + sc.colorDepth, w.devicePixelRatio, tz, new Date().getTimezoneOffset()].join('|');
  }
  function getId() {
    return new Promise(function (resolve, reject) {
      try {
        var ts = ('00000000' + Math.floor(Date.now() / 1000).toString(16)).slice(-8);
        var base = traits() + '#' + seed();
        resolve(ts + fnv(base, 1) + fnv(base, 2) + fnv(base, 3) + fnv(base, 4));
      } catch (e) { reject(e); }
    });
  }
  w.DFDID = { version: '${version}', getId: getId };
})(window);
`;
}

/** A build that loads but never defines window.DFDID (the fingerprint-sdk-broken persona). */
export function brokenSdkSource(version = SDK_VERSION): string {
  return `/*! dfdid device-id SDK v${version} (broken build) */
(function (w) { 'use strict'; w.__dfdidBootError = 'storage bridge unavailable'; })(window);
`;
}
