import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Transport } from '../../core/http/client';

/** Most sockets kept open to the back end per process. */
const MAX_SOCKETS = 256;

/**
 * The server's transport to the back end: node:http(s) with one keep-alive pool per process, no redirects (an API
 * answers, it does not redirect), the body read as text. The same for API_ORIGIN and the embedded fake API.
 * Cheaper per call than axios on the server (its config merging and redirect wrapper showed in the CPU profile).
 */
export function createBackendTransport(origin: string): Transport {
  const base = new URL(origin);
  const secure = base.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const send = secure ? httpsRequest : httpRequest;
  const prefix = base.pathname.replace(/\/+$/, '');
  return ({ method, url, headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      // Headers as a flat list (with Host, which node:http adds only to an object): written as they are, without
      // node:http's per-header bookkeeping of an object. Names are the client's own, never a caller's.
      const flat: string[] = ['Host', base.host];
      for (const name in headers) if (name.toLowerCase() !== 'host') flat.push(name, headers[name]);
      if (body) flat.push('Content-Length', String(Buffer.byteLength(body)));
      const req = send(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path: `${prefix}${url}`,
          method,
          agent,
          headers: flat as unknown as Record<string, string>,
          timeout: timeoutMs,
        },
        (res: IncomingMessage) => {
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout of ${timeoutMs} ms exceeded`)));
      req.on('error', reject);
      req.end(body);
    });
}
