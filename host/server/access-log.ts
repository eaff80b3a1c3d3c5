import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestSeconds, requests } from './metrics';

/** What kind of answer a request got: the label of its metrics and log line. */
export type RequestKind = 'page' | 'static' | 'api' | 'ops';

interface AccessRecord {
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

/** Label children of the request metrics, kept (prom-client hashes a label object on every call otherwise). */
const children = new Map<string, { record: (seconds: number) => void }>();
function metricsOf(region: string, kind: RequestKind, status: number) {
  const key = `${region}\u0000${kind}\u0000${status}`;
  let child = children.get(key);
  if (!child) {
    const count = requests.labels(region, kind, String(status));
    const time = requestSeconds.labels(region, kind);
    child = { record: (seconds) => (count.inc(), time.observe(seconds)) };
    // Regions, kinds and statuses are few; the bound only guards against the unexpected.
    if (children.size < 1000) children.set(key, child);
  }
  return child;
}

/** Bytes a pipe writes in one piece (PIPE_BUF on Linux): no other writer's bytes land inside a write this size. */
export const ATOMIC_WRITE_BYTES = 4096;

/**
 * Lines written together once per turn of the event loop (one write for a page and its back-end calls, not one
 * each), in writes of at most ATOMIC_WRITE_BYTES cut between lines, so the lines of several writers sharing stdout
 * (worker processes, the fake API's thread) never mix; whatever is pending is written before the process exits.
 */
export function batchedLines(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    const lines = pending;
    pending = [];
    let chunk = '';
    let bytes = 0;
    for (const line of lines) {
      const size = Buffer.byteLength(line) + 1;
      if (bytes && bytes + size > ATOMIC_WRITE_BYTES) {
        write(chunk);
        chunk = '';
        bytes = 0;
      }
      chunk += `${line}\n`;
      bytes += size;
    }
    write(chunk);
  };
  process.once('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

/**
 * Counts the bytes a response sends and, when it ends (finished or cut off), records one access-log line and the
 * request metrics. `label()` is read at the end, so the handler can fill in the region and kind as it learns them.
 */
export function observe(
  req: IncomingMessage,
  res: ServerResponse,
  label: () => { id: string; region: string; kind: RequestKind },
  write: ((line: string) => void) | null,
): void {
  const started = performance.now();
  let bytes = 0;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the originals are called with .call(this) below
  const { write: rawWrite, end: rawEnd } = res;
  const count = (chunk: unknown, encoding?: unknown) => {
    if (chunk && typeof chunk !== 'function')
      bytes +=
        typeof chunk === 'string'
          ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : (chunk as Uint8Array).byteLength;
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
    metricsOf(region, kind, status).record(seconds);
    if (!write) return;
    const record: AccessRecord = {
      time: new Date().toISOString(),
      id,
      region,
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0].slice(0, 512),
      status,
      ms: Math.round(seconds * 10000) / 10,
      bytes,
      kind,
    };
    write(JSON.stringify(record));
  });
}
