import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT, get, startServer, type RunningServer } from './support';
import { until } from './serving-support';

/**
 * The runtime the Docker image runs: what tools/deploy/copy-runtime.mjs gathers (tools/deploy/runtime-files.json)
 * plus its production-only `npm ci`, in a fresh folder outside the repo, started with the image's environment
 * against a back end (the repo's own build with the fake API).
 */
const list: { files: string[]; install: string } = JSON.parse(readFileSync(resolve(ROOT, 'tools/deploy/runtime-files.json'), 'utf8'));
const pkg: { devDependencies?: Record<string, string> } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8'));
/** The Dockerfile's runtime ENV; the copy must not find the repo through these. */
const IMAGE_ENV = { NODE_ENV: 'production', FAKE_API: '0', WORKERS: '2', SHELL_DIST: undefined, SHELL_ROOT: undefined, NODE_PATH: undefined };

let app = '';
let backend: RunningServer | undefined;
let server: RunningServer | undefined;

/** Runs a command to completion; rejects with its output when it fails. */
function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((res, rej) => {
    let out = '';
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', rej);
    child.once('exit', (code) => (code === 0 ? res(out) : rej(new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${out}`))));
  });
}

beforeAll(async () => {
  if (!existsSync(join(DIST, 'server/entry.js'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  app = mkdtempSync(join(tmpdir(), 'shell-runtime-'));
  // Node resolves packages in every parent folder: one above the copy would hide a missing dependency.
  for (let dir = dirname(app); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) throw new Error(`${join(dir, 'node_modules')} exists above the temp folder ${app}: set TMPDIR elsewhere`);
    if (dir === dirname(dir)) break;
  }
  await run(process.execPath, [resolve(ROOT, 'tools/deploy/copy-runtime.mjs'), app], ROOT);
  const [npm, ...args] = list.install.split(' ');
  await run(npm, args, app);
  backend = await startServer({ env: { FAKE_API: '1', API_ORIGIN: undefined, WORKERS: '1', ACCESS_LOG: '0' } });
  server = await startServer({
    entry: join(app, 'dist/server/entry.js'),
    cwd: app,
    env: { ...IMAGE_ENV, API_ORIGIN: `http://127.0.0.1:${backend.port}` },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await backend?.stop();
  if (app) rmSync(app, { recursive: true, force: true });
});

describe('the deployed runtime (Docker image contents)', () => {
  it('holds only the listed files, production dependencies and no devDependency', () => {
    const roots = new Set(list.files.map((f) => f.split('/')[0]));
    expect(readdirSync(app).sort()).toEqual([...roots, 'node_modules'].sort());
    expect(existsSync(join(app, 'node_modules/react/package.json'))).toBe(true);
    const dev = Object.keys(pkg.devDependencies ?? {});
    expect(dev.length).toBeGreaterThan(0);
    expect(dev.filter((name) => existsSync(join(app, 'node_modules', name)))).toEqual([]);
  });

  it('renders a home page from the copy, with plugin translations and back-end data', async () => {
    const home = await get(server!.port, '/', { headers: { Cookie: 'uid=42; nickname=deploy-check' } });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    const region = JSON.parse(readFileSync(resolve(ROOT, 'region-configs/main.json'), 'utf8'));
    expect(home.text).toMatch(new RegExp(`<title>[^<]*${region.ogSiteName}`));
    // A plugin's own namespace (plugins/home/locales): shown as its key when plugin locales are missing.
    const homeTexts = JSON.parse(readFileSync(resolve(ROOT, 'plugins/home/locales/en.json'), 'utf8'));
    expect(home.text).toContain(homeTexts.stats.trading_volume);
    // The fake back end echoes the nickname cookie: the copy reached API_ORIGIN.
    expect(home.text).toContain('data-testid="nickname">deploy-check<');
    const asset = home.text.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset, 'the page links no /assets/*.js').toBeDefined();
    expect((await get(server!.port, asset!)).status).toBe(200);
    expect((await get(server!.port, '/locales/en/home.json')).status).toBe(200);
  });

  it('answers health and readiness, and serves no fake API', async () => {
    expect((await get(server!.port, '/healthz')).status).toBe(200);
    expect((await get(server!.port, '/readyz')).status).toBe(200);
    expect((await get(server!.port, '/__mock/scenarios')).status).toBe(404);
    // Worker 1 prints the banner once it has started: the other worker may have answered /readyz before that.
    expect(await until(() => /2 workers/.test(server!.output()), 'the start banner')).toBe(true);
  });

  it('refuses to start with FAKE_API=0 and no API_ORIGIN, saying what to set', async () => {
    const refused = await startServer({ entry: join(app, 'dist/server/entry.js'), cwd: app, env: { ...IMAGE_ENV, API_ORIGIN: undefined }, waitReady: false });
    const code = await Promise.race([refused.exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]);
    if (code === 'still running') await refused.stop('SIGKILL');
    expect(code).toBe(1);
    expect(refused.output()).toMatch(/API_ORIGIN/);
  });

  it('is what the Dockerfile builds: the same copy script, then production dependencies', () => {
    const dockerfile = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('node tools/deploy/copy-runtime.mjs /runtime');
    expect(dockerfile).toContain('COPY --from=build /runtime ./');
    expect(dockerfile).toContain(`RUN ${list.install}`);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/entry\.js"\]$/m);
  });
});
