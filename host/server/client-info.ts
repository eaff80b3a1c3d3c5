import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Who is asking, as far as the socket and the trusted proxies say. */
export interface ClientInfo {
  ip: string;
  proto: 'http' | 'https';
  /** From a trusted proxy's X-Request-Id, else generated. */
  requestId: string;
}

/**
 * Headers a client must never set for the back end: the shell's own internal marker and everything a proxy
 * vouches for. They are stripped before the API proxy and the server-render client add their own.
 */
export const INTERNAL_HEADERS = [
  'x-internal-request',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-request-id',
  'forwarded',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those a proxy recomputes. */
export const HOP_HEADERS = [
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
];

const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

function list(value: string | string[] | undefined): string[] {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function stripPort(address: string): string {
  const a = address.replace(/^"|"$/g, '');
  if (a.startsWith('[')) return a.slice(1, a.indexOf(']'));
  return /^\d+\.\d+\.\d+\.\d+:\d+$/.test(a) ? a.slice(0, a.lastIndexOf(':')) : a;
}

/**
 * The client's IP and protocol from the socket and at most `trustedHops` X-Forwarded-* entries (counted from
 * the right: the nearest proxy's entry first). With 0 hops the socket is the client, whatever the headers say.
 */
export function clientInfo(req: IncomingMessage, trustedHops: number): ClientInfo {
  const socketIp = stripPort(req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const socketProto = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const h = req.headers;
  if (trustedHops <= 0) return { ip: socketIp, proto: socketProto, requestId: randomUUID() };
  const chain = [...list(h['x-forwarded-for']).map(stripPort), socketIp];
  const ip = chain[Math.max(0, chain.length - 1 - trustedHops)];
  // Each proxy appends the protocol it was reached by, like the address: counted from the right in the same way.
  const protos = [...list(h['x-forwarded-proto']).map((p) => p.toLowerCase()), socketProto];
  const proto = protos.length > 1 ? (protos[Math.max(0, protos.length - 1 - trustedHops)] === 'https' ? 'https' : 'http') : socketProto;
  const id = String(h['x-request-id'] ?? '');
  return { ip, proto, requestId: REQUEST_ID.test(id) ? id : randomUUID() };
}

/** The client's headers without hop-by-hop and internal ones: what may travel on to the back end. */
export function forwardableHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  // Headers the client names in Connection are hop-by-hop too (RFC 9110 §7.6.1).
  const named = list(headers.connection).map((n) => n.toLowerCase());
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_HEADERS.includes(k) || INTERNAL_HEADERS.includes(k) || named.includes(k)) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** The headers the shell vouches for on a back-end call made for `client`. */
export function backendHeaders(client: ClientInfo, host: string | undefined): Record<string, string> {
  return { 'x-forwarded-for': client.ip, 'x-forwarded-proto': client.proto, 'x-forwarded-host': host ?? '', 'x-request-id': client.requestId };
}
