import { loadAxios } from './axios-loader';
import type { Body, BackendClient, CallOptions, HttpClient, HttpClientConfig } from './client';

/**
 * The browser's `env.http`: a stand-in that loads the client, and axios beside it, with the page's first call, so
 * neither is in the JavaScript a page needs before hydrating (no page calls the back end before it hydrates). Calls
 * keep their order. A client that fails to load answers nothing, as a failed browser call does (spec 000 §8), says
 * why in the log, and is asked for again by the next call.
 */
export function lazyHttpClient(config: HttpClientConfig): HttpClient {
  let client: Promise<BackendClient | null> | undefined;
  const load = () =>
    (client ??= Promise.all([import('./client'), loadAxios()]).then(
      ([m]) => new m.BackendClient(config),
      (err: unknown) => {
        config.log?.(`[http] the client failed to load: ${(err as Error)?.message ?? err}`);
        client = undefined;
        return null;
      },
    ));
  return {
    get<T>(path: string, params?: Record<string, unknown>, options?: CallOptions) {
      return load().then((c) => c?.get<T>(path, params, options));
    },
    post<T>(path: string, body?: Body, options?: CallOptions) {
      return load().then((c) => c?.post<T>(path, body, options));
    },
    reportDefault(path: string) {
      config.report?.({ kind: 'default', path }); // what the client would do, without loading it
    },
  };
}
