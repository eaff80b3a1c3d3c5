import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request as the fake exchange API sees it. */
export interface FakeRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  cookies: Record<string, string>;
  /** Form-encoded or JSON body, flattened to strings (arrays for repeated keys). */
  body: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  /** The scenario picked by the `mock_scenario` cookie (or 'default'). */
  scenario: string;
  /** Values of `:name` segments of the matched route ('/cdn/locales/:lng/:ns.json'). */
  params?: Record<string, string>;
  /** The parsed JSON body, unflattened (undefined for other content types). */
  json?: unknown;
  /** Region key taken from the Host / X-Forwarded-Host header ('tr.localhost' → 'tr'; otherwise 'main'). */
  region?: string;
}

/** What a handler or a scenario answers for one path. */
export interface FakeResponse {
  status?: number;
  /** Milliseconds to wait before answering (capped at 60 s, cut short when the client disconnects). */
  delayMs?: number;
  /** JSON body. */
  body?: unknown;
  /** A body sent as is (malformed replies, scripts, HTML). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string | string[]>;
}

/** Headers of a page the shell frames itself (chat room, micro-app entries): only this site may frame it. */
export const FRAMED_PAGE_HEADERS: Readonly<Record<string, string>> = { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' };

/**
 * Answers one request. In a scenario, `next()` gives the answer the base scenario (or the endpoint) would give,
 * so a persona can patch it; routes get a `next` that answers 404.
 */
export type FakeHandler = (req: FakeRequest, next?: () => Promise<FakeResponse>) => FakeResponse | Promise<FakeResponse>;

/** A named set of answers; unlisted paths keep the base scenario's answers. */
export interface ScenarioDef {
  name: string;
  description: string;
  extends?: string;
  responses: Record<string, FakeResponse | FakeHandler>;
}

/** What a plugin folder's `fake-api.ts` exports by default: its endpoints and personas. */
export interface FakeApiModule {
  /** Shown in start-up errors (duplicate routes, unknown `extends`); the plugin id is a good name. */
  name?: string;
  /** Keys are paths ('/api/web/v1/x', ':name' segments allowed), answering any method, or 'METHOD /path'. */
  routes?: Record<string, FakeHandler>;
  scenarios?: ScenarioDef[];
  /** Low-level handlers for streams (server-sent events, ...): keys are path prefixes. */
  streams?: Record<string, (req: IncomingMessage, res: ServerResponse) => void>;
}

export function defineFakeApi(mod: FakeApiModule): FakeApiModule {
  return mod;
}

/** The usual `{ code: 0, message: 'success', data }` envelope. */
export function ok(data: unknown): FakeResponse {
  return { body: { code: 0, message: 'success', data } };
}

/**
 * An answer without user data, as a back end marks one any visitor may be given (RFC 9111): a shared cache (the
 * shell's server render) keeps it `maxAgeSeconds`, per value of each request header `vary` names. The default
 * `vary` is what the fake API's answers depend on besides the URL: the region (X-Forwarded-Host) and the scenario
 * cookie. Every other answer is `private, no-store`.
 */
export function publicAnswer(answer: FakeResponse, maxAgeSeconds: number, vary = 'X-Forwarded-Host, Cookie'): FakeResponse {
  return { ...answer, headers: { ...answer.headers, 'Cache-Control': `public, max-age=${maxAgeSeconds}`, Vary: vary } };
}

/** A non-zero code envelope. */
export function fail(code: number, message: string): FakeResponse {
  return { body: { code, message, data: null } };
}

/** The exchange's answer to a call that needs a logged-in user. */
export const NOT_LOGIN_CODE = 10001;

/** `{ code: 10001, message: 'not login' }`. */
export function notLogin(): FakeResponse {
  return fail(NOT_LOGIN_CODE, 'not login');
}

/** The request's user when logged in (both `uid` and `nickname` cookies present), else null. */
export function userOf(req: Pick<FakeRequest, 'cookies'>): { uid: string; nickname: string } | null {
  const { uid, nickname } = req.cookies;
  return uid && nickname ? { uid, nickname } : null;
}

/** A FakeRequest for calling a handler directly in a unit test. */
export function fakeRequest(partial: Partial<FakeRequest> & { path: string }): FakeRequest {
  return { method: 'GET', query: new URLSearchParams(), cookies: {}, body: {}, headers: {}, scenario: 'default', params: {}, region: 'main', ...partial };
}
