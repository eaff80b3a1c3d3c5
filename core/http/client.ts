import type { AxiosInstance, AxiosStatic } from 'axios';
import type { ReplyHeaders } from './cache-rules';
import type { LoadedReply, SharedReplyCache } from './shared-cache';
import { axiosLoaded, loadAxios } from './axios-loader';

/** Spec 000 §8: what a server-side fetch failure throws (original wording kept beside it). */
export const REQUEST_DATA_ERROR = 'request data error, please retry later';
const REQUEST_DATA_ERROR_ZH = '请求数据错误，请稍后重试';

export class RequestDataError extends Error {
  readonly original = REQUEST_DATA_ERROR_ZH;
  constructor(
    readonly url: string,
    readonly cause?: unknown,
  ) {
    super(REQUEST_DATA_ERROR);
    this.name = 'RequestDataError';
  }
}

/** Header carrying the region's site marks to the back end (region config `marks`; name not in the spec). */
const SITE_MARKS_HEADER = 'x-site-marks';

/** Spec 000 §9 request time-outs and §7 duplicate suppression window. */
const BROWSER_TIMEOUT_MS = 5000;
export const SERVER_TIMEOUT_MS = 20000;
const DEDUPE_WINDOW_MS = 30000;

export interface HttpClientConfig {
  side: 'server' | 'browser';
  /** Origin of the exchange API ('' in the browser: same origin). */
  baseURL: string;
  /** Optional data path prefix put before API paths (spec 000 §7). */
  dataPathPrefix?: string;
  /** Extra headers on every call (server: internal, host, cookie). */
  headers?: Record<string, string>;
  /** The region's site marks (region config `marks`), sent on every call as `x-site-marks: a,b`. */
  marks?: readonly string[];
  /** Value of the csrf header; default '1'. */
  csrfToken?: () => string | undefined;
  timeoutMs?: number;
  /**
   * Epoch ms after which no call of this client may still be waiting (server: the page's deadline, 20 s from its
   * arrival). A call's time-out is cut to what is left; one made after it fails at once.
   */
  deadline?: number;
  dedupeWindowMs?: number;
  log?: (message: string, detail?: unknown) => void;
  now?: () => number;
  /** Replaces axios's transport (tests). */
  adapter?: AxiosInstance['defaults']['adapter'];
  /** Sends calls without axios (the server's lean node:http transport); default: axios. */
  transport?: Transport;
  /**
   * Where `{ shared: true }` calls are answered from: replies without user data, shared by the requests of one
   * `scope` (region, language, fake-API scenario) as their Cache-Control and Vary allow. Shared calls send only
   * `cookie` (never the user's cookies).
   */
  shared?: { cache: SharedReplyCache; scope: string; cookie: string };
  /** Told about every call's outcome and every documented default used (server metrics). */
  report?: (event: HttpCallEvent) => void;
}

export type HttpCallEvent = { kind: 'call'; path: string; outcome: 'ok' | 'error' | 'shared'; seconds: number } | { kind: 'default'; path: string };

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Path with its query string, relative to the base URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Largest reply body accepted, decoded (`CallOptions.maxReplyBytes`); default: the transport's. */
  maxReplyBytes?: number;
}

/** What a transport resolves with: the status, the body text and the reply's headers (lower-case names). */
export interface TransportReply {
  status: number;
  text: string;
  headers: ReplyHeaders;
}

/** Sends one call; rejects on network failure, time-out or a reply over its size limit. */
export type Transport = (request: TransportRequest) => Promise<TransportReply>;

export interface CallOptions {
  /** Answer identical calls within the window from the first (default: GET yes, POST no). */
  dedupe?: boolean;
  /** Leave out the data path prefix (static files). */
  raw?: boolean;
  timeoutMs?: number;
  /**
   * The reply carries no user data: it may come from the shared cache (server), when the back end's Cache-Control
   * and Vary allow and for at most 30 s.
   */
  shared?: boolean;
  /** Largest reply accepted (server, bytes after decoding), for an endpoint known to answer more than the default. */
  maxReplyBytes?: number;
}

export type Body = Record<string, string | number | boolean | undefined | null | string[]>;

/**
 * The HTTP client of spec 000 §7: form-encoded bodies, credentials, csrf header, time-outs,
 * duplicate suppression. On the server a failure throws RequestDataError; in the browser it resolves undefined.
 * Every failure is logged. Replies are parsed strictly: malformed JSON is a failure.
 */
/**
 * The calls a plugin makes (`env.http`). The server's is a `BackendClient`; the browser's is a stand-in that loads
 * one with the page's first call (`lazyHttpClient`).
 */
export interface HttpClient {
  get<T = unknown>(path: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T | undefined>;
  post<T = unknown>(path: string, body?: Body, options?: CallOptions): Promise<T | undefined>;
  /** Tells the reporter (server metrics) that a documented default replaced the reply of `path`. */
  reportDefault(path: string): void;
}

/** Calls to the exchange API: axios in the browser, the server's own transport there; dedupe, defaults, metrics. */
export class BackendClient implements HttpClient {
  private axiosInstance?: AxiosInstance;
  private axiosPending?: Promise<AxiosInstance>;
  /** The client's headers and `callHeaders()`, merged once (the transport's calls). */
  private transportHeaders?: Record<string, string>;
  private readonly inflight = new Map<string, { at: number; promise: Promise<unknown> }>();
  private readonly now: () => number;

  constructor(readonly config: HttpClientConfig) {
    this.now = config.now ?? Date.now;
  }

  /**
   * Made on first use, once axios is loaded; a client with its own transport (the server's) never loads it. Every
   * call awaits this once, loaded or not, so concurrent calls go out in the order they were made.
   */
  private axios(): AxiosInstance | Promise<AxiosInstance> {
    if (this.axiosInstance) return this.axiosInstance;
    const lib = axiosLoaded();
    if (lib) return (this.axiosInstance = this.createAxios(lib));
    return (this.axiosPending ??= loadAxios().then((lib) => (this.axiosInstance ??= this.createAxios(lib))));
  }

  private createAxios(axios: AxiosStatic): AxiosInstance {
    return axios.create({
      baseURL: this.config.baseURL,
      timeout: this.config.timeoutMs ?? (this.config.side === 'server' ? SERVER_TIMEOUT_MS : BROWSER_TIMEOUT_MS),
      withCredentials: true,
      headers: this.config.headers,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      adapter: this.config.adapter,
      // The back end takes its CSRF token as each call's `csrftoken` header, not axios's XSRF-TOKEN cookie. Left on,
      // axios reads that cookie for every same-origin call, and in Chromium waits for the cookie store's answer before
      // sending it.
      withXSRFToken: false,
    });
  }

  get<T = unknown>(path: string, params?: Record<string, unknown>, options: CallOptions = {}): Promise<T | undefined> {
    return this.call<T>('GET', path, params, undefined, { dedupe: true, ...options });
  }

  /** A call's time-out, cut to what is left before the client's deadline; throws once the deadline has passed. */
  private timeLeft(timeoutMs: number): number {
    if (this.config.deadline === undefined) return timeoutMs;
    const left = this.config.deadline - this.now();
    if (left <= 0) throw new Error('the page deadline has passed');
    return Math.min(timeoutMs, left);
  }

  post<T = unknown>(path: string, body?: Body, options: CallOptions = {}): Promise<T | undefined> {
    return this.call<T>('POST', path, undefined, body, { dedupe: false, ...options });
  }

  private call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> | undefined,
    body: Body | undefined,
    options: CallOptions,
  ): Promise<T | undefined> {
    const url = options.raw ? path : `${this.config.dataPathPrefix ?? ''}${path}`;
    const key = `${method} ${url} ${stableJson(params)} ${stableJson(body)}`;
    const window = this.config.dedupeWindowMs ?? DEDUPE_WINDOW_MS;
    if (options.dedupe) {
      const hit = this.inflight.get(key);
      if (hit && this.now() - hit.at < window) return hit.promise as Promise<T | undefined>;
    }
    const promise = this.sendShared<T>(key, method, url, params, body, options).catch((err: unknown) => {
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

  /** Tells the reporter (server metrics) that a documented default replaced the reply of `path`. */
  reportDefault(path: string): void {
    this.config.report?.({ kind: 'default', path });
  }

  private sendShared<T>(
    key: string,
    method: 'GET' | 'POST',
    url: string,
    params: Record<string, unknown> | undefined,
    body: Body | undefined,
    options: CallOptions,
  ): Promise<T> {
    const shared = options.shared && method === 'GET' ? this.config.shared : undefined;
    if (!shared) return this.timed(url, () => this.send<T>(method, url, params, body, options).then((r) => r.value));
    const started = performance.now();
    const extra = { cookie: shared.cookie };
    // The headers this call sends: the cache reads those a reply's Vary names.
    const sent = { ...this.config.headers, ...this.callHeaders(), ...extra };
    const loaded = shared.cache.get(`${shared.scope} ${key}`, sent, () => this.timed(url, () => this.send<T>(method, url, params, body, options, extra)));
    return loaded.then(({ hit, value }) => {
      if (hit) this.config.report?.({ kind: 'call', path: url, outcome: 'shared', seconds: (performance.now() - started) / 1000 });
      return value;
    });
  }

  private async timed<T>(path: string, run: () => Promise<T>, started = performance.now()): Promise<T> {
    const report = this.config.report;
    if (!report) return run();
    try {
      const v = await run();
      report({ kind: 'call', path, outcome: 'ok', seconds: (performance.now() - started) / 1000 });
      return v;
    } catch (err) {
      report({ kind: 'call', path, outcome: 'error', seconds: (performance.now() - started) / 1000 });
      throw err;
    }
  }

  private async send<T>(
    method: 'GET' | 'POST',
    url: string,
    params: Record<string, unknown> | undefined,
    body: Body | undefined,
    options: CallOptions,
    extraHeaders?: Record<string, string>,
  ): Promise<LoadedReply<T>> {
    const data = body ? formEncode(body) : undefined;
    const csrftoken = this.config.csrfToken?.() || '1';
    let status: number;
    let text: unknown;
    let headers: ReplyHeaders;
    if (this.config.transport) {
      const timeoutMs = this.timeLeft(options.timeoutMs ?? this.config.timeoutMs ?? (this.config.side === 'server' ? SERVER_TIMEOUT_MS : BROWSER_TIMEOUT_MS));
      const sent = { ...(this.transportHeaders ??= { ...this.config.headers, ...this.callHeaders() }), csrftoken, ...extraHeaders };
      const reply = await this.config.transport({
        method,
        url: withQuery(url, params),
        headers: sent,
        body: data,
        timeoutMs,
        maxReplyBytes: options.maxReplyBytes,
      });
      if (reply.status < 200 || reply.status >= 300) throw new Error(`status ${reply.status}`);
      ({ status, text, headers } = reply);
    } else {
      const axios = await this.axios();
      const res = await axios.request<string>({
        method,
        url: withQuery(url, params),
        data,
        timeout: options.timeoutMs,
        headers: { ...this.callHeaders(), csrftoken, ...extraHeaders },
      });
      ({ status, data: text } = res);
      headers = res.headers as ReplyHeaders;
    }
    if (typeof text !== 'string' || text.trim() === '') throw new Error(`empty reply (status ${status})`);
    try {
      return { value: JSON.parse(text) as T, status, headers };
    } catch {
      throw new Error(`malformed JSON reply (status ${status})`);
    }
  }

  /** The headers every call sends but the csrf token (which follows the cookie). */
  private callHeaders(): Record<string, string> {
    return {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      ...(this.config.marks?.length ? { [SITE_MARKS_HEADER]: this.config.marks.join(',') } : {}),
    };
  }

  private prune(window: number) {
    if (this.inflight.size < 200) return;
    const now = this.now();
    for (const [k, v] of this.inflight) if (now - v.at >= window) this.inflight.delete(k);
  }
}

function formEncode(body: Body): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => form.append(k, item));
    else form.append(k, String(v));
  }
  return form.toString();
}

/** `url` with `params` as its query (primitives as is, arrays as repeated `key[]`, objects as JSON). */
function withQuery(url: string, params: Record<string, unknown> | undefined): string {
  if (!params) return url;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => q.append(`${k}[]`, String(item)));
    else q.append(k, typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean).toString());
  }
  const query = q.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

function stableJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}
