import type { IncomingMessage, ServerResponse } from 'node:http';
import { barAt } from '../feed/generate';
import { barStart, parseResolution } from '../feed/resolution';
import { processOf } from './market';

/** At most this many live chart streams at once; more are refused with 503. */
const MAX_STREAMS = 64;
/** A stream ends after this long (EventSource reconnects by itself). */
const STREAM_LIFETIME_MS = 10 * 60 * 1000;
const TICK_MS = 1000;

let open = 0;
/** Open streams right now (tests). */
export const openStreams = () => open;

/**
 * GET /api/web/v1/chart/stream?symbol=&resolution= as server-sent events: every second an `event: bar`
 * with the current bar. Closed and counted down when the client goes away.
 */
export function chartStream(req: IncomingMessage, res: ServerResponse, tickMs = TICK_MS): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const p = processOf(url.searchParams.get('symbol') ?? '');
  const r = parseResolution(url.searchParams.get('resolution') ?? '');
  if (!p || !r) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('unknown symbol or resolution');
    return;
  }
  if (open >= MAX_STREAMS) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '10' }).end('too many chart streams');
    return;
  }
  open++;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  const send = () => {
    const now = Date.now() / 1000;
    res.write(`event: bar\ndata: ${JSON.stringify(barAt(p, r, barStart(now, r), now))}\n\n`);
  };
  send();
  const timer = setInterval(send, tickMs);
  const lifetime = setTimeout(() => res.end(), STREAM_LIFETIME_MS);
  timer.unref?.();
  lifetime.unref?.();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    open--;
    clearInterval(timer);
    clearTimeout(lifetime);
    if (!res.writableEnded) res.end();
  };
  req.on('close', close);
  res.on('close', close);
  res.on('error', close);
}
