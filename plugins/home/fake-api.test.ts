import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import home from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [home] });
});
afterAll(() => api.close());

const user = { uid: '10203040', nickname: 'alice' };

describe('home fake API', () => {
  it('answers stable, realistic home stats per region', async () => {
    const a = await (await api.fetch('/api/web/v1/site/homeStaticTradeData')).json();
    const b = await (await api.fetch('/api/web/v1/site/homeStaticTradeData')).json();
    expect(a).toEqual(b);
    expect(a.code).toBe(0);
    expect(Number(a.data.trading_volume)).toBeGreaterThan(1e9);
    expect(Object.keys(a.data).sort()).toEqual([
      'curr_count',
      'lend_earn_max_rate',
      'max_profit_rate',
      'simple_earn_apr_usdt',
      'total_reserve_rate',
      'trading_volume',
      'user_register_count',
    ]);
    const tr = await (await api.fetch('/api/web/v1/site/homeStaticTradeData', { headers: { 'X-Forwarded-Host': 'tr.localhost' } })).json();
    expect(tr.data.trading_volume).not.toBe(a.data.trading_volume);
  });

  it('needs const_id for the download task', async () => {
    expect((await (await api.fetch('/api/web/v1/marketing-activity/dlGetTaskInfo')).json()).code).toBe(10400);
    const visitor = await (await api.fetch('/api/web/v1/marketing-activity/dlGetTaskInfo?const_id=web_home_app_download')).json();
    expect(visitor.data).toEqual({ has_dl_task: 1, reward_num: '10', reward_currency: 'USDT' });
  });

  it("marks the visitors' download task public and a user's private", async () => {
    const path = '/api/web/v1/marketing-activity/dlGetTaskInfo?const_id=web_home_app_download';
    const visitor = await api.fetch(path);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=30');
    expect(visitor.headers.get('vary')).toBe('X-Forwarded-Host, Cookie');
    expect((await api.fetch(path, { cookies: user })).headers.get('cache-control')).toBe('private, no-store');
  });

  it('looks up sub-accounts for logged-in users only', async () => {
    const path = '/api/web/v1/sub-account/get_sub_account_info';
    expect((await (await api.fetch(`${path}?sub_uid=12345671`)).json()).code).toBe(10001);
    const found = await (await api.fetch(`${path}?sub_uid=12345671`, { cookies: user })).json();
    expect(found.code).toBe(0);
    expect(found.data).toMatchObject({ sub_uid: '12345671', nickname: 'alice_sub671' });
    expect([1, 4]).toContain(found.data.type);
    const missing = await (await api.fetch(`${path}?sub_uid=12345670`, { cookies: user })).json();
    expect(missing).toMatchObject({ code: 10404, message: expect.stringContaining('does not exist') });
    expect((await (await api.fetch(`${path}?sub_uid=x1`, { cookies: user })).json()).code).toBe(10400);
  });

  it('serves the micro-app entry pages (HEAD too) and 404 for unknown apps', async () => {
    const page = await api.fetch('/micro/funds-transfer/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('shell:micro-app:props');
    expect(html).toContain('<!doctype html>');
    const head = await api.fetch('/micro/sub-account-transfer/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await api.fetch('/micro/nope/index.html')).status).toBe(200 /* JSON envelope */);
    expect((await (await api.fetch('/micro/nope/index.html')).json()).code).toBe(404);
  });

  it('has personas for failures', async () => {
    const down = await api.fetch('/api/web/v1/site/homeStaticTradeData', { cookies: { mock_scenario: 'home-stats-down' } });
    expect(down.status).toBe(500);
    const micro = await api.fetch('/micro/funds-transfer/index.html', { method: 'HEAD', cookies: { mock_scenario: 'micro-app-down' } });
    expect(micro.status).toBe(404);
  });
});
