import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../tools/chromium';
import { freePort, ROOT } from './support';

/**
 * The plugin author's loop: `npm run dev -- <id>` serves the plugin from its sources, and a saved view shows in the
 * open page within 5 s of the save. Run in a copy of the project (node_modules linked) holding a throwaway plugin, so
 * the tree is never edited, even when the test dies.
 */
const SAVE_TO_VISIBLE_MS = 5000;
const PLUGIN = 'dev-probe';
const PROJECT = ['core', 'kit', 'host', 'plugins', 'locales', 'region-configs', 'schemas', 'tools', 'package.json', 'vite.config.ts', 'tsconfig.json'];

const view = (text: string) => `/** The probe's row. */\nexport function ProbeRow() {\n  return <p className="dev-probe">${text}</p>;\n}\n`;

/** A copy of the project with a plugin whose footer row's text the test edits. */
function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shell-dev-loop-'));
  for (const name of PROJECT) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const plugin = join(dir, 'plugins', PLUGIN);
  mkdirSync(join(plugin, 'locales'), { recursive: true });
  writeFileSync(
    join(plugin, 'index.ts'),
    [
      "import { definePlugin, lazyView } from '../../core/plugin-api';",
      '',
      "const ProbeRow = lazyView(() => import('./ProbeRow').then((m) => m.ProbeRow));",
      '',
      `export default definePlugin({ id: '${PLUGIN}', slotEntries: () => [{ slot: 'footer', priority: 0, render: ProbeRow }] });`,
      '',
    ].join('\n'),
  );
  writeFileSync(join(plugin, 'locales/en.json'), '{}\n');
  writeFileSync(join(plugin, 'ProbeRow.tsx'), view('Probe before any edit'));
  return dir;
}

/** Resolves once the page is hydrated and Vite's client (the reload channel) is connected. */
async function ready(page: Page, connected: Promise<void>): Promise<void> {
  await Promise.all([page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 }), connected]);
}

/** The next "[vite] connected." of the page (its reload channel, again after each reload). */
function nextConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const listen = (m: { text(): string }) => {
      if (!m.text().includes('[vite] connected')) return;
      page.off('console', listen);
      resolve();
    };
    page.on('console', listen);
  });
}

describe('npm run dev: a saved view shows in the open page', () => {
  let dir: string;
  let dev: ChildProcess;
  let browser: Browser;
  let output = '';
  let url: string;

  beforeAll(async () => {
    dir = projectCopy();
    const port = await freePort();
    url = `http://localhost:${port}/`;
    const env = { ...process.env };
    delete env.NODE_ENV;
    const started = performance.now();
    // Its own process group, so that npm and the server it starts stop together.
    dev = spawn('npm', ['run', 'dev', '--', PLUGIN, '--port', String(port)], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    dev.stdout!.on('data', (d) => (output += d));
    dev.stderr!.on('data', (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes('Dev server: only')) resolve();
        else if (dev.exitCode !== null) reject(new Error(`npm run dev exited ${dev.exitCode}:\n${output}`));
        else setTimeout(check, 50);
      };
      check();
    });
    console.log(`npm run dev: serving after ${Math.round(performance.now() - started)} ms (a fresh copy: Vite pre-bundles the dependencies first)`);
    browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (dev?.pid && dev.exitCode === null) {
      const exited = new Promise((resolve) => dev.once('exit', resolve));
      process.kill(-dev.pid, 'SIGTERM');
      const kill = setTimeout(() => process.kill(-dev.pid!, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows each saved text within 5 s of the save, by reloading the page the server renders anew', async () => {
    const page = await browser.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    let connected = nextConnection(page);
    await page.goto(url);
    await page.locator(`[data-plugin="${PLUGIN}"] .dev-probe`, { hasText: 'Probe before any edit' }).waitFor({ timeout: 60_000 });
    await ready(page, connected);
    for (const edit of [1, 2, 3]) {
      const text = `Probe after edit ${edit}`;
      const before = navigations;
      connected = nextConnection(page);
      writeFileSync(join(dir, 'plugins', PLUGIN, 'ProbeRow.tsx'), view(text));
      const saved = performance.now();
      await page.getByText(text).waitFor({ timeout: SAVE_TO_VISIBLE_MS });
      const elapsed = performance.now() - saved;
      console.log(`edit ${edit}: visible ${Math.round(elapsed)} ms after the save`);
      expect(elapsed).toBeLessThan(SAVE_TO_VISIBLE_MS);
      // The page reloaded, and the server rendered the new text (not only the browser's module).
      expect(navigations).toBeGreaterThan(before);
      expect(await (await fetch(url)).text()).toContain(text);
      await ready(page, connected);
    }
    expect(output).toMatch(/\[dev\] rebuilt in \d+ ms/);
  }, 120_000);
});
