import { heapAfterGc, GC_PROBE_ARGS, type HeapFigure } from './heap';
import { failures, mixedRequest, runLoad, type LoadResult } from './load';
import { startBuiltServer, stop } from './server';

export interface SoakFigure {
  /** Heap used after two forced GCs at each checkpoint (`requests` falls short of `planned` if the time cap hit). */
  points: Array<{ planned: number; requests: number } & HeapFigure>;
  load: LoadResult[];
  failures: number;
}

/**
 * Starts its own shell process (WORKERS=1) with the bench-only GC probe, sends the mixed load, and reads the heap
 * after a forced GC at each checkpoint (default 1,000 and 20,000 requests). Bounded: at most `maxSeconds` of load.
 */
export async function soak(port: number, checkpoints = [1000, 20_000], maxSeconds = 150): Promise<SoakFigure> {
  const child = await startBuiltServer(port, { nodeArgs: GC_PROBE_ARGS, ipc: true });
  const end = Date.now() + maxSeconds * 1000;
  const figure: SoakFigure = { points: [], load: [], failures: 0 };
  try {
    let done = 0;
    for (const at of checkpoints) {
      const r = await runLoad({ port, next: mixedRequest, from: done, count: at - done, concurrency: 16, seconds: Math.max(1, (end - Date.now()) / 1000) });
      done += r.requests + r.errors;
      figure.load.push(r);
      figure.failures += failures(r) + r.unexpected;
      // Let the closed sockets be processed before measuring.
      await new Promise((r) => setTimeout(r, 250));
      figure.points.push({ planned: at, requests: done, ...(await heapAfterGc(child)) });
    }
    return figure;
  } finally {
    await stop(child);
  }
}
