import { describe, expect, it } from 'vitest';
import { createPluginTester, type RecordedCall, type TestResponse } from '../../core/plugin-api/testing';
import plugin from './index';
import { IP_CHECK_CONTROLLER, IP_CHECK_HOOKS, type KeyValueStore } from './check';
import { IP_CHECK_API } from './reply';
import { ignoreKey, tokenKey } from './storage';
import type { AnswerTypes } from './options';

const NOW = 1_800_000_000_000;
const memory = (init: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } => {
  const data = { ...init };
  return { data, get: (k) => data[k] ?? null, set: (k, v) => (data[k] = v) };
};
const answer = (data: Record<string, unknown>): TestResponse => ({ body: { code: 0, message: 'success', data } });

const NO_ANSWER_TYPES: AnswerTypes = { vpnAccept: null, vpnCancel: null, upgradeAccept: null, upgradeClose: null };

/** The controller as the request container builds it (user 10001, logged in), with storage, WebRTC, clock and reload replaced. */
function controller(
  response: TestResponse | undefined,
  store = memory(),
  gather = async () => ({ ips: ['10.0.0.5'], stuns: ['203.0.113.7'] }),
  answerTypes?: AnswerTypes,
  uid = '10001',
  ttlMinutes = 60,
) {
  const reloads: number[] = [];
  const tester = createPluginTester(plugin, {
    cookies: { uid, nickname: 'alice' }, // a logged-in user's page: the core data's user is theirs
    options: { tokenTtlMinutes: ttlMinutes, answerTypes: answerTypes ?? NO_ANSWER_TYPES },
    scenario: response ? { [`POST ${IP_CHECK_API}`]: response } : {},
    services: [[IP_CHECK_HOOKS, { store, gather, now: () => NOW, reload: () => reloads.push(1) }]],
  });
  const c = tester.service(IP_CHECK_CONTROLLER);
  const calls: RecordedCall[] = tester.calls;
  return { c, calls, store, reloads };
}

describe('IpCheckController: reply → dialog', () => {
  it.each([
    ['result 1 (pass)', answer({ result: 1, token: 'ipt_1' }), 'none'],
    ['result 2', answer({ result: 2, closable: true }), 'upgrade'],
    ['result 3', answer({ result: 3 }), 'vpn'],
    ['result 0', answer({ result: 0 }), 'vpn'],
    ['result 4', answer({ result: 4, closable: true }), 'blocked'],
    ['HTTP 500', { status: 500, body: { code: 500 } }, 'none'],
    ['non-zero code', { body: { code: 10001, message: 'not login' } }, 'none'],
    ['malformed JSON', { raw: '{"code":0,"data":' }, 'none'],
    ['no answer (network)', undefined, 'none'],
  ] as const)('%s → %s', async (_name, response, expected) => {
    const { c } = controller(response);
    expect(await c.run()).toBe(expected);
    expect(c.view$.value.dialog).toBe(expected);
  });

  it('posts type 1 with the gathered ips and STUN results as JSON lists', async () => {
    const { c, calls } = controller(answer({ result: 1, token: 't' }));
    await c.run();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: IP_CHECK_API, body: { type: '1', ips: '["10.0.0.5"]', stuns: '["203.0.113.7"]' } });
  });

  it('sends empty lists when WebRTC gathering fails', async () => {
    const { c, calls } = controller(answer({ result: 1 }), memory(), async () => {
      throw new Error('no webrtc');
    });
    await c.run();
    expect(calls[0].body).toMatchObject({ ips: '[]', stuns: '[]' });
  });

  it('stores a passing token and skips the check while it is valid', async () => {
    const store = memory();
    const first = controller(answer({ result: 1, token: 'ipt_1', expire_time: NOW / 1000 + 600 }), store);
    await first.c.run();
    expect(JSON.parse(store.data[tokenKey('10001')])).toEqual({ token: 'ipt_1', expiresAt: NOW + 600_000 });
    const second = controller(answer({ result: 4 }), store);
    expect(await second.c.run()).toBe('none');
    expect(second.calls).toHaveLength(0);
  });

  it('checks again when the stored token has expired or is garbage', async () => {
    for (const stored of [JSON.stringify({ token: 'old', expiresAt: NOW - 1 }), 'not json', JSON.stringify({ token: '', expiresAt: NOW + 5 })]) {
      const { c, calls } = controller(answer({ result: 4 }), memory({ [tokenKey('10001')]: stored }));
      expect(await c.run()).toBe('blocked');
      expect(calls).toHaveLength(1);
    }
  });
});

describe('IpCheckController: actions', () => {
  it('VPN accept reloads; cancel goes to the result-2 prompt', async () => {
    const { c, reloads } = controller(answer({ result: 3, closable: true }));
    await c.run();
    await c.accept();
    expect(reloads).toHaveLength(1);
    c.cancel();
    expect(c.view$.value.dialog).toBe('upgrade');
  });

  it('closing a closable prompt suppresses it for this user for 2 hours', async () => {
    const store = memory();
    const { c } = controller(answer({ result: 2, closable: true }), store);
    await c.run();
    c.closeUpgrade();
    expect(c.view$.value.dialog).toBe('none');
    expect(store.data[ignoreKey('10001')]).toBe(String(NOW));
    const again = controller(answer({ result: 2, closable: true }), store);
    expect(await again.c.run()).toBe('none');
    const otherUser = controller(answer({ result: 2, closable: true }), store, async () => ({ ips: [], stuns: [] }), undefined, '20002', 1);
    expect(await otherUser.c.run()).toBe('upgrade');
  });

  it('a prompt that is not closable cannot be closed', async () => {
    const { c, store } = controller(answer({ result: 2, closable: false }));
    await c.run();
    c.closeUpgrade();
    expect(c.view$.value.dialog).toBe('upgrade');
    expect(store.data[ignoreKey('10001')]).toBeUndefined();
  });
});

describe('IpCheckController: answers (request types 2 and 3, option answerTypes)', () => {
  const types = (calls: RecordedCall[]) => calls.map((c) => c.body.type);
  it('default mapping: VPN accept sends 3 before the reload, upgrade accept sends 2; cancel and close send nothing', async () => {
    const { c, calls, reloads } = controller(answer({ result: 3, closable: true }), memory(), undefined, {
      vpnAccept: 3,
      vpnCancel: null,
      upgradeAccept: 2,
      upgradeClose: null,
    });
    await c.run();
    await c.accept();
    expect(types(calls)).toEqual(['1', '3']);
    expect(reloads).toHaveLength(1);
    c.cancel();
    c.closeUpgrade();
    expect(await c.answer('upgradeAccept')).toBe(true);
    expect(types(calls)).toEqual(['1', '3', '2']);
  });
  it('an operator mapping is followed; without one nothing is sent', async () => {
    const swapped = controller(answer({ result: 3, closable: true }), memory(), undefined, {
      vpnAccept: 2,
      vpnCancel: 3,
      upgradeAccept: null,
      upgradeClose: 2,
    });
    await swapped.c.run();
    swapped.c.cancel();
    swapped.c.closeUpgrade();
    await swapped.c.accept();
    expect(types(swapped.calls)).toEqual(['1', '3', '2', '2']);
    const none = controller(answer({ result: 3 }));
    await none.c.run();
    await none.c.accept();
    expect(types(none.calls)).toEqual(['1']);
  });
});
