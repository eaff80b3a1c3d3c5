import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { backendHeaders, forwardableHeaders, HOP_HEADERS, type ClientInfo } from './client-info';

/** Paths that belong to the exchange API: forwarded to API_ORIGIN (never `/__mock/`: that is the fake API's). */
export const API_PREFIXES = ['/api/', '/apiw/', '/apiweb/', '/json_svr/', '/js/tool/', '/cdn/', '/dfdid/', '/groupchat/', '/micro/'];

/** Largest request body forwarded (1 MB); beyond it the proxy answers 413 without calling the back end. */
const PROXY_BODY_LIMIT = 1024 * 1024;
const PROXY_TIMEOUT_MS = 20_000;

/** Reply headers not passed on: hop-by-hop, and the body encoding fetch() already undid. */
const DROPPED_REPLY_HEADERS = new Set([...HOP_HEADERS, 'content-encoding', 'set-cookie']);

class TooLarge extends Error {}

async function readLimited(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > PROXY_BODY_LIMIT) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PROXY_BODY_LIMIT) throw new TooLarge();
    chunks.push(chunk);
  }
  if (!size) return undefined;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** The fake API's control paths (`/__mock`, `/__mock/…`). */
export const isControlPath = (path: string) => path === '/__mock' || path.startsWith('/__mock/');

/**
 * Forwards a browser's API call to the back end (the real one, or the fake API's thread, which also takes the
 * `/__mock/` control calls: `control`). The client's internal and forwarded headers are dropped and the shell's own
 * are set (client IP and protocol as the trusted proxies say, the request id); every Set-Cookie of the reply reaches
 * the browser. The reply is streamed as it comes (an event stream stays open).
 */
export async function proxyToApi(origin: string, req: IncomingMessage, res: ServerResponse, client: ClientInfo, o: { control?: boolean } = {}): Promise<void> {
  // Dot segments ('/api/../admin', '/cdn/%2e%2e/x') are resolved by the URL: what is sent must still be an API path.
  const target = new URL(req.url ?? '/', origin);
  const allowed = API_PREFIXES.some((p) => target.pathname.startsWith(p)) || (!!o.control && isControlPath(target.pathname));
  if (target.origin !== new URL(origin).origin || !allowed) {
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: 404, message: 'not an API path' }));
    req.resume();
    return;
  }
  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = await readLimited(req);
  } catch (err) {
    if (!(err instanceof TooLarge)) throw err;
    res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    res.end(JSON.stringify({ code: 413, message: `request body is larger than ${PROXY_BODY_LIMIT} bytes` }));
    req.resume();
    return;
  }
  try {
    const reply = await fetch(target, {
      method: req.method,
      headers: { ...forwardableHeaders(req.headers), ...backendHeaders(client, req.headers.host) },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    });
    res.statusCode = reply.status;
    reply.headers.forEach((value, name) => {
      if (!DROPPED_REPLY_HEADERS.has(name)) res.setHeader(name, value);
    });
    const cookies = reply.headers.getSetCookie();
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    if (!reply.body || req.method === 'HEAD') return void res.end();
    const stream = Readable.fromWeb(reply.body as ReadableStream<Uint8Array>);
    // A browser gone mid-reply stops the back-end stream; a back end gone mid-reply cuts the browser's off.
    res.once('close', () => stream.destroy());
    await new Promise<void>((resolve) => {
      stream.once('error', () => res.destroy());
      stream.pipe(res).once('close', resolve);
    });
  } catch (err) {
    if (res.headersSent) return void res.destroy();
    const timedOut = (err as Error)?.name === 'TimeoutError';
    res.writeHead(timedOut ? 504 : 502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ code: timedOut ? 504 : 502, message: timedOut ? 'the back end did not answer in time' : 'bad gateway' }));
  }
}
