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

/** The install command when node_modules is missing or older than the lock file, else null. */
export function dependenciesInstallCommand() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return null;
  // --prefer-offline: packages already in npm's cache are taken from it without asking the registry (the lock file pins
  // each one with its integrity hash), about 8 s less on a fresh clone here.
  return existsSync(lock) ? 'npm ci --no-audit --no-fund --prefer-offline' : 'npm install --no-audit --no-fund';
}

/** npm ci when node_modules is missing or older than the lock file. */
export function ensureDependencies(spawnOptions = {}) {
  const cmd = dependenciesInstallCommand();
  if (cmd) run(cmd, spawnOptions);
}

const CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the tests need to drive Chromium: `CHROMIUM_PATH` when set (it must exist), else Debian's `chromium` and
 * `chromium-headless-shell` (tools/chromium.ts picks the shell). Returns the apt command that installs what is
 * missing (as root), or null when nothing is; throws when it is missing and cannot be installed here.
 */
export function chromiumInstallCommand() {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (existsSync(wanted)) return null;
    throw new Error(`CHROMIUM_PATH=${wanted} does not exist`);
  }
  const missing = [
    ['chromium', CHROMIUM],
    ['chromium-headless-shell', HEADLESS_SHELL],
  ].filter(([, path]) => !existsSync(path));
  if (!missing.length) return null;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    if (existsSync(CHROMIUM)) return null; // the full browser alone works, at about twice the CPU per page
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (Debian: apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH`);
  }
  const packages = missing.map(([name]) => name).join(' ');
  return `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`;
}

const SOURCES = [
  'core',
  'kit',
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

const stampFile = () => join(distDir(), '.build-stamp');

/** Whether the build is missing or older than any source. */
export function buildIsStale() {
  const stamp = stampFile();
  const built = existsSync(stamp) && existsSync(join(distDir(), 'server/entry.js')) ? statSync(stamp).mtimeMs : 0;
  return built <= Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
}

/** Records a finished build (what `buildIsStale` compares with). */
export function markBuilt() {
  mkdirSync(distDir(), { recursive: true });
  writeFileSync(stampFile(), new Date().toISOString());
}

/** Builds client and server when the build is missing or older than any source. */
export function ensureBuild({ force = false, spawn = {} } = {}) {
  if (!force && !buildIsStale()) return false;
  run('npm run -s build', spawn);
  markBuilt();
  return true;
}

export function gitRoot() {
  try {
    return execSync('git rev-parse --show-toplevel', { cwd: root }).toString().trim();
  } catch {
    return root;
  }
}
