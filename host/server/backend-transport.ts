import { errors, Pool } from 'undici';
import type { Transport } from '../../core/http/client';
import { DEFAULT_REPLY_LIMIT_BYTES, readBoundedText, ReplyTooLargeError } from './bounded-body';

/** Most connections kept open to the back end per process. */
const MAX_CONNECTIONS = 256;

export interface BackendTransportOptions {
  /** Largest reply body read, in decoded bytes, unless a call says otherwise (BACKEND_REPLY_LIMIT_BYTES; 1 MiB). */
  replyLimitBytes?: number;
  /** Told about each reply refused for its size (server metrics). */
  onTooLarge?: (url: string) => void;
}

/**
 * The server's transport to the back end: an undici connection pool per process (keep-alive, one request at a time
 * per connection, no redirects: an API answers, it does not redirect), the body read as text. The same for API_ORIGIN
 * and the embedded fake API. Cheaper per call than node:http's client (about a third less CPU per call measured on
 * this machine), and axios before it (its config merging and redirect wrapper showed in the CPU profile).
 *
 * Replies are bounded: a Content-Length over the limit is refused before reading, and a body is read only up to the
 * limit, counted after decoding (the transport asks for `identity`, but decodes gzip, deflate and br should a back
 * end send them anyway); past it the request is aborted and the call fails like any failure (its documented default).
 */
export function createBackendTransport(origin: string, options: BackendTransportOptions = {}): Transport {
  const base = new URL(origin);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, { connections: MAX_CONNECTIONS, pipelining: 1 });
  const defaultLimit = options.replyLimitBytes ?? DEFAULT_REPLY_LIMIT_BYTES;
  return async ({ method, url, headers, body, timeoutMs, maxReplyBytes }) => {
    // Host is the origin's (the pool sets it); the client's headers never carry a caller's.
    const sent: Record<string, string> = { 'accept-encoding': 'identity' };
    for (const name in headers) if (name.toLowerCase() !== 'host') sent[name] = headers[name];
    const limit = maxReplyBytes ?? defaultLimit;
    // The whole call, body included, ends by its time-out: a back end that trickles a byte at a time cannot hold it.
    // A timer cleared when the call ends, not AbortSignal.timeout's: that one lives out its time-out, so a busy server
    // would keep thousands of them, each promoted to the old generation (docs/performance.md).
    const controller = new AbortController();
    const signal = controller.signal;
    const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeoutMs);
    try {
      const res = await pool.request({ method, path: `${prefix}${url}`, headers: sent, body, signal, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      if (Number(res.headers['content-length']) > limit) {
        res.body.on('error', () => {});
        res.body.destroy();
        throw new ReplyTooLargeError(limit);
      }
      return { status: res.statusCode, text: await readBoundedText(res.body, res.headers['content-encoding'], limit), headers: res.headers };
    } catch (err) {
      if (err instanceof ReplyTooLargeError) options.onTooLarge?.(url);
      if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError || signal.aborted)
        throw new Error(`timeout of ${timeoutMs} ms exceeded`, { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  };
}
