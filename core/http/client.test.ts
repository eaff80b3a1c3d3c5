import { describe, expect, it, vi } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { HttpClient, REQUEST_DATA_ERROR, RequestDataError } from './client';

function adapterReturning(body: string, status = 200, seen: InternalAxiosRequestConfig[] = []) {
  return async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    if (status >= 400) throw Object.assign(new Error(`status ${status}`), { response: { status } });
    return { data: body, status, statusText: 'OK', headers: {}, config };
  };
}

describe('HttpClient', () => {
  it('sends form-encoded bodies, the csrf header (default 1) and the data path prefix', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const http = new HttpClient({ side: 'browser', baseURL: '', dataPathPrefix: '/gw', adapter: adapterReturning('{"code":0}', 200, seen) });
    await http.post('/api/x', { a: 1, b: 'two words', skip: undefined });
    expect(seen[0].url).toBe('/gw/api/x');
    expect(seen[0].data).toBe('a=1&b=two+words');
    expect(seen[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0].headers.csrftoken).toBe('1');
    expect(seen[0].withCredentials).toBe(true);
  });

  it('uses 5 s in the browser and 20 s on the server', () => {
    const b = new HttpClient({ side: 'browser', baseURL: '' });
    const s = new HttpClient({ side: 'server', baseURL: '' });
    expect((b as unknown as { axios: { defaults: { timeout: number } } }).axios.defaults.timeout).toBe(5000);
    expect((s as unknown as { axios: { defaults: { timeout: number } } }).axios.defaults.timeout).toBe(20000);
  });

  it('answers identical GETs within 30 s from the first call, and calls again after', async () => {
    let now = 1000;
    const seen: InternalAxiosRequestConfig[] = [];
    const http = new HttpClient({ side: 'browser', baseURL: '', now: () => now, adapter: adapterReturning('{"code":0,"data":1}', 200, seen) });
    const [a, b] = await Promise.all([http.get('/api/y', { q: 1 }), http.get('/api/y', { q: 1 })]);
    expect(a).toEqual(b);
    now += 29999;
    await http.get('/api/y', { q: 1 });
    expect(seen).toHaveLength(1);
    await http.get('/api/y', { q: 2 });
    expect(seen).toHaveLength(2);
    now += 2;
    await http.get('/api/y', { q: 1 });
    expect(seen).toHaveLength(3);
  });

  it('in the browser resolves undefined and logs on failure or malformed JSON', async () => {
    const log = vi.fn();
    const failing = new HttpClient({ side: 'browser', baseURL: '', log, adapter: adapterReturning('', 500) });
    await expect(failing.get('/api/z')).resolves.toBeUndefined();
    const malformed = new HttpClient({ side: 'browser', baseURL: '', log, adapter: adapterReturning('{"code":0,') });
    await expect(malformed.get('/api/z')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1][0]).toMatch(/malformed JSON/);
  });

  it('on the server throws the request data error (with the original wording) and logs', async () => {
    const log = vi.fn();
    const http = new HttpClient({ side: 'server', baseURL: '', log, adapter: adapterReturning('', 502) });
    const err = await http.get('/api/z').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestDataError);
    expect((err as Error).message).toBe(REQUEST_DATA_ERROR);
    expect((err as RequestDataError).original).toBe('请求数据错误，请稍后重试');
    expect(log).toHaveBeenCalledOnce();
  });

  it('does not cache a failure: the next identical call goes out again', async () => {
    let calls = 0;
    const http = new HttpClient({
      side: 'browser',
      baseURL: '',
      adapter: async (config) => {
        calls++;
        if (calls === 1) throw new Error('down');
        return { data: '{"code":0}', status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    expect(await http.get('/api/r')).toBeUndefined();
    expect(await http.get('/api/r')).toEqual({ code: 0 });
  });
});
