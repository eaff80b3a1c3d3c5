// React and other libraries pick their production builds from NODE_ENV when first loaded: set it before they
// load (externals are hoisted above bundled code, so the server is imported dynamically).
process.env.NODE_ENV ??= 'production';
await import('reflect-metadata');
const { startServer } = await import('./server');

/** Production entry: `node dist/server/entry.js`. PORT, SITE and API_ORIGIN from the environment. */
const port = Number(process.env.PORT ?? 3000);
const regions = ['main', 'tr', 'eu', 'hk', 'us', 'bs', 'sg', 'uk', 'jp', 'ae', 'au', 'testnet'];

process.on('unhandledRejection', (err) => console.error('[server] unhandled rejection', err));

startServer({
  port,
  site: process.env.SITE,
  apiOrigin: process.env.API_ORIGIN || undefined,
  only: process.env.SHELL_ONLY ? process.env.SHELL_ONLY.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
})
  .then(({ app, close }) => {
    const p = port === 80 ? '' : `:${port}`;
    console.log(`Exchange shell on http://localhost${p} (${process.env.SITE ?? 'main'}); fake API ${process.env.API_ORIGIN ? `off, using ${process.env.API_ORIGIN}` : 'on'}`);
    if (process.env.SHELL_ONLY) console.log(`Dev harness: only ${process.env.SHELL_ONLY} (and what it requires) in every region`);
    for (const key of regions.filter((k) => app.regions.get(k))) {
      console.log(`  ${key.padEnd(8)} http://${key === 'main' ? '' : `${key}.`}localhost${p}/   (${app.regions.get(key)!.webSiteDomain})`);
    }
    const stop = () => void close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((err: Error) => {
    console.error(`Refusing to start: ${err.message}`);
    process.exit(1);
  });
export {};
