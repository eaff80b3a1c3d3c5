import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookie } from 'cookie';
import type { FakeResponse } from '../../core/testing/fake-api-kit';

/** Largest request body read (1 MB). */
const BODY_LIMIT = 1024 * 1024;
/** Longest delay honoured. */
export const MAX_DELAY_MS = 60_000;

/** A request that cannot be read: answered with `status` and `message`. */
export class BadRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function parseCookies(req: IncomingMessage): Record<string, string> {
  const header = req.headers.cookie;
  if (!header) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parseCookie(header))) if (v !== undefined) out[k] = v;
  return out;
}

/** Region key from X-Forwarded-Host or Host: the first label of `<key>.localhost` or `<key>.<domain>`. */
export function regionOfHost(host: string | undefined, keys: readonly string[]): string {
  const name = (host ?? '').split(',')[0].trim().toLowerCase().replace(/:\d+$/, '');
  const first = name.split('.')[0];
  return name.includes('.') && keys.includes(first) ? first : 'main';
}

/** Reads the body (at most BODY_LIMIT bytes) and parses JSON or form-encoded content. */
export async function readBody(req: IncomingMessage): Promise<{ text: string; json?: unknown; fields: Record<string, string | string[]> }> {
  // Most calls are GETs without a body: answer at once instead of iterating an empty stream.
  if (!req.headers['content-length'] && !req.headers['transfer-encoding']) return { text: '', fields: {} };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new BadRequest(413, `request body is larger than ${BODY_LIMIT} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (!text) return { text, fields: {} };
  if (type === 'application/x-www-form-urlencoded') return { text, fields: formFields(new URLSearchParams(text)) };
  const looksJson = type === 'application/json' || type.endsWith('+json') || (type === 'text/plain' && /^\s*[[{]/.test(text));
  if (!looksJson) return { text, fields: {} };
  try {
    const json: unknown = JSON.parse(text);
    return { text, json, fields: flatten(json) };
  } catch {
    if (type === 'text/plain') return { text, fields: {} };
    throw new BadRequest(400, 'request body is not valid JSON');
  }
}

function formFields(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

function flatten(json: unknown): Record<string, string | string[]> {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
  const str = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean).toString());
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(json)) out[k] = Array.isArray(v) ? v.map(str) : str(v);
  return out;
}

/** Waits `ms`; resolves false early when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether the client went away before the answer was written. */
function clientGone(res: ServerResponse): boolean {
  return !res.writableEnded && (res.destroyed || res.closed || res.socket?.destroyed === true);
}

/** An AbortSignal that fires when the client goes away before the answer is written. */
function disconnectSignal(res: ServerResponse): AbortSignal {
  const ctl = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) ctl.abort();
  });
  return ctl.signal;
}

/**
 * Writes a FakeResponse: JSON unless `raw`; `Cache-Control: private, no-store` (what a back end says of per-user
 * data) unless the answer sets its own (`publicAnswer` for answers without user data).
 */
export async function send(res: ServerResponse, answer: FakeResponse, opts: { head: boolean; headers?: Record<string, string> }): Promise<void> {
  const delay = Math.min(Math.max(Number(answer.delayMs) || 0, 0), MAX_DELAY_MS);
  // The signal only where there is something to wait for: most answers are written at once.
  if (delay > 0 && (clientGone(res) || !(await sleep(delay, disconnectSignal(res))))) return;
  if (clientGone(res) || res.writableEnded) return;
  const status = Number.isInteger(answer.status) && answer.status! >= 100 && answer.status! <= 599 ? answer.status! : 200;
  const payload = answer.raw !== undefined ? answer.raw : answer.body !== undefined ? JSON.stringify(answer.body) : '';
  const headers: Record<string, string | string[]> = {
    'Content-Type': answer.contentType ?? 'application/json; charset=utf-8',
    'Cache-Control': 'private, no-store',
    ...opts.headers,
  };
  for (const [k, v] of Object.entries(answer.headers ?? {})) {
    const same = Object.keys(headers).find((h) => h.toLowerCase() === k.toLowerCase());
    if (same) delete headers[same];
    headers[k] = v;
  }
  const noBody = status === 204 || status === 304 || opts.head;
  if (!noBody) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(status, headers);
  res.end(noBody ? undefined : payload);
}
