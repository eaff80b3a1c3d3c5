import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type RunningFakeApi } from '../../host/fake-api/testing';
import share from './fake-api';

let api: RunningFakeApi;
beforeAll(async () => {
  api = await startFakeApi({ modules: [share] });
});
afterAll(() => api.close());

describe('share fake API', () => {
  it('answers og_show per region, url required', async () => {
    const main = await (await api.fetch('/api/web/v1/marketing-activity/og_show?url=https%3A%2F%2Fwww.gate.com%2F')).json();
    expect(main.data).toEqual({ site_name: 'Gate.com', site_image: '/cdn/share/og/main.svg' });
    const tr = await (await api.fetch('/api/web/v1/marketing-activity/og_show?url=x', { headers: { 'X-Forwarded-Host': 'tr.localhost' } })).json();
    expect(tr.data.site_name).toBe('Gate.tr');
    expect((await (await api.fetch('/api/web/v1/marketing-activity/og_show')).json()).code).toBe(10400);
    expect((await api.fetch('/api/web/v1/marketing-activity/og_show?url=x', { cookies: { mock_scenario: 'share-og-down' } })).status).toBe(500);
  });

  it('serves the share image', async () => {
    const res = await api.fetch('/cdn/share/og/main.svg');
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('Gate.com');
  });
});
