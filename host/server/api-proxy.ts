import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { backendHeaders, forwardableHeaders, type ClientInfo } from './client-info';
import { ALLOWED_METHODS, checkRequest, isApiPath, isControlPath, isFramedEntry, type Refusal } from './proxy-rules';
import { framedQueryProblem, type FramedEntries } from './framed-entries';
import { hostName } from './regions';
import { relayedHeaders, type ReplySite } from './reply-headers';

/** Largest request body forwarded (1 MB); beyond it the proxy answers 413 without calling the back end. */
const PROXY_BODY_LIMIT = 1024 * 1024;
const PROXY_TIMEOUT_MS = 20_000;
/** How long a refused CONNECT's socket may stay open after its answer. */
const CONNECT_LINGER_MS = 1000;

/** The policy of every reply the proxy relays or gives itself: nothing in it runs, nobody frames it. */
const RELAYED_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
/** Added to a framed entry page's own policy (`isFramedEntry`): this site alone may frame it. */
const FRAMED_POLICY = "frame-ancestors 'self'";
const NO_ENTRIES: FramedEntries = new Map();

/** Set on every reply but a framed entry page's (`relayHeaders`), in place of any the back end sent. */
const SAFE_REPLY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': RELAYED_POLICY, 'X-Frame-Options': 'DENY' };

/** The proxy's own JSON answer (refusals, 502, 504): `{code, message}`, never cached, never run. */
export function sendProxyError(
  req: IncomingMessage,
  res: ServerResponse,
  { status, message, headers }: Refusal | { status: 413 | 502 | 503 | 504; message: string; headers?: Record<string, string> },
) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...SAFE_REPLY_HEADERS, ...headers });
  res.end(JSON.stringify({ code: status, message }));
  // The unread body (if any) is discarded, so the connection stays usable.
  req.resume();
}

/** CONNECT reaches Node's 'connect' event, not the request handler: answered 405 like any method not served, then closed. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const body = JSON.stringify({ code: 405, message: 'method CONNECT is not allowed' });
  const head = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Allow: ALLOWED_METHODS, ...SAFE_REPLY_HEADERS };
  const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${lines.join('')}Connection: close\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), CONNECT_LINGER_MS).unref();
}

class TooLarge extends Error {}
class OverBudget extends Error {}

/**
 * Request bodies the proxy holds at once in this process, in bytes (32 MB): a body that would go past it is refused
 * with 503, so many slow or large uploads together cannot exhaust memory (each one also has REQUEST_TIMEOUT_MS).
 */
const BODY_BUDGET_BYTES = 32 * 1024 * 1024;
let bodyBytesHeld = 0;

/** The request body (at most PROXY_BODY_LIMIT), counted against the process's BODY_BUDGET_BYTES while it is read and sent. */
async function readLimited(req: IncomingMessage): Promise<{ bytes: Uint8Array<ArrayBuffer> | undefined; release: () => void }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > PROXY_BODY_LIMIT) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  const release = () => {
    bodyBytesHeld -= size;
    size = 0;
  };
  try {
    // Stopping early must not destroy the request: that would close the socket before the refusal is written.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      if (size + chunk.length > PROXY_BODY_LIMIT) throw new TooLarge();
      if (bodyBytesHeld + chunk.length > BODY_BUDGET_BYTES) throw new OverBudget();
      size += chunk.length;
      bodyBytesHeld += chunk.length;
      chunks.push(chunk);
    }
  } catch (err) {
    release();
    throw err;
  }
  if (!size) return { bytes: undefined, release };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, release };
}

/** What the back end receives: the browser's allow-listed headers, then the shell's own (forwarded-for, site marks). */
function forwardedHeaders(req: IncomingMessage, client: ClientInfo, marks: readonly string[] | undefined): Record<string, string> {
  return {
    ...forwardableHeaders(req.headers),
    ...backendHeaders(client, req.headers.host),
    // As the shell's HTTP client sends them (core/http/client.ts), from the region of the request's host.
    ...(marks?.length ? { 'x-site-marks': marks.join(',') } : {}),
  };
}

/**
 * Sets the back end's status and the headers it may relay (`relayedHeaders`), with the proxy's security headers in
 * place of any it sent. Returns false, having set nothing, when a header would send the browser off the site.
 */
function relayHeaders(req: IncomingMessage, res: ServerResponse, reply: Response, framed: boolean, site: ReplySite): boolean {
  const relayed = relayedHeaders(reply.headers, site);
  if ('offSite' in relayed) return false;
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries(relayed.headers)) res.setHeader(name, value);
  if (framed) {
    // Both policies apply: the page's own (as sent) and the framing rule.
    const own = reply.headers.get('content-security-policy');
    res.setHeader('Content-Security-Policy', own && own !== FRAMED_POLICY ? [FRAMED_POLICY, own] : FRAMED_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  } else {
    for (const [name, value] of Object.entries(SAFE_REPLY_HEADERS)) res.setHeader(name, value);
  }
  return true;
}

/**
 * The site a relayed reply must stay on: the request's own origin (a Host the URL parser refuses leaves only paths
 * same-site), and the region's domain for cookies.
 */
function replySite(req: IncomingMessage, client: ClientInfo, siteDomain: string | undefined): ReplySite {
  return { origin: `${client.proto}://${req.headers.host ?? ''}`, host: hostName(req.headers.host), siteDomain };
}

/** Streams the reply's body as it comes (an event stream stays open). */
async function relayBody(req: IncomingMessage, res: ServerResponse, reply: Response): Promise<void> {
  if (!reply.body || req.method === 'HEAD') return void res.end();
  const stream = Readable.fromWeb(reply.body as ReadableStream<Uint8Array>);
  // A browser gone mid-reply stops the back-end stream; a back end gone mid-reply cuts the browser's off.
  res.once('close', () => stream.destroy());
  await new Promise<void>((resolve) => {
    stream.once('error', () => res.destroy());
    stream.pipe(res).once('close', resolve);
  });
}

/**
 * Forwards a browser's API call to the back end (the real one, or the fake API's thread, which also takes the
 * `/__mock/` control calls: `control`). Refused first (`checkRequest`): methods not served, unsafe paths, GET/HEAD
 * with a body, cross-site control calls. Only allow-listed request headers travel; the shell adds its own. The reply
 * is streamed with `nosniff` and a policy that runs nothing; its headers pass an allow-list (`relayedHeaders`).
 */
export async function proxyToApi(
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  client: ClientInfo,
  o: { control?: boolean; marks?: readonly string[]; siteDomain?: string; framed?: FramedEntries } = {},
): Promise<void> {
  const url = req.url ?? '/';
  const path = url.split('?')[0];
  const refusal = checkRequest(req.method, path, req.headers, o);
  if (refusal) return sendProxyError(req, res, refusal);
  const entry = o.framed?.get(path);
  const queryProblem = entry && framedQueryProblem(entry, url.slice(path.length + 1));
  if (queryProblem) return sendProxyError(req, res, { status: 400, message: queryProblem });
  const target = new URL(url, origin);
  const allowed = isApiPath(target.pathname) || (!!o.control && isControlPath(target.pathname));
  if (target.origin !== new URL(origin).origin || !allowed) return sendProxyError(req, res, { status: 404, message: 'not an API path' });
  let body: Awaited<ReturnType<typeof readLimited>>;
  try {
    body = await readLimited(req);
  } catch (err) {
    if (!(err instanceof TooLarge || err instanceof OverBudget)) throw err;
    // The rest of the body is read and dropped (nothing held) until it ends or REQUEST_TIMEOUT_MS cuts it: closing the
    // connection with the body still arriving would reset it, and the client would lose the answer.
    req.resume();
    return sendProxyError(
      req,
      res,
      err instanceof TooLarge
        ? { status: 413, message: `request body is larger than ${PROXY_BODY_LIMIT} bytes` }
        : { status: 503, message: 'too many request bodies in progress, retry shortly', headers: { 'Retry-After': '1' } },
    );
  }
  try {
    const headers = forwardedHeaders(req, client, o.marks);
    const reply = await fetch(target, {
      method: req.method,
      headers,
      body: body.bytes,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
    }).finally(body.release);
    const framed = isFramedEntry(o.framed ?? NO_ENTRIES, req.method, path, reply.status);
    if (!relayHeaders(req, res, reply, framed, replySite(req, client, o.siteDomain))) {
      await reply.body?.cancel().catch(() => {});
      return sendProxyError(req, res, { status: 502, message: 'the back end sent the browser off the site' });
    }
    await relayBody(req, res, reply);
  } catch (err) {
    if (res.headersSent) return void res.destroy();
    const timedOut = (err as Error)?.name === 'TimeoutError';
    sendProxyError(req, res, timedOut ? { status: 504, message: 'the back end did not answer in time' } : { status: 502, message: 'bad gateway' });
  }
}
