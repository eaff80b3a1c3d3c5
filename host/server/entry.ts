// React and other libraries pick their production builds from NODE_ENV when first loaded: set it before they
// load (externals are hoisted above bundled code, so everything else is imported dynamically).
process.env.NODE_ENV ??= 'production';
await import('@abraham/reflection');
const { default: cluster } = await import('node:cluster');
const { settingsFromEnv } = await import('./settings');

// `node dist/server/entry.js explain …` (what `npm run explain` runs): explains one request, then exits.
if (process.argv[2] === 'explain') {
  const { runExplain } = await import('./explain');
  process.exit(await runExplain(process.argv.slice(3)));
}

/** Production entry: `node dist/server/entry.js`, configured by the environment (README "Deploying"). */
let settings: ReturnType<typeof settingsFromEnv>;
try {
  settings = settingsFromEnv();
} catch (err) {
  console.error(`Refusing to start: ${(err as Error).message}`);
  process.exit(1);
}

if (settings.workers > 1 && cluster.isPrimary) {
  (await import('./primary')).runPrimary(settings);
} else {
  await (await import('./worker')).runWorker(settings);
}
export {};
