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
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
