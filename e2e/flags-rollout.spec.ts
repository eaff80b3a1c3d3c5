import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { builtOwners } from '../tools/budgets';
import { expect, settled, test } from './support';

/**
 * A rollout flag that turns a plugin on for one logged-in user: the share plugin (its home card) is off in main's
 * config and on for one uid. That user gets the card in the server's HTML, a clean hydration and a working button;
 * another user and a visitor get neither its DOM nor a byte of its code.
 */

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(ROOT, process.env.SHELL_DIST ?? 'dist');
/** This spec's own server: the port after the suite's (E2E_PORT). */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const ORIGIN = `http://localhost:${PORT}`;
const READY_LIMIT_MS = 30_000;
/** Where the page's monitoring sends its records (host/client/entry.tsx). */
const MONITOR_ENDPOINT = '/api/web/v1/monitor/report';

const PLUGIN = 'share';
const CHOSEN_UID = '20260001';
const OTHER_UID = '20260002';

/** Off by default; on for a logged-in request whose uid is the chosen one. */
const ROLLOUT = {
  state: 'ENABLED',
  variants: { on: true, off: false },
  defaultVariant: 'off',
  targeting: { if: [{ and: [{ '==': [{ var: 'loggedIn' }, true] }, { '==': [{ var: 'uid' }, CHOSEN_UID] }] }, 'on', 'off'] },
};

/** A copy of the region configs with the plugin off on main, and a flag file that rolls it out to one uid. */
function configCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shell-rollout-'));
  cpSync(join(ROOT, 'region-configs'), dir, { recursive: true });
  const mainFile = join(dir, 'main.json');
  const main = JSON.parse(readFileSync(mainFile, 'utf8')) as { plugins: Record<string, Record<string, unknown>> };
  main.plugins[PLUGIN] = { ...main.plugins[PLUGIN], enabled: false };
  writeFileSync(mainFile, JSON.stringify(main, null, 2));
  const flags = { $schema: '../schemas/flagd/flags.json', flags: { [`plugin.${PLUGIN}.enabled`]: ROLLOUT } };
  writeFileSync(join(dir, 'flags.json'), JSON.stringify(flags, null, 2));
  return dir;
}

async function waitReady(child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_LIMIT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the rollout server on port ${PORT} did not become ready (exit ${child.exitCode}):\n${output().slice(-2000)}`);
}

/** The built server on this spec's port, serving the config copy. */
async function startServer(dir: string): Promise<ChildProcess> {
  let output = '';
  const child = spawn(process.execPath, [join(DIST, 'server/entry.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), REGION_CONFIGS_DIR: dir, DRAIN_DELAY_MS: '0', ACCESS_LOG: '0', WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  try {
    await waitReady(child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return child;
}

async function logIn(context: BrowserContext, uid: string) {
  await context.addCookies([
    { name: 'uid', value: uid, url: ORIGIN },
    { name: 'nickname', value: `user${uid}`, url: ORIGIN },
  ]);
}

/** What the page did that the test judges: the plugin's files it fetched, console errors and warnings, monitoring reports. */
function watch(page: Page) {
  const owners = builtOwners();
  const seen = { pluginFiles: [] as string[], errors: [] as string[], reports: [] as string[] };
  // The plugin's folder or a chunk named after it ('share-…', not the 'shared-…' chunk every page loads).
  const ownPath = new RegExp(`/${PLUGIN}[/.-]`);
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (owners.get(path.slice(1)) === PLUGIN || ownPath.test(path)) seen.pluginFiles.push(path);
    // React's recoverable errors (a hydration mismatch among them) go to monitoring by beacon, not to the console;
    // a beacon's body is not visible here, and these pages have nothing else to report.
    if (path === MONITOR_ENDPOINT) seen.reports.push(`${r.method()} ${path}`);
  });
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && seen.errors.push(m.text()));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

const card = (page: Page) => page.locator(`[data-plugin="${PLUGIN}"] .share-home`);

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

let server: ChildProcess | undefined;
let dir = '';

test.beforeAll(async () => {
  dir = configCopy();
  server = await startServer(dir);
});

test.afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('the chosen user gets the plugin in the server HTML, hydrated without a mismatch, and working', async ({ page, context }) => {
  await logIn(context, CHOSEN_UID);
  const seen = watch(page);
  const res = await page.goto(`${ORIGIN}/`);
  const html = (await res?.text()) ?? '';
  expect(html).toContain(`data-plugin="${PLUGIN}"`);
  expect(html).toContain('class="share-home"');
  await settled(page);
  await expect(card(page)).toBeVisible();
  await card(page).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(seen.pluginFiles.length, 'the plugin code was fetched').toBeGreaterThan(0);
  expect(seen.errors).toEqual([]);
  expect(seen.reports).toEqual([]);
});

for (const [who, uid] of [
  ['another user', OTHER_UID],
  ['a visitor', null],
] as const) {
  test(`${who} gets neither the plugin's DOM nor a byte of its code`, async ({ page, context }) => {
    if (uid) await logIn(context, uid);
    const seen = watch(page);
    const res = await page.goto(`${ORIGIN}/`);
    const html = (await res?.text()) ?? '';
    expect(html).not.toContain(`data-plugin="${PLUGIN}"`);
    expect(html).not.toMatch(new RegExp(`/assets/${PLUGIN}[-.]`));
    // Hydrated and every request answered and drawn: whatever would have shown the plugin has had its chance.
    await settled(page);
    await expect(page.locator('#hero-title')).toBeVisible();
    await expect(page.locator(`[data-plugin="${PLUGIN}"]`)).toHaveCount(0);
    expect(seen.pluginFiles).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(seen.reports).toEqual([]);
  });
}
