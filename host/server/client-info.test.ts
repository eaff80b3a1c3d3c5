import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backendHeaders, clientInfo, FORWARDED_REQUEST_HEADERS, forwardableHeaders, HOP_HEADERS } from './client-info';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function request(
  headers: IncomingHttpHeaders,
  socket: { remoteAddress?: string; encrypted?: boolean } = { remoteAddress: '::ffff:10.0.0.5' },
): IncomingMessage {
  return { headers, socket } as unknown as IncomingMessage;
}

describe('clientInfo: the trusted proxy boundary', () => {
  const forwarded = { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', 'x-forwarded-proto': 'https', 'x-request-id': 'lb-1234' };

  it('with 0 trusted hops the socket is the client, whatever the headers say', () => {
    const info = clientInfo(request(forwarded), 0);
    expect(info.ip).toBe('10.0.0.5');
    expect(info.proto).toBe('http');
    expect(info.requestId).toMatch(UUID);
    expect(clientInfo(request({}, { remoteAddress: '::1' }), 0).ip).toBe('::1');
    expect(clientInfo(request({}, { remoteAddress: '127.0.0.1', encrypted: true }), 0).proto).toBe('https');
  });

  it('counts trusted hops from the right: the nearest proxy first', () => {
    const req = request({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3' });
    expect(clientInfo(req, 1).ip).toBe('3.3.3.3');
    expect(clientInfo(req, 2).ip).toBe('2.2.2.2');
    expect(clientInfo(req, 3).ip).toBe('1.1.1.1');
    // More hops trusted than entries: the leftmost entry, never beyond it.
    expect(clientInfo(req, 10).ip).toBe('1.1.1.1');
    // A trusted proxy that sent nothing: the socket.
    expect(clientInfo(request({}), 1).ip).toBe('10.0.0.5');
  });

  it('reads repeated X-Forwarded-For headers as one list and strips ports', () => {
    expect(clientInfo(request({ 'x-forwarded-for': ['1.1.1.1', '2.2.2.2:4567'] }), 1).ip).toBe('2.2.2.2');
    expect(clientInfo(request({ 'x-forwarded-for': '[2001:db8::1]:443' }), 1).ip).toBe('2001:db8::1');
    expect(clientInfo(request({ 'x-forwarded-for': '2001:db8::2' }), 1).ip).toBe('2001:db8::2');
    expect(clientInfo(request({ 'x-forwarded-for': ' 4.4.4.4 , ,' }), 1).ip).toBe('4.4.4.4');
  });

  it('takes the protocol from a trusted X-Forwarded-Proto only', () => {
    expect(clientInfo(request({ 'x-forwarded-proto': 'https' }), 1).proto).toBe('https');
    expect(clientInfo(request({ 'x-forwarded-proto': 'HTTPS' }), 1).proto).toBe('https');
    expect(clientInfo(request({ 'x-forwarded-proto': 'http, https' }), 1).proto).toBe('https');
    expect(clientInfo(request({ 'x-forwarded-proto': 'https, http' }), 1).proto).toBe('http');
    expect(clientInfo(request({ 'x-forwarded-proto': 'gopher' }), 1).proto).toBe('http');
    expect(clientInfo(request({}, { remoteAddress: '127.0.0.1', encrypted: true }), 1).proto).toBe('https');
    expect(clientInfo(request({ 'x-forwarded-proto': 'https' }), 0).proto).toBe('http');
  });

  it('counts X-Forwarded-Proto hops like X-Forwarded-For', () => {
    // client -https-> edge -http-> ingress -> shell: the edge's entry is the client's protocol
    expect(clientInfo(request({ 'x-forwarded-proto': 'https, http' }), 2).proto).toBe('https');
    expect(clientInfo(request({ 'x-forwarded-proto': 'https, http' }), 1).proto).toBe('http');
    expect(clientInfo(request({ 'x-forwarded-proto': 'https' }), 5).proto).toBe('https');
  });

  it('also drops the headers a client names in Connection', () => {
    const out = forwardableHeaders({ connection: 'close, Cookie', cookie: 'uid=1', accept: 'application/json' });
    expect(out).toEqual({ accept: 'application/json' });
  });

  it('uses a trusted, well-formed X-Request-Id; otherwise generates one', () => {
    expect(clientInfo(request({ 'x-request-id': 'lb-1234' }), 1).requestId).toBe('lb-1234');
    const ok = 'Root=1-67891233-abcdef0123:Parent=x@lb/7+w.z_';
    expect(clientInfo(request({ 'x-request-id': ok }), 1).requestId).toBe(ok);
    expect(clientInfo(request({ 'x-request-id': 'a'.repeat(128) }), 1).requestId).toBe('a'.repeat(128));
    for (const bad of ['', 'a'.repeat(129), 'has space', 'line\nbreak', '<script>', 'semi;colon', 'a, b']) {
      const id = clientInfo(request({ 'x-request-id': bad }), 1).requestId;
      expect(id, JSON.stringify(bad)).toMatch(UUID);
    }
    expect(clientInfo(request({ 'x-request-id': 'lb-1234' }), 0).requestId).toMatch(UUID);
    // Every request without one gets its own.
    expect(clientInfo(request({}), 0).requestId).not.toBe(clientInfo(request({}), 0).requestId);
  });
});

describe('forwardableHeaders', () => {
  it('keeps the allow-listed headers only', () => {
    const headers: IncomingHttpHeaders = {
      cookie: 'uid=1; nickname=a',
      'user-agent': 'test-agent',
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-language': 'en',
      csrftoken: 't0k',
      'if-none-match': '"a", "b"',
      'if-modified-since': 'Wed, 21 Oct 2026 07:28:00 GMT',
      origin: 'https://www.gate.com',
      authorization: 'Bearer t',
      referer: 'https://www.gate.com/?token=secret',
      'accept-encoding': 'br, zstd',
      'x-site-marks': 'forged',
      'x-original-url': '/__ctl/rec',
      'x-custom': 'a',
    };
    for (const h of ['x-internal-request', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'forwarded', 'x-request-id', ...HOP_HEADERS])
      headers[h] = 'from-the-client';
    expect(forwardableHeaders(headers)).toEqual({
      cookie: 'uid=1; nickname=a',
      'user-agent': 'test-agent',
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-language': 'en',
      csrftoken: 't0k',
      'if-none-match': '"a", "b"',
      'if-modified-since': 'Wed, 21 Oct 2026 07:28:00 GMT',
      origin: 'https://www.gate.com',
    });
  });

  it('passes no header outside the allow-list, and every allow-listed one as sent, whatever the client sends', () => {
    const name = fc.oneof(
      fc.constantFrom(...FORWARDED_REQUEST_HEADERS, ...HOP_HEADERS, 'x-site-marks', 'authorization'),
      fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,20}$/),
    );
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(name, value), (headers) => {
        const out = forwardableHeaders(headers);
        const named = String(headers.connection ?? '').toLowerCase();
        for (const key of Object.keys(out)) expect(FORWARDED_REQUEST_HEADERS).toContain(key);
        for (const key of FORWARDED_REQUEST_HEADERS) {
          const sent = headers[key];
          if (sent === undefined || named.split(',').some((n) => n.trim() === key)) expect(out[key]).toBeUndefined();
          else expect(out[key]).toBe(Array.isArray(sent) ? sent.join(', ') : sent);
        }
      }),
    );
  });
});

describe('backendHeaders', () => {
  it('vouches for the client as the boundary saw it', () => {
    expect(backendHeaders({ ip: '3.3.3.3', proto: 'https', requestId: 'r-1', arrivedAt: 0 }, 'www.gate.com')).toEqual({
      'x-forwarded-for': '3.3.3.3',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'www.gate.com',
      'x-request-id': 'r-1',
    });
    expect(backendHeaders({ ip: '3.3.3.3', proto: 'http', requestId: 'r-2', arrivedAt: 0 }, undefined)['x-forwarded-host']).toBe('');
  });

  it('sends a well-formed Host as the forwarded host, anything else as empty', () => {
    const forwardedHost = (host: string) => backendHeaders({ ip: '1.1.1.1', proto: 'http', requestId: 'r', arrivedAt: 0 }, host)['x-forwarded-host'];
    for (const ok of ['localhost:3000', 'uk.localhost', 'www.gate.com', '127.0.0.1:8080', '[::1]:3000', 'WWW.Gate.COM']) expect(forwardedHost(ok), ok).toBe(ok);
    for (const bad of ['evil.com/path', 'a b', 'gate.com, evil.com', 'x@evil.com', 'gate.com:port', `${'a.'.repeat(130)}com`, '"quoted"'])
      expect(forwardedHost(bad), bad).toBe('');
  });
});
