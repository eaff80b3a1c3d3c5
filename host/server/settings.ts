import { availableParallelism } from 'node:os';
import { DEFAULT_REPLY_LIMIT_BYTES } from './bounded-body';

/** How the server runs, from the environment (README "Deploying" lists every variable). */
export interface ServerSettings {
  port: number;
  /** Region plain `localhost` serves (SITE). */
  site?: string;
  /** A real back end (API_ORIGIN); when set, the fake API is never loaded. */
  apiOrigin?: string;
  /** Whether the embedded fake exchange API serves (FAKE_API, default 1; off whenever API_ORIGIN is set). */
  fakeApi: boolean;
  /** Worker processes (WORKERS): 1 with the fake API, else the available cores. */
  workers: number;
  /** X-Forwarded-* hops trusted (TRUST_PROXY, default 0: the socket is the client). */
  trustProxy: number;
  /** One JSON line per request on stdout (ACCESS_LOG, default 1). */
  accessLog: boolean;
  /** Reuse a visitor page rendered from the same data in the last 30 s (PAGE_REUSE, default 1). */
  pageReuse: boolean;
  /** Dev harness (SHELL_ONLY): only these plugins and what they require. */
  only?: string[];
  /** The folder of the region configs and flags.json, watched for changes (REGION_CONFIGS_DIR, default <project>/region-configs). */
  regionConfigsDir?: string;
  /** Where reload audit lines are appended, and read back at start (CONFIG_AUDIT_FILE); none by default. */
  auditFile?: string;
  /** Bearer token of the operator page `/__operator` (OPERATOR_TOKEN, at least 32 characters); the page answers 404 without it. */
  operatorToken?: string;
  /**
   * A request header through which the operator's proxy names a signed-in person (OPERATOR_IDENTITY_HEADER, e.g.
   * X-Forwarded-User): a request carrying it is signed in to the operator page as that person. Only with TRUST_PROXY
   * set, behind a proxy that sets the header itself and drops it from what clients send.
   */
  operatorIdentityHeader?: string;
  /** Connection limits and time-outs (README "Deploying", "Limits and time-outs"). */
  limits: ConnectionLimits;
}

/** How long a client may take and how much it may hold; each has an environment variable. */
export interface ConnectionLimits {
  /** A whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS, default 30 s). */
  requestTimeoutMs: number;
  /** The request headers must arrive within this (HEADERS_TIMEOUT_MS, default 10 s). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS, default 5 s). */
  keepAliveTimeoutMs: number;
  /** A response the client takes none of for this long is abandoned and its connection closed (SEND_TIMEOUT_MS, default 30 s). */
  sendTimeoutMs: number;
  /** Open connections per process; more are closed at once (MAX_CONNECTIONS, default 2048). */
  maxConnections: number;
  /** After SIGTERM: /readyz answers 503 and serving goes on this long before accepting stops (DRAIN_DELAY_MS, default 5 s). */
  drainDelayMs: number;
  /** Largest back-end reply a server-side call reads, decoded; a larger one fails the call (BACKEND_REPLY_LIMIT_BYTES, default 1 MiB). */
  backendReplyLimitBytes: number;
}

export class SettingsError extends Error {}

/** Shortest OPERATOR_TOKEN accepted: 32 characters (a random 24-byte value, base64). */
const OPERATOR_TOKEN_MIN_LENGTH = 32;
/** Longest OPERATOR_TOKEN accepted (a header value bound). */
const OPERATOR_TOKEN_MAX_LENGTH = 512;

function operatorToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < OPERATOR_TOKEN_MIN_LENGTH || value.length > OPERATOR_TOKEN_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(value))
    throw new SettingsError(
      `OPERATOR_TOKEN must be ${OPERATOR_TOKEN_MIN_LENGTH} to ${OPERATOR_TOKEN_MAX_LENGTH} visible ASCII characters without spaces (it is ${value.length} long), e.g. the output of: openssl rand -base64 33`,
    );
  return value;
}

function identityHeader(value: string | undefined, trustProxy: number): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const name = value.trim().toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(name)) throw new SettingsError(`OPERATOR_IDENTITY_HEADER='${value}' must be a header name (letters, digits, -)`);
  if (['authorization', 'cookie', 'host', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-request-id'].includes(name))
    throw new SettingsError(`OPERATOR_IDENTITY_HEADER='${value}' names a header with another meaning; use the one your proxy sets for the signed-in user`);
  if (trustProxy < 1)
    throw new SettingsError(
      'OPERATOR_IDENTITY_HEADER needs TRUST_PROXY of 1 or more: the header is believed only behind a proxy that sets it and drops it from clients',
    );
  return name;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

function count(name: string, value: string | undefined, fallback: number, min: number, max = 1024): number {
  if (value === undefined || value === '') return fallback;
  const n = /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new SettingsError(`${name}='${value}' must be a whole number from ${min} to ${max}`);
  return n;
}

/** Reads and checks the environment; throws a SettingsError that says what to change. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const apiOrigin = env.API_ORIGIN?.trim() || undefined;
  if (apiOrigin && !/^https?:\/\/[^/?#]+\/*$/.test(apiOrigin))
    throw new SettingsError(
      `API_ORIGIN='${apiOrigin}' must be an http(s) origin without a path, e.g. https://api.example.com (region configs set a data path prefix)`,
    );
  const fakeWanted = flag(env.FAKE_API, true);
  if (!fakeWanted && !apiOrigin)
    throw new SettingsError('FAKE_API=0 needs a real back end: set API_ORIGIN=<url> (or FAKE_API=1 for the embedded fake exchange API)');
  const fakeApi = fakeWanted && !apiOrigin;
  return {
    port: count('PORT', env.PORT, 3000, 0, 65535),
    site: env.SITE?.trim() || undefined,
    apiOrigin: apiOrigin?.replace(/\/+$/, ''),
    fakeApi,
    workers: count('WORKERS', env.WORKERS, fakeApi ? 1 : availableParallelism(), 1),
    trustProxy: count('TRUST_PROXY', env.TRUST_PROXY, 0, 0, 32),
    accessLog: flag(env.ACCESS_LOG, true),
    pageReuse: flag(env.PAGE_REUSE, true),
    limits: {
      requestTimeoutMs: count('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 1000, 600_000),
      headersTimeoutMs: count('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000, 1000, 600_000),
      keepAliveTimeoutMs: count('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5000, 1000, 600_000),
      sendTimeoutMs: count('SEND_TIMEOUT_MS', env.SEND_TIMEOUT_MS, 30_000, 1000, 600_000),
      maxConnections: count('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 2048, 16, 100_000),
      drainDelayMs: count('DRAIN_DELAY_MS', env.DRAIN_DELAY_MS, 5000, 0, 600_000),
      backendReplyLimitBytes: count('BACKEND_REPLY_LIMIT_BYTES', env.BACKEND_REPLY_LIMIT_BYTES, DEFAULT_REPLY_LIMIT_BYTES, 1024, 1024 ** 3),
    },
    regionConfigsDir: env.REGION_CONFIGS_DIR?.trim() || undefined,
    auditFile: env.CONFIG_AUDIT_FILE?.trim() || undefined,
    operatorToken: operatorToken(env.OPERATOR_TOKEN),
    operatorIdentityHeader: identityHeader(env.OPERATOR_IDENTITY_HEADER, count('TRUST_PROXY', env.TRUST_PROXY, 0, 0, 32)),
    only: env.SHELL_ONLY
      ? env.SHELL_ONLY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  };
}
