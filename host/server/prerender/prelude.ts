import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * The user-independent document of a page: its HTML up to and around the holes (without the closing
 * `</body></html>`, which the resume writes) and React's postponed state, which each request's resume continues.
 */
export interface Prelude {
  html: Buffer;
  /** React's postponed state: cloned for each resume (React changes the one it is given). */
  postponed: object;
}

/** React's shell-time script: its reveal throttling would hold the holes back up to 300 ms, and it has no nonce. */
const SHELL_TIME_SCRIPT = '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>';
const POSTAMBLE = '</body></html>';
const DATA_BLOCK = '<script type="application/json"';

/**
 * Prerenders `tree` (whose per-user parts wait forever) and aborts once everything else has rendered: React then
 * leaves a hole at each waiting part. Null when the result cannot be shared: nothing was left to resume, the shell
 * itself waited, or the prelude holds a script other than data blocks (every script must carry the response's nonce).
 */
export async function prerenderPrelude(tree: ReactNode, onError: (err: unknown) => void): Promise<Prelude | null> {
  const controller = new AbortController();
  const aborted = (err: unknown) => controller.signal.aborted && err === controller.signal.reason;
  const pending = prerenderToNodeStream(tree, {
    signal: controller.signal,
    // Data and view code are loaded before the render: everything outside the holes renders in the first pass.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(err) {
      if (!aborted(err)) onError(err);
    },
  });
  setImmediate(() => controller.abort());
  const { prelude, postponed } = await pending;
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  if (postponed === null) return null;
  const html = shareableHtml(Buffer.concat(chunks).toString());
  return html === null ? null : { html: Buffer.from(html), postponed };
}

/** The prelude without React's shell-time script and closing tags; null when it is not a whole, script-free shell. */
export function shareableHtml(raw: string): string | null {
  if (!raw.startsWith('<!DOCTYPE html>') || !raw.endsWith(POSTAMBLE) || !raw.includes('</head>')) return null;
  const html = raw.slice(0, -POSTAMBLE.length).replace(SHELL_TIME_SCRIPT, '');
  const scripts = html.split('<script').length - 1;
  const dataBlocks = html.split(DATA_BLOCK).length - 1;
  return scripts === dataBlocks ? html : null;
}
