import { availableParallelism } from 'node:os';

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
}

export class SettingsError extends Error {}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

function count(name: string, value: string | undefined, fallback: number, min: number, max = 1024): number {
  if (value === undefined || value === '') return fallback;
  const n = /^\d{1,6}$/.test(value.trim()) ? Number(value) : NaN;
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
    only: env.SHELL_ONLY
      ? env.SHELL_ONLY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  };
}
