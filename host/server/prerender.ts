import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/** A page prerendered for many requests: its HTML up to the holes each response fills, and how to resume it. */
export interface Prerendered {
  /** The document as far as it is the same for every request with its key, without its closing tags. */
  prelude: Buffer;
  /**
   * What `resumeToPipeableStream` needs to render the holes (React's postponed state), as JSON: a resume changes the
   * state it is given (what it has sent), so each one gets its own.
   */
  postponed: string;
  /** Bytes kept: the prelude and, roughly, the postponed state. */
  bytes: number;
  /**
   * The whole response as first resumed, cut at its nonce, when its holes are the response's own parts only (a
   * visitor's page): sent again with each response's nonce (page-send.ts).
   */
  whole?: readonly Buffer[];
}

/**
 * React marks the time of the first frame so that it can hold later boundary reveals back (by up to 300 ms); it has
 * no nonce in a prelude (a prerender has none), and a page whose holes arrive with the prelude should show them at
 * the first frame: it is taken out.
 */
const FIRST_FRAME_MARK = /<script(?: id="[^"]*")?>requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);<\/script>/;
/**
 * Inline, first in the page's start script (the last hole): the holes before it go in place at once. React's own
 * reveal waits for the next frame, and what the page shows before hydrating (and a measurement of it) is the
 * page with its holes filled. A page that was not resumed has nothing queued: the script does nothing.
 */
export const REVEAL_SCRIPT = 'typeof $RV=="function"&&$RB.length&&$RV($RB);';

/** The prelude's closing tags: the resumed holes come before them (the resume writes its own). */
const CLOSING = '</body></html>';

/**
 * Prerenders `element` (a page rendered with a prerendering runtime: its per-request parts suspend for good) and
 * stops once what can render has: the parts still waiting become holes. Null when the render failed anywhere (a
 * failed part would be kept failed for every request): the page is then rendered, which reports the failure.
 */
export async function prerenderPage(element: ReactNode): Promise<Prerendered | null> {
  const holes = new Error('the per-request parts are left to each response');
  let failed = false;
  const controller = new AbortController();
  const prerendering = prerenderToNodeStream(element, {
    signal: controller.signal,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(err) {
      if (err !== holes) failed = true;
    },
  });
  // React renders in the task it schedules on start (everything the page needs is loaded before): what has not
  // rendered by the next one waits for the request.
  setImmediate(() => controller.abort(holes));
  let made: Awaited<typeof prerendering>;
  try {
    made = await prerendering;
  } catch {
    return null; // the page's shell failed
  }
  const { prelude, postponed } = made;
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  if (failed || !postponed) return null;
  const bytes = Buffer.from(preludeOf(Buffer.concat(chunks).toString()));
  const state = JSON.stringify(postponed);
  return { prelude: bytes, postponed: state, bytes: bytes.length + state.length };
}

/** The prelude without React's first-frame mark and its closing tags. */
export function preludeOf(html: string): string {
  const unmarked = html.replace(FIRST_FRAME_MARK, '');
  return unmarked.endsWith(CLOSING) ? unmarked.slice(0, -CLOSING.length) : unmarked;
}
