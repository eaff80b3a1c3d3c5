import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Who is asking, as far as the socket and the trusted proxies say. */
export interface ClientInfo {
  ip: string;
  proto: 'http' | 'https';
  /** From a trusted proxy's X-Request-Id, else generated. */
  requestId: string;
  /** When the request arrived (epoch ms): its page's deadline counts from here. */
  arrivedAt: number;
}

/**
 * The browser's request headers that travel on to the back end; every other is dropped (the shell's internal marker,
 * forwarded-for and site marks are the shell's to set, Authorization and Referer are not needed: the site
 * authenticates by cookie and csrf header, and Origin tells the back end where a call comes from).
 */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = [
  'accept',
  'accept-language',
  'content-type',
  'cookie',
  // The csrf header of the shell's HTTP client (core/http/client.ts), the `csrftoken` cookie's value.
  'csrftoken',
  'if-modified-since',
  'if-none-match',
  // Set by the browser (scripts cannot): for the back end's own cross-site checks.
  'origin',
  'user-agent',
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
  const arrivedAt = Date.now();
  if (trustedHops <= 0) return { ip: socketIp, proto: socketProto, requestId: randomUUID(), arrivedAt };
  const chain = [...list(h['x-forwarded-for']).map(stripPort), socketIp];
  const ip = chain[Math.max(0, chain.length - 1 - trustedHops)];
  // Each proxy appends the protocol it was reached by, like the address: counted from the right in the same way.
  const protos = [...list(h['x-forwarded-proto']).map((p) => p.toLowerCase()), socketProto];
  const proto = protos.length > 1 ? (protos[Math.max(0, protos.length - 1 - trustedHops)] === 'https' ? 'https' : 'http') : socketProto;
  const id = String(h['x-request-id'] ?? '');
  return { ip, proto, requestId: REQUEST_ID.test(id) ? id : randomUUID(), arrivedAt };
}

/** The allow-listed headers of the client's request (`FORWARDED_REQUEST_HEADERS`) but those it names in Connection. */
export function forwardableHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  // Headers the client names in Connection are hop-by-hop (RFC 9110 §7.6.1).
  const named = list(headers.connection).map((n) => n.toLowerCase());
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = headers[name];
    if (value === undefined || named.includes(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A Host header's syntax: a DNS name or IPv4 address, or a bracketed IPv6 address, and maybe a port. */
const HOST_SYNTAX = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,126}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** A 253-character name, ':' and a 5-digit port. */
const MAX_HOST_LENGTH = 259;

/** The headers the shell vouches for on a back-end call made for `client` (a malformed Host is sent as ''). */
export function backendHeaders(client: ClientInfo, host: string | undefined): Record<string, string> {
  const forwardedHost = host && host.length <= MAX_HOST_LENGTH && HOST_SYNTAX.test(host) ? host : '';
  return { 'x-forwarded-for': client.ip, 'x-forwarded-proto': client.proto, 'x-forwarded-host': forwardedHost, 'x-request-id': client.requestId };
}
