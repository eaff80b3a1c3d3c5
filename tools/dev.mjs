// `npm run dev -- <plugin-id>[,<id>...] [--site <region>] [--port 3000]`: the plugin alone (with what it requires)
// in every region, against the fake API, from the sources: a saved file reloads the open pages (tools/dev-server.mjs).
import { ensureDependencies } from './ensure.mjs';

const args = process.argv.slice(2);
const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const only = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!only) {
  console.error('usage: npm run dev -- <plugin-id>[,<id>...] [--site <region>] [--port <port>]');
  process.exit(2);
}
ensureDependencies();
const started = performance.now();
// React's development builds, on the server and in the browser: their warnings name the component.
process.env.NODE_ENV = 'development';
process.env.SHELL_ONLY = only;
process.env.PORT = value('--port') ?? process.env.PORT ?? '3000';
if (value('--site')) process.env.SITE = value('--site');
const { startDevServer } = await import('./dev-server.mjs');
let server;
try {
  server = await startDevServer({ root: new URL('..', import.meta.url).pathname, port: Number(process.env.PORT), host: process.env.HOST || undefined });
} catch (err) {
  console.error(`Refusing to start: ${err?.stack ?? err}`);
  process.exit(1);
}
const port = new URL(server.url).port;
console.log(
  `Dev server: only ${only} (and what it requires) in every region, ready in ${Math.round(performance.now() - started)} ms; saving a file reloads the page`,
);
for (const region of server.regions().all) {
  console.log(`  ${region.key.padEnd(8)} http://${region.key === (process.env.SITE ?? 'main') ? '' : `${region.key}.`}localhost:${port}/`);
}
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    void server.close().then(() => process.exit(0));
  });
