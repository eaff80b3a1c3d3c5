// `npm start`: install what is missing, build when stale, then serve every region with the fake API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { distDir, ensureBuild, ensureDependencies } from './ensure.mjs';

ensureDependencies();
ensureBuild();
const child = spawn(process.execPath, ['--enable-source-maps', join(distDir(), 'server/entry.js')], {
  stdio: 'inherit',
  cwd: new URL('..', import.meta.url).pathname,
  env: process.env,
});
// SIGHUP reloads the region configs (npm itself does not pass it on: send it to this process or the server's).
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
console.log(`[start] server process ${child.pid}; reload the region configs with: kill -HUP ${child.pid} (or ${process.pid}, this one)`);
child.on('exit', (code) => process.exit(code ?? 0));
