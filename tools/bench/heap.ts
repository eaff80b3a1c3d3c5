import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Node flags that load the GC probe into a server the bench starts (with `ipc: true`). */
export const GC_PROBE_ARGS = ['--expose-gc', '--import', pathToFileURL(resolve(import.meta.dirname, 'gc-probe.mjs')).href];

/** Bytes after two forced GCs: V8's heap in use, the resident set, and the heap's compiled-code space (JIT). */
export interface HeapFigure {
  heapUsed: number;
  rss: number;
  codeSpace: number;
}

/** Asks the probe in `child` for its heap after two forced GCs (bytes). */
export function heapAfterGc(child: ChildProcess, timeoutMs = 10_000): Promise<HeapFigure> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('no heap answer from the GC probe')), timeoutMs);
    const onMessage = (m: HeapFigure & { type?: string }) => m?.type === 'bench:heap' && done(undefined, m);
    const done = (err?: Error, m?: HeapFigure) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (err) reject(err);
      else resolve({ heapUsed: m!.heapUsed, rss: m!.rss, codeSpace: m!.codeSpace });
    };
    child.on('message', onMessage);
    child.send({ type: 'bench:heap?' });
  });
}
