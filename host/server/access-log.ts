import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestSeconds, requests } from './metrics';

/** What kind of answer a request got: the label of its metrics and log line. */
export type RequestKind = 'page' | 'static' | 'api' | 'ops';

export interface AccessRecord {
  time: string;
  id: string;
  region: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
  kind: RequestKind;
}

/**
 * Counts the bytes a response sends and, when it ends (finished or cut off), records one access-log line and the
 * request metrics. `label()` is read at the end, so the handler can fill in the region and kind as it learns them.
 */
export function observe(req: IncomingMessage, res: ServerResponse, label: () => { id: string; region: string; kind: RequestKind }, write: ((line: string) => void) | null): void {
  const started = performance.now();
  let bytes = 0;
  const { write: rawWrite, end: rawEnd } = res;
  const count = (chunk: unknown, encoding?: unknown) => {
    if (chunk && typeof chunk !== 'function') bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : (chunk as Uint8Array).byteLength;
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    count(chunk, rest[0]);
    return (rawWrite as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    count(chunk, rest[0]);
    return (rawEnd as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  res.once('close', () => {
    const { id, region, kind } = label();
    const seconds = (performance.now() - started) / 1000;
    // 499 (nginx's code): the client left before the response was complete.
    const status = res.writableEnded ? res.statusCode : 499;
    requests.inc({ region, kind, status: String(status) });
    requestSeconds.observe({ region, kind }, seconds);
    if (!write) return;
    const record: AccessRecord = { time: new Date().toISOString(), id, region, method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0].slice(0, 512), status, ms: Math.round(seconds * 10000) / 10, bytes, kind };
    write(JSON.stringify(record));
  });
}
