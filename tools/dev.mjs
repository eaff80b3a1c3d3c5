// `npm run dev -- <plugin-id>[,<id>...] [--site <region>] [--port 3000]`: the plugin alone (with what it requires)
// in every region, against the fake API. Rebuilds when sources changed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { distDir, ensureBuild, ensureDependencies } from './ensure.mjs';

const args = process.argv.slice(2);
const value = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const only = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!only) {
  console.error('usage: npm run dev -- <plugin-id>[,<id>...] [--site <region>] [--port <port>]');
  process.exit(2);
}
ensureDependencies();
ensureBuild();
const env = { ...process.env, SHELL_ONLY: only, PORT: value('--port') ?? process.env.PORT ?? '3000', ...(value('--site') ? { SITE: value('--site') } : {}) };
const child = spawn(process.execPath, ['--enable-source-maps', join(distDir(), 'server/entry.js')], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
  env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
