// Installs what a fresh clone is missing (dependencies, Chromium) and rebuilds when sources changed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** Runs a command; with `opts.stdio` set (e.g. all to stderr), its own `$ cmd` line goes to stderr too. */
const run = (cmd, opts = {}) => {
  (opts.stdio ? console.error : console.log)(`$ ${cmd}`);
  const r = spawnSync(cmd, { shell: true, stdio: 'inherit', cwd: root, ...opts });
  if (r.status !== 0) throw new Error(`'${cmd}' failed with exit code ${r.status}`);
};

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies(spawnOptions = {}) {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  run(existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', spawnOptions);
}

/** The Chromium the browser tests use: CHROMIUM_PATH, else /usr/bin/chromium, installed with apt when missing. */
export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`Chromium not found at ${path}: install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing; set CHROMIUM_PATH`);
  return path;
}

const SOURCES = [
  'core',
  'plugins',
  'host',
  'locales',
  'schemas',
  'tools/build.mjs',
  'tools/precompress.mjs',
  'tools/vite-view-sources.ts',
  'tools/vite-client-libs.ts',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
];

/** The build's folder: SHELL_DIST (relative to the project) or dist. */
export const distDir = () => join(root, process.env.SHELL_DIST ?? 'dist');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Builds client and server when the build is missing or older than any source. */
export function ensureBuild({ force = false, spawn = {} } = {}) {
  const dist = distDir();
  const stamp = join(dist, '.build-stamp');
  const built = existsSync(stamp) && existsSync(join(dist, 'server/entry.js')) ? statSync(stamp).mtimeMs : 0;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (!force && built > newest) return false;
  run('npm run -s build', spawn);
  mkdirSync(dist, { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

export function gitRoot() {
  try {
    return execSync('git rev-parse --show-toplevel', { cwd: root }).toString().trim();
  } catch {
    return root;
  }
}
