import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { BackendClient, type HttpClient } from '../http/client';

/** A canned answer for one path: a static reply or a function of the request. */
export type TestResponse =
  | { status?: number; body?: unknown; raw?: string; delayMs?: number }
  | ((req: { method: string; path: string; params: Record<string, string>; body: URLSearchParams }) => { status?: number; body?: unknown; raw?: string });

/** Records every call a tester's HTTP client made. */
export interface RecordedCall {
  method: string;
  path: string;
  /** The query as the back end reads it: every value a string. */
  params: Record<string, string>;
  body: Record<string, string>;
}

/**
 * An axios adapter answering from a path map (the scenario), 404 for anything else; no network.
 * Paths are matched without the query string.
 */
export function scenarioAdapter(responses: Record<string, TestResponse>, calls: RecordedCall[]): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? '/', 'http://test.local');
    const method = (config.method ?? 'get').toUpperCase();
    const body = new URLSearchParams(typeof config.data === 'string' ? config.data : '');
    const params = Object.fromEntries(url.searchParams);
    calls.push({ method, path: url.pathname, params, body: Object.fromEntries(body) });
    const entry = responses[`${method} ${url.pathname}`] ?? responses[url.pathname] ?? responses['*'];
    const answer = typeof entry === 'function' ? entry({ method, path: url.pathname, params, body }) : entry;
    const delayMs = answer && 'delayMs' in answer ? Number(answer.delayMs) : 0;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const status = answer?.status ?? (answer ? 200 : 404);
    const data = answer?.raw ?? (answer?.body !== undefined ? JSON.stringify(answer.body) : '');
    const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      const err = Object.assign(new Error(`Request failed with status code ${status}`), { response, config, isAxiosError: true });
      throw err;
    }
    return response;
  };
}

/** An HttpClient wired to canned responses. */
export function createTestHttp(side: 'server' | 'browser', responses: Record<string, TestResponse>, calls: RecordedCall[] = []): HttpClient {
  return new BackendClient({ side, baseURL: 'http://test.local', adapter: scenarioAdapter(responses, calls), log: () => {} });
}
