import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { lazyHttpClient } from './lazy-client';

const answering = (seen: string[]) => async (config: InternalAxiosRequestConfig) => {
  seen.push(`${config.method} ${config.url}`);
  return { data: JSON.stringify({ code: 0, path: config.url }), status: 200, statusText: 'OK', headers: {}, config };
};

describe('lazyHttpClient (the browser env.http)', () => {
  afterEach(() => {
    vi.doUnmock('axios');
    vi.resetModules();
  });

  it('loads one client with the first call: calls keep their order and share its duplicate suppression', async () => {
    const seen: string[] = [];
    const http = lazyHttpClient({ side: 'browser', baseURL: '', adapter: answering(seen) });
    const replies = await Promise.all([http.get('/api/a'), http.post('/api/b', { x: 1 }), http.get('/api/a')]);
    expect(replies).toEqual([
      { code: 0, path: '/api/a' },
      { code: 0, path: '/api/b' },
      { code: 0, path: '/api/a' },
    ]);
    expect(seen).toEqual(['get /api/a', 'post /api/b']); // the second GET /api/a within 30 s was the first one's
  });

  it('answers nothing and logs when the client cannot load, and tries again with the next call', async () => {
    vi.doMock('axios', () => {
      throw new Error('chunk gone');
    });
    const { lazyHttpClient: fresh } = await import('./lazy-client');
    const log: string[] = [];
    const http = fresh({ side: 'browser', baseURL: '', log: (m) => log.push(m) });
    expect(await http.get('/api/a')).toBeUndefined();
    expect(log.join('\n')).toMatch(/the client failed to load/);
    expect(await http.post('/api/b')).toBeUndefined();
    expect(log.filter((l) => l.includes('failed to load'))).toHaveLength(2);
  });
});
