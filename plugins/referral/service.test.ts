import { describe, expect, it } from 'vitest';
import { createPluginTester, type TestResponse, MemoryCookieJar, createBus, createTestHttp, type RecordedCall } from '../../core/plugin-api/testing';
import plugin from './index';
import { handleInvite, VERIFY_INVITE_PATH, type ReferralOptions } from './service';

const OPTIONS: ReferralOptions = { maxAgeSeconds: 604800, channelMaxAgeSeconds: 604800, verifyFirstInvite: true, skipWhenHiddenReferral: false };

/** The fake API's rule: SAMEGROUP… → 10530135, INVALID… → 10530101, else ok with ref_uid and group_id. */
const verify: TestResponse = (req) => {
  const code = String(req.params.invite_code);
  if (code.startsWith('SAMEGROUP')) return { body: { code: 10530135, message: 'same group' } };
  if (code.startsWith('INVALID')) return { body: { code: 10530101, message: 'invalid' } };
  return { body: { code: 0, data: { ref_uid: '12345678', ref_type: Number(req.params.ref_type ?? 0), group_id: '4242' } } };
};

function run(query: Record<string, string>, cookies: Record<string, string> = {}, scenario: Record<string, TestResponse> = { [VERIFY_INVITE_PATH]: verify }) {
  const calls: RecordedCall[] = [];
  const jar = new MemoryCookieJar(cookies);
  const bus = createBus();
  const events: string[] = [];
  bus.on('cookie:change', (e) => events.push(`${e.name}=${e.value}`));
  const done = handleInvite(query, { cookies: jar, http: createTestHttp('browser', scenario, calls), bus, options: OPTIONS });
  return done.then((result) => ({ result, jar, calls, events }));
}

describe('handleInvite', () => {
  it('a verified invite stores the four referral cookies for 604800 s and fires cookie-change events', async () => {
    const { jar, calls, events } = await run({ ref: 'ABCD1234', ref_type: '1', ch: 'twitter', group_id: '7' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: VERIFY_INVITE_PATH, params: { invite_code: 'ABCD1234', ref_type: '1' } });
    expect(jar.all()).toMatchObject({ ref_uid: 'ABCD1234', ref_type: '1', ref_channel: 'twitter', group_id: '7', ch: 'twitter' });
    expect(jar.setCookieHeaders.filter((h) => /^(ref_uid|ref_type|ref_channel|group_id)=/.test(h)).every((h) => h.includes('Max-Age=604800'))).toBe(true);
    expect(events).toEqual(['ch=twitter', 'ref_uid=ABCD1234', 'ref_type=1', 'ref_channel=twitter', 'group_id=7']);
  });

  it('10530135 with an existing ref: only channel and group change', async () => {
    const { jar, result } = await run(
      { ref: 'SAMEGROUP1', ref_type: '1', ch: 'telegram', group_id: '9' },
      { ref_uid: 'OLDREF1', ref_type: '1', ref_channel: 'x', group_id: '1' },
    );
    expect(result.outcome).toBe('channel-only');
    expect(jar.all()).toMatchObject({ ref_uid: 'OLDREF1', ref_type: '1', ref_channel: 'telegram', group_id: '9' });
  });

  it('any other non-zero code stops: nothing referral-related is written', async () => {
    const before = { ref_uid: 'OLDREF1', ref_type: '1', ref_channel: 'x', group_id: '1' };
    const { jar, result } = await run({ ref: 'INVALID9', ref_type: '1', ch: 'telegram', group_id: '9' }, before);
    expect(result.outcome).toBe('stop');
    expect(jar.all()).toMatchObject(before);
  });

  it('a failed verification call (HTTP 500) stops too', async () => {
    const { jar, result } = await run({ ref: 'ABCD1234', ref_type: '1' }, {}, { [VERIFY_INVITE_PATH]: { status: 500, body: {} } });
    expect(result.outcome).toBe('stop');
    expect(jar.get('ref_uid')).toBeUndefined();
  });

  it('the same ref and ref_type as stored: no call, channel and group refreshed', async () => {
    const { jar, calls, result } = await run({ ref: 'ABCD1234', ref_type: '1', ch: 'reddit', group_id: '11' }, { ref_uid: 'ABCD1234', ref_type: '1' });
    expect(calls).toHaveLength(0);
    expect(result.plan).toBe('refresh');
    expect(jar.all()).toMatchObject({ ref_channel: 'reddit', group_id: '11' });
  });

  it('hostile parameters are ignored; a non-numeric ref_type is left out of the call', async () => {
    const { calls, jar } = await run({ ref: 'ABCD1234', ref_type: '1;DROP', ch: 'a\u0007b', group_id: 'x'.repeat(200) });
    expect(calls[0].params).toEqual({ invite_code: 'ABCD1234' });
    expect(jar.get('ref_uid')).toBe('ABCD1234');
    expect(jar.get('ref_type')).toBe('0');
    expect(jar.get('ch')).toBeUndefined();
    expect(jar.get('group_id')).toBe('4242');
  });
});

describe('referral plugin', () => {
  it('does nothing on the server; in the browser handles the query after hydration', async () => {
    const server = createPluginTester(plugin, { side: 'server', query: { ref: 'ABCD1234' } });
    expect(server.activation.effects).toHaveLength(0);
    server.dispose();
    const calls: string[] = [];
    const counted: TestResponse = (req) => (calls.push(req.params.invite_code ?? ''), verify(req));
    const t = createPluginTester(plugin, { query: { ref: 'ABCD1234', ref_type: '2', utm_cmp: 'launch' }, scenario: { [VERIFY_INVITE_PATH]: counted } });
    t.hydrate();
    await new Promise((r) => setTimeout(r, 20));
    // A first invite (no ref cookie yet) is stored without verification (the default options).
    expect(calls).toEqual([]);
    expect(t.env.cookies.all()).toMatchObject({ ref_uid: 'ABCD1234', ref_type: '2', utm_cmp: 'launch' });
    t.env.state.route$.next({ path: '/', query: { ref: 'SAMEGROUP7', ref_type: '2', group_id: '5' }, params: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual(['SAMEGROUP7']);
    expect(t.env.cookies.all()).toMatchObject({ ref_uid: 'ABCD1234', group_id: '5' });
    expect(t.dispose()).toEqual([]);
  });
});
