import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { resumeToPipeableStream } from 'react-dom/server';
import { PRERENDERED_FLAG } from '../../../core/react/PerUser';
import type { Prelude } from './prelude';

const POSTAMBLE = '</body></html>';

/** A response's own parts of a prerendered page: its nonce and the bootstrap scripts that carry it. */
export interface ResumeOptions {
  nonce: string;
  /** The inline bootstrap script (early clicks, held links, the boot state reader). */
  bootstrapScript: string;
  /** The client entry module. */
  bootstrapModule: string;
  /** Called for an error in a hole (React then leaves that boundary to the browser). */
  onError: (err: unknown) => void;
  /** Cuts off a resume still running this long after it started. */
  abortMs: number;
}

/**
 * Sends a prerendered page: the shared prelude's bytes, then this request's holes as React resumes them (each a
 * hidden segment and the inline script that moves it in place, with the response's nonce), then the bootstrap
 * scripts (after the boot data blocks they read) and the closing tags. Resolves once the response has ended.
 */
export async function sendResumed(res: ServerResponse, tree: ReactNode, prelude: Prelude, o: ResumeOptions): Promise<void> {
  // React 19.3 returns the stream itself; its type declarations say a promise of it: awaited, both work.
  const stream = await resumeToPipeableStream(tree, structuredClone(prelude.postponed) as never, { nonce: o.nonce, onError: o.onError });
  return new Promise((resolve) => {
    res.write(prelude.html);
    const chunks: Buffer[] = [];
    const tail = new Writable({
      write(chunk: Buffer | string, _encoding, next) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        next();
      },
      final(next) {
        clearTimeout(timer);
        const holes = Buffer.concat(chunks).toString();
        const body = holes.endsWith(POSTAMBLE) ? holes.slice(0, -POSTAMBLE.length) : holes;
        res.end(body + bootstrapScripts(o) + POSTAMBLE);
        next();
        resolve();
      },
    });
    // React flushes its destination when it can, as it would `res`; a client gone mid-page stops the resume.
    Object.assign(tail, { flush: () => {} });
    res.once('close', () => {
      clearTimeout(timer);
      if (!tail.writableFinished) tail.destroy();
      resolve();
    });
    const timer = setTimeout(() => stream.abort(), o.abortMs);
    stream.pipe(tail);
  });
}

/** `<script` and `</script` inside an inline script's text, made harmless (as React writes its bootstrap script). */
const scriptSafe = (text: string) =>
  text.replace(/(<\/|<)(s)(cript)/gi, (_m, a: string, s: string, b: string) => `${a}${s === 's' ? '\\u0073' : '\\u0053'}${b}`);
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page's bootstrap scripts with the response's nonce; the first tells the browser the page has holes (`PerUser`). */
function bootstrapScripts(o: ResumeOptions): string {
  const nonce = attr(o.nonce);
  const inline = scriptSafe(`window.${PRERENDERED_FLAG}=true;${o.bootstrapScript}`);
  return `<script nonce="${nonce}">${inline}</script><script type="module" src="${attr(o.bootstrapModule)}" nonce="${nonce}" async=""></script>`;
}
