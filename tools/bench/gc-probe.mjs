// Bench-only preload, never part of the build: `node --expose-gc --import ./tools/bench/gc-probe.mjs entry.js`,
// spawned with an IPC channel. On the parent's { type: 'bench:heap?' } it runs gc() twice and answers
// { type: 'bench:heap', heapUsed, rss, codeSpace } (bytes; codeSpace: V8's compiled code, part of heapUsed).
// The server's fake-API thread loads this preload too: the probe is the main thread's, whose heap it reports.
import { getHeapSpaceStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

function answerHeapQuestions() {
  if (typeof globalThis.gc !== 'function' || !process.send) throw new Error('gc-probe.mjs needs --expose-gc and an IPC channel');
  process.on('message', (m) => {
    if (m?.type !== 'bench:heap?') return;
    globalThis.gc();
    globalThis.gc();
    const { heapUsed, rss } = process.memoryUsage();
    const codeSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'code_space')?.space_used_size ?? 0;
    process.send({ type: 'bench:heap', heapUsed, rss, codeSpace });
  });
}

if (isMainThread) answerHeapQuestions();
