import axios, { type AxiosInstance } from 'axios';

/** Spec 000 §8: what a server-side fetch failure throws (original wording kept beside it). */
export const REQUEST_DATA_ERROR = 'request data error, please retry later';
export const REQUEST_DATA_ERROR_ZH = '请求数据错误，请稍后重试';

export class RequestDataError extends Error {
  readonly original = REQUEST_DATA_ERROR_ZH;
  constructor(readonly url: string, readonly cause?: unknown) {
    super(REQUEST_DATA_ERROR);
    this.name = 'RequestDataError';
  }
}

/** Spec 000 §9 request time-outs and §7 duplicate suppression window. */
export const BROWSER_TIMEOUT_MS = 5000;
export const SERVER_TIMEOUT_MS = 20000;
export const DEDUPE_WINDOW_MS = 30000;

export interface HttpClientConfig {
  side: 'server' | 'browser';
  /** Origin of the exchange API ('' in the browser: same origin). */
  baseURL: string;
  /** Optional data path prefix put before API paths (spec 000 §7). */
  dataPathPrefix?: string;
  /** Extra headers on every call (server: internal, host, cookie). */
  headers?: Record<string, string>;
  /** Value of the csrf header; default '1'. */
  csrfToken?: () => string | undefined;
  timeoutMs?: number;
  dedupeWindowMs?: number;
  log?: (message: string, detail?: unknown) => void;
  now?: () => number;
  /** Replaces axios's transport (tests). */
  adapter?: AxiosInstance['defaults']['adapter'];
}

export interface CallOptions {
  /** Answer identical calls within the window from the first (default: GET yes, POST no). */
  dedupe?: boolean;
  /** Leave out the data path prefix (static files). */
  raw?: boolean;
  timeoutMs?: number;
}

type Body = Record<string, string | number | boolean | undefined | null | string[]>;

/**
 * The HTTP client of spec 000 §7: form-encoded bodies, credentials, csrf header, time-outs,
 * duplicate suppression. On the server a failure throws RequestDataError; in the browser it resolves undefined.
 * Every failure is logged. Replies are parsed strictly: malformed JSON is a failure.
 */
export class HttpClient {
  private readonly axios: AxiosInstance;
  private readonly inflight = new Map<string, { at: number; promise: Promise<unknown> }>();
  private readonly now: () => number;

  constructor(readonly config: HttpClientConfig) {
    this.now = config.now ?? Date.now;
    this.axios = axios.create({
      baseURL: config.baseURL,
      timeout: config.timeoutMs ?? (config.side === 'server' ? SERVER_TIMEOUT_MS : BROWSER_TIMEOUT_MS),
      withCredentials: true,
      headers: config.headers,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      adapter: config.adapter,
    });
  }

  get<T = unknown>(path: string, params?: Record<string, unknown>, options: CallOptions = {}): Promise<T | undefined> {
    return this.call<T>('GET', path, params, undefined, { dedupe: true, ...options });
  }

  post<T = unknown>(path: string, body?: Body, options: CallOptions = {}): Promise<T | undefined> {
    return this.call<T>('POST', path, undefined, body, { dedupe: false, ...options });
  }

  private call<T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> | undefined, body: Body | undefined, options: CallOptions): Promise<T | undefined> {
    const url = options.raw ? path : `${this.config.dataPathPrefix ?? ''}${path}`;
    const key = `${method} ${url} ${stableJson(params)} ${stableJson(body)}`;
    const window = this.config.dedupeWindowMs ?? DEDUPE_WINDOW_MS;
    if (options.dedupe) {
      const hit = this.inflight.get(key);
      if (hit && this.now() - hit.at < window) return hit.promise as Promise<T | undefined>;
    }
    const promise = this.send<T>(method, url, params, body, options).catch((err: unknown) => {
      this.inflight.delete(key);
      this.config.log?.(`[http] ${method} ${url} failed: ${(err as Error)?.message ?? err}`);
      if (this.config.side === 'server') throw new RequestDataError(url, err);
      return undefined;
    });
    if (options.dedupe) {
      this.inflight.set(key, { at: this.now(), promise });
      this.prune(window);
    }
    return promise;
  }

  private async send<T>(method: string, url: string, params: Record<string, unknown> | undefined, body: Body | undefined, options: CallOptions): Promise<T> {
    const res = await this.axios.request<string>({
      method,
      url,
      params,
      data: body ? formEncode(body) : undefined,
      timeout: options.timeoutMs,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        csrftoken: this.config.csrfToken?.() || '1',
        Accept: 'application/json',
      },
    });
    if (typeof res.data !== 'string' || res.data.trim() === '') throw new Error(`empty reply (status ${res.status})`);
    try {
      return JSON.parse(res.data) as T;
    } catch {
      throw new Error(`malformed JSON reply (status ${res.status})`);
    }
  }

  private prune(window: number) {
    if (this.inflight.size < 200) return;
    const now = this.now();
    for (const [k, v] of this.inflight) if (now - v.at >= window) this.inflight.delete(k);
  }
}

export function formEncode(body: Body): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => form.append(k, item));
    else form.append(k, String(v));
  }
  return form.toString();
}

function stableJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
