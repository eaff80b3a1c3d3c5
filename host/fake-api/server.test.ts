import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi } from './server';
import { startFakeApi, type RunningFakeApi } from './testing';
import { defineFakeApi, ok } from '../../core/testing/fake-api-kit';

const INFO = '/api/web/v1/usercenter/get_info';
const SETTINGS = '/api/web/v1/site/settings';
const LOGGED_IN = { uid: '10203040', nickname: 'alice' };

let s: RunningFakeApi;
beforeAll(async () => {
  s = await startFakeApi({ translations: (lng, ns) => (lng === 'tr' && ns === 'kyc' ? { title: 'Kimlik doğrulama' } : undefined) });
});
afterAll(() => s.close());

const register = (scenario: unknown) =>
  s.fetch('/__mock/scenarios', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(scenario) });

describe('scenario selection', () => {
  it('answers from the scenario named by the mock_scenario cookie', async () => {
    const res = await s.fetch('/api/web/v1/compliance/check?lang=en', { cookies: { mock_scenario: 'uk-limited' } });
    expect(res.headers.get('x-mock-scenario')).toBe('uk-limited');
    const { data } = await res.json();
    expect(data.limit).toMatchObject({ is_uk_limit: true, is_uk_ip: true });
  });

  it('falls back to default with x-mock-scenario: unknown for an unknown name', async () => {
    for (const name of ['no-such-scenario', 'Bad Name!']) {
      const res = await s.fetch('/api/web/v1/compliance/check', { cookies: { mock_scenario: name } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-mock-scenario')).toBe('unknown');
      expect((await res.json()).data.limit.is_uk_limit).toBe(false);
    }
  });

  it('leaves non-API paths to the host', async () => {
    const res = await s.fetch('/en/trade/BTC_USDT');
    expect(await res.text()).toBe('not a fake-API path');
  });

  it('answers a JSON 404 for unknown paths in API namespaces, and 405 for a wrong method', async () => {
    const res = await s.fetch('/api/web/v1/nothing/here');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toContain('/api/web/v1/nothing/here');
    expect((await s.fetch('/api/web/v1/usercenter/login')).status).toBe(405);
  });
});

describe('registered scenarios', () => {
  it('follows extends chains: unlisted paths keep the base answers', async () => {
    expect(
      (await register({ name: 'uk-broken-settings', extends: 'uk-limited', responses: { [SETTINGS]: { status: 503, body: { code: 503, message: 'down' } } } }))
        .status,
    ).toBe(201);
    expect(
      (await register({ name: 'uk-broken-deeper', extends: 'uk-broken-settings', responses: { '/api/web/v1/welfare/newbiePrizePop': { body: { code: 7 } } } }))
        .status,
    ).toBe(201);
    const cookies = { mock_scenario: 'uk-broken-deeper' };
    const settings = await s.fetch(SETTINGS, { cookies });
    expect(settings.status).toBe(503);
    expect(await settings.json()).toEqual({ code: 503, message: 'down' });
    expect((await (await s.fetch('/api/web/v1/compliance/check', { cookies })).json()).data.limit.is_uk_limit).toBe(true);
    expect((await (await s.fetch('/api/web/v1/welfare/newbiePrizePop', { cookies })).json()).code).toBe(7);
    expect((await (await s.fetch(INFO, { cookies: { ...cookies, ...LOGGED_IN } })).json()).data.user_info.uid).toBe(LOGGED_IN.uid);
  });

  it("answers every path not otherwise listed with '*'", async () => {
    await register({
      name: 'star-test',
      responses: { '*': { status: 500, body: { code: 500 } }, [SETTINGS]: { body: { code: 0, data: { curr_fiat: 'EUR' } } } },
    });
    const cookies = { mock_scenario: 'star-test' };
    for (const path of [INFO, '/apiw/v2/account/total_funds', '/js/tool/coin_icon_whitelist.json', '/cdn/locales/tr/kyc.json', '/api/unknown']) {
      expect((await s.fetch(path, { cookies })).status, path).toBe(500);
    }
    expect((await (await s.fetch(SETTINGS, { cookies })).json()).data.curr_fiat).toBe('EUR');
    expect(await (await s.fetch('/not/an/api', { cookies })).text()).toBe('not a fake-API path');
    expect((await s.fetch('/__mock/scenarios', { cookies })).status).toBe(200);
  });

  it('sends raw bodies as is and honours status', async () => {
    await register({ name: 'raw-test', responses: { [INFO]: { status: 502, raw: '{"code":0,"data":' } } });
    const res = await s.fetch(INFO, { cookies: { mock_scenario: 'raw-test' } });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toBe('{"code":0,"data":');
  });

  it('honours delayMs, and an entry without body patches the base answer', async () => {
    await register({ name: 'delay-test', responses: { [SETTINGS]: { delayMs: 300, status: 299 } } });
    const start = Date.now();
    const res = await s.fetch(SETTINGS, { cookies: { mock_scenario: 'delay-test' } });
    expect(Date.now() - start).toBeGreaterThanOrEqual(280);
    expect(res.status).toBe(299);
    expect((await res.json()).data.curr_fiat).toBe('USD');
  });

  it('rejects bad input with 400 and a clear message', async () => {
    const cases: Array<[unknown, string]> = [
      [[], 'JSON object'],
      [{ name: 'Bad Name', responses: {} }, "'name'"],
      [{ name: 'x'.repeat(65), responses: {} }, "'name'"],
      [{ name: 'ok-name' }, "'responses'"],
      [{ name: 'ok-name', responses: [] }, "'responses'"],
      [{ name: 'ok-name', extends: 'missing', responses: {} }, "unknown scenario 'missing'"],
      [{ name: 'ok-name', responses: { 'api/x': {} } }, "starting with '/'"],
      [{ name: 'ok-name', responses: { '/x?y=1': {} } }, 'without query'],
      [{ name: 'ok-name', responses: { '/x': { status: 42 } } }, "'status'"],
      [{ name: 'ok-name', responses: { '/x': { delayMs: -1 } } }, "'delayMs'"],
      [{ name: 'ok-name', responses: { '/x': { raw: 5 } } }, "'raw'"],
      [{ name: 'ok-name', responses: { '/x': { raw: 'a', body: {} } } }, 'not both'],
      [{ name: 'ok-name', responses: { '/x': { colour: 'red' } } }, "'colour'"],
      [{ name: 'ok-name', responses: { '/x': 'text' } }, 'must be an object'],
      [{ name: 'ok-name', responses: {}, other: 1 }, "'other'"],
      [{ name: 'uk-limited', responses: {} }, 'built-in'],
    ];
    for (const [input, message] of cases) {
      const res = await register(input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect((await res.json()).message).toContain(message);
    }
    const notJson = await s.fetch('/__mock/scenarios', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
    expect(notJson.status).toBe(400);
  });

  it('rejects an extends cycle', async () => {
    await register({ name: 'cycle-a', responses: {} });
    await register({ name: 'cycle-b', extends: 'cycle-a', responses: {} });
    const res = await register({ name: 'cycle-a', extends: 'cycle-b', responses: {} });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('cycle');
  });

  it('lists built-in and registered scenarios with name, description and extends', async () => {
    await register({ name: 'listed-one', extends: 'visitor', description: 'for the list test', responses: {} });
    const { data } = await (await s.fetch('/__mock/scenarios')).json();
    expect(data).toContainEqual({ name: 'listed-one', description: 'for the list test', extends: 'visitor', builtIn: false });
    expect(data.find((d: { name: string }) => d.name === 'default')).toMatchObject({ builtIn: true, extends: null });
    expect((await s.fetch('/__mock/scenarios/listed-one', { method: 'DELETE' })).status).toBe(200);
    expect((await s.fetch('/__mock/scenarios/listed-one')).status).toBe(404);
  });

  it('keeps at most 500 registered scenarios, evicting the oldest', async () => {
    const fresh = await startFakeApi();
    try {
      const post = (name: string) =>
        fresh.fetch('/__mock/scenarios', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, responses: {} }) });
      for (let i = 0; i < 501; i++) expect((await post(`bulk-${i}`)).status).toBe(201);
      const names = fresh.api
        .scenarios()
        .filter((d) => !d.builtIn)
        .map((d) => d.name);
      expect(names).toHaveLength(500);
      expect(names).not.toContain('bulk-0');
      expect(names).toContain('bulk-500');
    } finally {
      await fresh.close();
    }
  });
});

describe('request handling', () => {
  it('rejects bodies over 1 MB with 413', async () => {
    const res = await s.fetch('/api/web/v1/usercenter/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `account=${'a'.repeat(1024 * 1024 + 10)}`,
    });
    expect(res.status).toBe(413);
  });

  it('stops waiting when the client disconnects during a delay', async () => {
    const api = createFakeApi({ modules: [] });
    let finishedAt = 0;
    const server = createServer((req, res) => void api.handle(req, res).then(() => (finishedAt = Date.now())));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const ctl = new AbortController();
      const started = Date.now();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SETTINGS}`;
      const pending = fetch(url, { headers: { Cookie: 'mock_scenario=slow-25s' }, signal: ctl.signal }).catch((e: Error) => e.name);
      setTimeout(() => ctl.abort(), 150);
      expect(await pending).toBe('AbortError');
      await expect.poll(() => finishedAt, { timeout: 3000 }).toBeGreaterThan(0);
      expect(finishedAt - started).toBeLessThan(3000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('serves translation bundles as the CDN, cacheable for an hour; 404 when missing', async () => {
    const res = await s.fetch('/cdn/locales/tr/kyc.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual({ title: 'Kimlik doğrulama' });
    expect((await s.fetch('/cdn/locales/xx/kyc.json')).status).toBe(404);
  });
});

describe('modules', () => {
  it('merges plugin routes and scenarios; a plugin persona may extend a built-in one', async () => {
    const plugin = defineFakeApi({
      name: 'demo',
      routes: { 'GET /api/web/v1/demo/:id': (req) => ok({ id: req.params?.id, user: req.cookies.uid ?? null }) },
      scenarios: [{ name: 'demo-visitor', description: 'demo', extends: 'visitor', responses: { '/api/web/v1/demo/7': { status: 418, body: { code: 1 } } } }],
    });
    const p = await startFakeApi({ modules: [plugin] });
    try {
      expect((await (await p.fetch('/api/web/v1/demo/5', { cookies: LOGGED_IN })).json()).data).toEqual({ id: '5', user: LOGGED_IN.uid });
      expect((await (await p.fetch('/api/web/v1/demo/5', { cookies: { ...LOGGED_IN, mock_scenario: 'demo-visitor' } })).json()).data.user).toBeNull();
      expect((await p.fetch('/api/web/v1/demo/7', { cookies: { mock_scenario: 'demo-visitor' } })).status).toBe(418);
      expect(p.api.scenarios().map((d) => d.name)).toEqual(expect.arrayContaining(['demo-visitor', 'uk-limited']));
    } finally {
      await p.close();
    }
  });

  it('refuses duplicate routes and scenarios, and unknown extends, naming the module', () => {
    const dupRoute = defineFakeApi({ name: 'dup', routes: { 'GET /api/web/v1/site/settings': () => ok({}) } });
    expect(() => createFakeApi({ modules: [dupRoute] })).toThrow(/dup.*already defined by core:site/);
    const dupScenario = defineFakeApi({ name: 'dup2', scenarios: [{ name: 'visitor', description: '', responses: {} }] });
    expect(() => createFakeApi({ modules: [dupScenario] })).toThrow(/dup2.*'visitor' is defined twice/);
    const badBase = defineFakeApi({ name: 'dup3', scenarios: [{ name: 'x-y', description: '', extends: 'nope', responses: {} }] });
    expect(() => createFakeApi({ modules: [badBase] })).toThrow(/unknown scenario 'nope'/);
  });
});
