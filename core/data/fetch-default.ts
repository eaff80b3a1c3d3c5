import type { CallOptions, HttpClient } from '../http/client';
import { deepFreeze } from '../util/freeze';
import { isPlain } from './conform';

type Log = (message: string) => void;

/**
 * Shaped values of shared replies, by the (frozen, shared) reply they came from: every request within the 30 s
 * gets the same reply object, so it is shaped once, and the result is frozen like the reply.
 */
const shapedShared = new WeakMap<object, unknown>();
export function shapeOnce<T>(reply: unknown, shared: boolean | undefined, shape: () => T): T {
  if (!shared || !reply || typeof reply !== 'object' || !Object.isFrozen(reply)) return shape();
  if (!shapedShared.has(reply)) shapedShared.set(reply, deepFreeze(shape()));
  return shapedShared.get(reply) as T;
}

/**
 * GETs an API reply `{ code, data }` and shapes `data`; any failure (network, time-out, malformed JSON,
 * non-zero code, a throwing shape) gives the fallback and one log line. Never throws.
 */
export async function fetchWithDefault<T>(
  http: HttpClient,
  path: string,
  params: Record<string, unknown> | undefined,
  fallback: T,
  shape: (data: unknown) => T,
  log: Log,
  options?: CallOptions,
): Promise<T> {
  /** `why` is left out where the client already logged the failure. */
  const toDefault = (why?: string) => {
    if (why) log(`[data] ${path}: ${why}, using the default`);
    http.reportDefault(path);
    return fallback;
  };
  try {
    const reply = await http.get<unknown>(path, params, options);
    if (reply === undefined) return toDefault();
    if (!isPlain(reply)) return toDefault('reply is not an object');
    if (Number(reply.code) !== 0) return toDefault(`code ${String(reply.code)}`);
    return shapeOnce(reply, options?.shared, () => shape(reply.data));
  } catch (err) {
    return toDefault((err as Error)?.message ?? String(err));
  }
}
