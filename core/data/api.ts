import type { HttpClient } from '../http/client';
import { isPlain } from './conform';

/**
 * GETs an API reply `{ code, data }` and gives its `data` when the code is 0, else undefined: network error,
 * time-out, malformed JSON or a non-zero code. Never throws (the server client's RequestDataError included),
 * so a plugin falls back to its documented default with one line.
 */
export async function getApiData(http: HttpClient, path: string, params?: Record<string, unknown>): Promise<unknown> {
  try {
    const reply = await http.get<unknown>(path, params);
    return isPlain(reply) && Number(reply.code) === 0 ? reply.data : undefined;
  } catch {
    return undefined;
  }
}
