import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCookieJar, createPluginTester } from '../../core/plugin-api/testing';
import plugin from './index';
import { FINGERPRINT, FINGERPRINT_HOOKS, FingerprintService, cookieFingerprint, type FingerprintOptions, type Timers } from './service';
import { SDK_INIT_ERROR, SDK_LOAD_ERROR } from './sdk-loader';

const OPTIONS: FingerprintOptions = {
  maxAgeSeconds: 86400,
  maxRetries: 3,
  retryDelayMs: 2000,
  sdkSrc: '/dfdid/udid/c1',
  sdkWaitMs: 1000,
  sdkPollMs: 50,
  getIdTimeoutMs: 5000,
};
const hexTs = (ms: number) =>
  Math.floor(ms / 1000)
    .toString(16)
    .padStart(8, '0');
const TAIL = '0123456789abcdef0123456789abcdef';

/** Manual timers: run() fires the pending one. */
function manualTimers() {
  const pending: Array<{ fn: () => void; ms: number; id: number }> = [];
  let next = 1;
  const timers: Timers = {
    set: (fn, ms) => (pending.push({ fn, ms, id: next }), next++),
    clear: (h) => {
      const i = pending.findIndex((p) => p.id === h);
      if (i >= 0) pending.splice(i, 1);
    },
  };
  return { timers, pending, fire: () => pending.shift()!.fn() };
}

function setup(opts: { cookie?: string; getSdk: () => Promise<{ getId(): Promise<string> }>; now?: { t: number } }) {
  const clock = opts.now ?? { t: 1_750_000_000_000 };
  const t = manualTimers();
  // The service as the request container builds it, with the SDK, clock and timers replaced.
  const tester = createPluginTester(plugin, {
    options: OPTIONS,
    cookies: opts.cookie !== undefined ? { finger_print: opts.cookie } : {},
    services: [[FINGERPRINT_HOOKS, { getSdk: opts.getSdk, now: () => clock.t, timers: t.timers }]],
  });
  const cookies = tester.env.cookies as MemoryCookieJar;
  const events: Array<{ name: string; value: string | null }> = [];
  tester.env.bus.on('cookie:change', (e) => events.push(e));
  const service = tester.service(FINGERPRINT);
  if (!(service instanceof FingerprintService)) throw new Error('FINGERPRINT is not the FingerprintService');
  return { service, cookies, events, clock, ...t };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe('FingerprintService', () => {
  it('keeps a fresh cookie, never loads the SDK, schedules the refresh at expiry', async () => {
    const clock = { t: 1_750_000_000_000 };
    const fresh = hexTs(clock.t - 3600_000) + TAIL;
    const getSdk = vi.fn();
    const s = setup({ cookie: fresh, getSdk, now: clock });
    s.service.start();
    expect(await s.service.ready()).toBe(fresh);
    expect(getSdk).not.toHaveBeenCalled();
    expect(s.pending).toHaveLength(1);
    expect(s.pending[0].ms).toBe((86400 - 3600) * 1000);
    expect(s.events).toEqual([]);
  });

  it('replaces a forged cookie with a generated id (cookie life = id life)', async () => {
    const clock = { t: 1_750_000_000_000 };
    const generated = hexTs(clock.t) + TAIL;
    const s = setup({ cookie: 'forged', getSdk: async () => ({ getId: async () => generated }), now: clock });
    s.service.start();
    expect(await s.service.ready()).toBe(generated);
    expect(s.cookies.get('finger_print')).toBe(generated);
    expect(s.cookies.setCookieHeaders.at(0)).toMatch(/^finger_print=; Max-Age=0/);
    expect(s.cookies.setCookieHeaders.at(-1)).toContain('Max-Age=86400');
    expect(s.events.map((e) => e.value)).toEqual([null, generated]);
    expect(s.service.current()).toBe(generated);
    expect(s.pending[0].ms).toBe(86400_000);
  });

  it('regenerates an expired id and refreshes again when the scheduled time comes', async () => {
    const clock = { t: 1_750_000_000_000 };
    let n = 0;
    const getSdk = async () => ({ getId: async () => hexTs(clock.t) + String(++n).repeat(32) });
    const s = setup({ cookie: hexTs(clock.t - 90_000_000) + TAIL, getSdk, now: clock });
    s.service.start();
    await s.service.ready();
    expect(s.cookies.get('finger_print')).toBe(hexTs(clock.t) + '1'.repeat(32));
    clock.t += 86400_000;
    s.fire();
    await flush();
    expect(s.cookies.get('finger_print')).toBe(hexTs(clock.t) + '2'.repeat(32));
  });

  it('stores the error marker on failure and retries up to 3 times, then stops', async () => {
    const getSdk = vi.fn(async () => {
      throw new Error(SDK_LOAD_ERROR);
    });
    const s = setup({ getSdk });
    s.service.start();
    expect(await s.service.ready()).toBeNull();
    expect(s.cookies.setCookieHeaders.at(-1)).toMatch(/^finger_print=ERROR_failed%20to%20load%20script; Max-Age=86400/);
    expect(s.cookies.get('finger_print')).toBe('ERROR_failed to load script');
    expect(s.service.current()).toBeNull();
    const delays: number[] = [];
    while (s.pending.length) {
      delays.push(s.pending[0].ms);
      s.fire();
      await flush();
    }
    expect(getSdk).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([2000, 4000, 6000]);
    expect(s.cookies.get('finger_print')).toBe('ERROR_failed to load script');
  });

  it('a retry that succeeds replaces the marker', async () => {
    const clock = { t: 1_750_000_000_000 };
    let calls = 0;
    const getSdk = async () => {
      if (++calls === 1) throw new Error(SDK_INIT_ERROR);
      return { getId: async () => hexTs(clock.t) + TAIL };
    };
    const s = setup({ getSdk, now: clock });
    s.service.start();
    await s.service.ready();
    expect(s.cookies.setCookieHeaders.at(-1)).toMatch(/^finger_print=ERROR_SDK%20failed%20to%20initialize%20after%20loading;/);
    s.fire();
    await flush();
    expect(s.cookies.get('finger_print')).toBe(hexTs(clock.t) + TAIL);
  });

  it('rejects an SDK answer that is not a valid fresh id', async () => {
    const s = setup({ getSdk: async () => ({ getId: async () => 'nope' }) });
    s.service.start();
    await s.service.ready();
    const wire = /^finger_print=([^;]*)/.exec(s.cookies.setCookieHeaders.at(-1)!)![1];
    expect(wire).toMatch(/^ERROR_SDK%20returned%20an%20invalid%20id/);
    expect(wire.length).toBeLessThanOrEqual(60);
  });

  it('teardown cancels the scheduled refresh and ignores late answers', async () => {
    let resolve!: (v: string) => void;
    const s = setup({ getSdk: async () => ({ getId: () => new Promise<string>((r) => (resolve = r)) }) });
    const stop = s.service.start();
    await flush();
    stop();
    resolve(hexTs(Date.now()) + TAIL);
    await flush();
    expect(s.cookies.get('finger_print')).toBeUndefined();
    expect(s.pending).toHaveLength(0);
  });

  it('ready() asked before start() waits for the first generation; served() stays what the page came with', async () => {
    const clock = { t: 1_750_000_000_000 };
    const generated = hexTs(clock.t) + TAIL;
    const s = setup({ getSdk: async () => ({ getId: async () => generated }), now: clock });
    // A page served without an id: another plugin asks before the fingerprint plugin's start (its delay).
    expect(s.service.served()).toBeNull();
    let answer: string | null | undefined;
    void s.service.ready().then((id) => (answer = id));
    await flush();
    expect(answer).toBeUndefined();
    s.service.start();
    await flush();
    expect(answer).toBe(generated);
    expect(s.service.current()).toBe(generated);
    expect(s.service.served()).toBeNull();
    // A page served with a fresh id: served() is that id from the start.
    const fresh = hexTs(clock.t - 60_000) + TAIL;
    expect(setup({ cookie: fresh, getSdk: vi.fn(), now: clock }).service.served()).toBe(fresh);
  });

  it('cookieFingerprint (server side) reads only a fresh id', () => {
    const now = 1_750_000_000_000;
    expect(cookieFingerprint(new MemoryCookieJar({ finger_print: 'forged' }), 86400, () => now).current()).toBeNull();
    const good = hexTs(now) + TAIL;
    const server = cookieFingerprint(new MemoryCookieJar({ finger_print: good }), 86400, () => now);
    expect(server.current()).toBe(good);
    expect(server.served()).toBe(good);
  });
});
