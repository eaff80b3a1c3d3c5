// `npm run build`: the client bundle (per-plugin chunks, manifest) and the server bundle, into SHELL_DIST (default dist).
import { spawnSync } from 'node:child_process';
import { precompress } from './precompress.mjs';
import { releaseInfo } from './release.mjs';

const dist = process.env.SHELL_DIST ?? 'dist';
// One release for both bundles (the page's meta and the browser's monitoring must agree with the server's).
const release = releaseInfo();
process.env.SHELL_RELEASE_ID = release.id;
process.env.SHELL_RELEASE_DATE = release.date;
const run = (args) => {
  const r = spawnSync('npx', ['vite', 'build', ...args], { stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(['--outDir', `${dist}/client`]);
const { files, raw, br } = precompress(`${dist}/client`);
console.log(`precompressed ${files} client files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli (.gz beside)`);
run(['--ssr', 'host/server/entry.ts', '--outDir', `${dist}/server`]);
