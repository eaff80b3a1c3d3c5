// Bench-only preload, never part of the build: `node --expose-gc --import ./tools/bench/gc-probe.mjs entry.js`,
// spawned with an IPC channel. On the parent's { type: 'bench:heap?' } it runs gc() twice and answers
// { type: 'bench:heap', heapUsed, rss } (bytes).
if (typeof globalThis.gc !== 'function' || !process.send) throw new Error('gc-probe.mjs needs --expose-gc and an IPC channel');
process.on('message', (m) => {
  if (m?.type !== 'bench:heap?') return;
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.send({ type: 'bench:heap', heapUsed, rss });
});
