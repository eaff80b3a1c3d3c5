// React and other libraries pick their production builds from NODE_ENV when first loaded: set it before they
// load (externals are hoisted above bundled code, so everything else is imported dynamically).
process.env.NODE_ENV ??= 'production';
// A page's objects die young. V8's allocation-site pretenuring, fed by the few that outlive a young-generation
// collection (those of requests in flight), would allocate their kinds in the old generation, where they keep young
// objects alive until a full collection. Off, a visitor page's young-generation pauses are about half as long
// (docs/performance.md).
(await import('node:v8')).setFlagsFromString('--no-allocation-site-pretenuring');
await import('@abraham/reflection');
const { default: cluster } = await import('node:cluster');
const threadData = (await import('node:worker_threads')).workerData as { role?: string } | null;
const { settingsFromEnv } = await import('./settings');
/** This module, which the fake API's and the config check's threads are started from (fake-api-thread.ts, config-check-thread.ts). */
const entry = new URL(import.meta.url);

// The threads of a serving process: the same entry, started by the server with their role.
if (threadData?.role === 'fake-api') {
  const thread = await import('./fake-api-thread');
  await thread.runFakeApiThread(threadData as import('./fake-api-thread').FakeApiThreadInit);
} else if (threadData?.role === 'config-check') {
  const thread = await import('./config-check-thread');
  thread.runConfigCheckThread(threadData as import('./config-check-thread').ConfigCheckThreadInit);
} else if (process.argv[2] === 'explain') {
  // `node dist/server/entry.js explain …` (what `npm run explain` runs): explains one request, then exits.
  const { runExplain } = await import('./explain');
  process.exit(await runExplain(process.argv.slice(3), entry));
} else {
  await serve();
}

async function serve() {
  /** Production entry: `node dist/server/entry.js`, configured by the environment (README "Deploying"). */
  let settings: ReturnType<typeof settingsFromEnv>;
  try {
    settings = settingsFromEnv();
  } catch (err) {
    console.error(`Refusing to start: ${(err as Error).message}`);
    process.exit(1);
  }
  if (settings.workers > 1 && cluster.isPrimary) (await import('./primary')).runPrimary(settings);
  else await (await import('./worker')).runWorker(settings, entry);
}
export {};
