import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './serving-support';
import { childrenOf, get, killWithWorkers, ROOT, startServer, type RunningServer } from './support';

/**
 * Rollout flags decided per request on the server (core/flags): a kill switch written into flags.json takes a plugin
 * off the next pages without a restart (its DOM and its chunk gone); a percentage rollout's decision for an id is the
 * same on every request and in every worker.
 */

const PLUGIN = 'share';
const APPLY_LIMIT_MS = 15_000;

const flagFile = (flags: Record<string, unknown>) => `${JSON.stringify({ $schema: '../schemas/flagd/flags.json', flags }, null, 2)}\n`;

const KILL_SWITCH = { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off' };
const ROLLOUT_10 = {
  state: 'ENABLED',
  variants: { on: true, off: false },
  defaultVariant: 'off',
  targeting: {
    fractional: [
      ['on', 10],
      ['off', 90],
    ],
  },
};

/** A copy of the shipped region configs in a temp folder (REGION_CONFIGS_DIR). */
function configCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shell-flags-'));
  cpSync(resolve(ROOT, 'region-configs'), dir, { recursive: true });
  return dir;
}

/** Whether the page carries the plugin: its DOM and its chunk. */
function pluginIn(html: string) {
  return { dom: html.includes(`data-plugin="${PLUGIN}"`), chunk: new RegExp(`/assets/${PLUGIN}-[\\w-]+\\.js`).test(html) };
}

async function home(port: number, cookie?: string) {
  const r = await get(port, '/', cookie ? { headers: { cookie } } : {});
  expect(r.status).toBe(200);
  return { version: String(r.headers['x-config-version']), ...pluginIn(r.text) };
}

/** Polls the home page until it is served by a config version other than `before`. */
async function nextVersion(port: number, before: string) {
  const deadline = Date.now() + APPLY_LIMIT_MS;
  for (;;) {
    const page = await home(port);
    if (page.version !== before) return page;
    if (Date.now() > deadline) throw new Error(`config version still ${before} after ${APPLY_LIMIT_MS} ms`);
  }
}

describe('a kill switch in flags.json', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    dir = configCopy();
    server = await startServer({ env: { REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
  });
  afterAll(async () => {
    await killWithWorkers(server, []);
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the plugin off the next pages without a restart, and brings it back', async () => {
    const before = await home(server.port);
    expect(before).toMatchObject({ dom: true, chunk: true });
    writeFileSync(join(dir, 'flags.json'), flagFile({ [`plugin.${PLUGIN}.enabled`]: KILL_SWITCH }));
    const off = await nextVersion(server.port, before.version);
    expect(off).toMatchObject({ dom: false, chunk: false });
    writeFileSync(join(dir, 'flags.json'), flagFile({ [`plugin.${PLUGIN}.enabled`]: { ...KILL_SWITCH, state: 'DISABLED' } }));
    const back = await nextVersion(server.port, off.version);
    expect(back).toMatchObject({ dom: true, chunk: true });
    expect(server.output()).not.toMatch(/\[flags\]/);
  });
});

describe('a 10 % rollout across two workers', () => {
  let server: RunningServer;
  let dir: string;
  let workers: number[] = [];
  beforeAll(async () => {
    dir = configCopy();
    writeFileSync(join(dir, 'flags.json'), flagFile({ [`plugin.${PLUGIN}.enabled`]: ROLLOUT_10 }));
    server = await startServer({ env: { WORKERS: '2', REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' }, waitReady: false });
    await until(() => server.output().includes('2 workers ready'), "the primary's '2 workers ready'", 80_000);
    workers = childrenOf(server.child.pid!);
  }, 90_000);
  afterAll(async () => {
    await killWithWorkers(server, workers);
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives each visitor id the same decision on every request, in either worker', async () => {
    expect(workers).toHaveLength(2);
    const ids = Array.from({ length: 40 }, (_, i) => `visitor-${i.toString(36).padStart(4, '0')}-fingerprint`);
    const decisions = new Map<string, boolean[]>();
    for (let round = 0; round < 4; round++)
      for (const id of ids) {
        const page = await home(server.port, `finger_print=${id}`);
        expect(page.dom).toBe(page.chunk);
        decisions.set(id, [...(decisions.get(id) ?? []), page.dom]);
      }
    for (const [id, seen] of decisions) expect(new Set(seen).size, id).toBe(1);
    const on = [...decisions.values()].filter((seen) => seen[0]).length;
    // flagd buckets by a hash of the flag key and the id: some of these ids are in the 10 %, most are not.
    expect(on).toBeGreaterThan(0);
    expect(on).toBeLessThan(ids.length / 2);
  });
});
