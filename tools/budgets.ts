/**
 * Byte budgets: what a first visit downloads, per owner (a plugin or `shell`), measured in
 * Chromium and attributed by host/server/attribution.ts. Used by the budget test (e2e/budgets.spec.ts) and the bench.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { fileOwners, SHELL, type ViteManifest } from '../host';

export const ROOT = resolve(import.meta.dirname, '..');

/** A page whose first visit is measured: the region, the path, and whether the visitor is logged in. */
export interface MeasuredPage {
  region: string;
  path: string;
  loggedIn?: boolean;
}

/** The pages beyond each region's home that carry a plugin's largest view (main site). */
export const PLUGIN_PAGES: MeasuredPage[] = [
  { region: 'main', path: '/trade/BTC_USDT' },
  { region: 'main', path: '/myaccount/deposit/USDT', loggedIn: true },
  { region: 'main', path: '/myaccount/security', loggedIn: true },
  { region: 'main', path: '/myaccount/transfer', loggedIn: true },
  { region: 'main', path: '/rewards_hub' },
  { region: 'main', path: '/referral' },
  { region: 'main', path: '/login' },
  { region: 'main', path: '/no-such-page' },
  // An invite in the address: the only home the referral plugin runs on.
  { region: 'main', path: '/?ref=AB12CD&ref_type=1' },
];

/** A region's home path (the US always carries its locale prefix). */
export const homePath = (region: string) => (region === 'us' ? '/en-us/' : '/');

/** How long the network must stay idle (no request open or starting) for a first visit to be over: Playwright's own. */
const IDLE_MS = 500;

/** Follows a page's requests (long-lived streams aside): resolves once none was open or started for IDLE_MS. */
function networkIdle(page: Page): () => Promise<void> {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const counted = (r: Request) => r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket';
  const change = () => (lastChange = Date.now());
  page.on('request', (r) => counted(r) && (open.add(r), change()));
  page.on('requestfinished', (r) => open.delete(r) && change());
  page.on('requestfailed', (r) => open.delete(r) && change());
  return async () => {
    const deadline = Date.now() + 30_000;
    while (open.size > 0 || Date.now() - lastChange < IDLE_MS) {
      if (Date.now() > deadline) throw new Error(`the network never went idle: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

/** Gzip -9 sizes of the files seen so far (hashed names: one path, one content), as most pages share most files. */
const gzipped = new Map<string, number>();

function gzippedBytes(path: string, body: Buffer): number {
  const key = `${path}:${body.length}`;
  let bytes = gzipped.get(key);
  if (bytes === undefined) gzipped.set(key, (bytes = gzipSync(body, { level: 9 }).length));
  return bytes;
}

/** Gzip (level 9) bytes per owner of every script and stylesheet the page downloads until it has settled. */
export async function measureFirstVisit(page: Page, url: string, owners: ReadonlyMap<string, string>): Promise<Map<string, number>> {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const idle = networkIdle(page);
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || !res.ok()) return;
    bodies.set(
      new URL(res.url()).pathname,
      res.body().catch(() => null),
    );
  });
  await page.goto(url);
  // Every plugin loaded and active (host/client/after-hydration.ts marks the end of start-up); what comes after it
  // without a tap (page extras, the first browser call's client, views shown once their data is in) comes in chains
  // of requests that each start as the one before arrives: the visit is over once, after start-up, the network has
  // been idle for IDLE_MS (Playwright's "networkidle", which a page reaches once, possibly before start-up ends).
  await page.waitForFunction(() => performance.getEntriesByName('shell:started').length > 0, undefined, { timeout: 30_000 });
  await idle();
  const out = new Map<string, number>();
  for (const [path, body] of bodies) {
    const b = await body;
    if (!b) continue;
    const owner = owners.get(path.replace(/^\//, '')) ?? SHELL;
    out.set(owner, (out.get(owner) ?? 0) + gzippedBytes(path, b));
  }
  return out;
}

/** Owners of the built client's files (dist or SHELL_DIST). */
export function builtOwners(): Map<string, string> {
  const manifest = resolve(ROOT, process.env.SHELL_DIST ?? 'dist', 'client/.vite/manifest.json');
  return fileOwners(JSON.parse(readFileSync(manifest, 'utf8')) as ViteManifest);
}

/** A plugin's budget file: gzip bytes on a region's home (`home`, per-region `regions`) and on its largest page. */
export interface PluginBudget {
  home: number;
  regions?: Record<string, number>;
  largestPage?: number;
  /** Why a budget was raised (required once it has been). */
  reason?: string;
}

/** The shell's budget: its own bytes and the whole first visit of a region's home. */
export interface ShellBudget {
  shell: number;
  firstVisit: number;
  regions?: Record<string, number>;
  reason?: string;
}

export function readBudgets(): { plugins: Map<string, PluginBudget>; shell: ShellBudget } {
  const plugins = new Map<string, PluginBudget>();
  for (const id of readdirSync(join(ROOT, 'plugins'))) {
    const file = join(ROOT, 'plugins', id, 'budget.json');
    if (existsSync(file)) plugins.set(id, JSON.parse(readFileSync(file, 'utf8')) as PluginBudget);
  }
  const shell = JSON.parse(readFileSync(join(ROOT, 'host', 'budget.json'), 'utf8')) as ShellBudget;
  return { plugins, shell };
}

/** One line of the budget table: an owner's bytes where they exceed (or lack) a budget. */
export interface BudgetRow {
  owner: string;
  region: string;
  page: string;
  bytes: number;
  budget: number | null;
}

/** Compares measured figures with the budgets; the rows over budget, and plugins measured without a budget file. */
export function overBudget(figures: Array<{ page: MeasuredPage; byOwner: Map<string, number> }>, budgets: ReturnType<typeof readBudgets>): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const largest = new Map<string, { bytes: number; page: MeasuredPage }>();
  for (const { page, byOwner } of figures) {
    const isHome = page.path === homePath(page.region);
    const total = [...byOwner.values()].reduce((a, b) => a + b, 0);
    for (const [owner, bytes] of byOwner) {
      if (owner === SHELL) {
        if (bytes > budgets.shell.shell) rows.push({ owner, region: page.region, page: page.path, bytes, budget: budgets.shell.shell });
        continue;
      }
      const b = budgets.plugins.get(owner);
      if (!b) {
        rows.push({ owner, region: page.region, page: page.path, bytes, budget: null });
        continue;
      }
      if (isHome) {
        const limit = b.regions?.[page.region] ?? b.home;
        if (bytes > limit) rows.push({ owner, region: page.region, page: page.path, bytes, budget: limit });
      }
      const seen = largest.get(owner);
      if (!seen || bytes > seen.bytes) largest.set(owner, { bytes, page });
    }
    if (isHome) {
      const limit = budgets.shell.regions?.[page.region] ?? budgets.shell.firstVisit;
      if (total > limit) rows.push({ owner: 'first visit (all)', region: page.region, page: page.path, bytes: total, budget: limit });
    }
  }
  for (const [owner, { bytes, page }] of largest) {
    const limit = budgets.plugins.get(owner)?.largestPage;
    if (limit !== undefined && bytes > limit) rows.push({ owner, region: page.region, page: `${page.path} (largest page)`, bytes, budget: limit });
  }
  return rows;
}

export function budgetTable(rows: BudgetRow[]): string {
  const head = `${'plugin'.padEnd(20)} ${'region'.padEnd(8)} ${'page'.padEnd(36)} ${'bytes'.padStart(8)} ${'budget'.padStart(8)}`;
  return [
    head,
    ...rows.map(
      (r) =>
        `${r.owner.padEnd(20)} ${r.region.padEnd(8)} ${r.page.padEnd(36)} ${String(r.bytes).padStart(8)} ${(r.budget === null ? 'none' : String(r.budget)).padStart(8)}`,
    ),
  ].join('\n');
}
