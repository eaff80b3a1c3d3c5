import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { until } from './serving-support';
import { childrenOf, get, killWithWorkers, ROOT, startFaultBackend, startServer, type RunningServer } from './support';

/**
 * Region configs reload without a restart (REGION_CONFIGS_DIR, WORKERS=2): a Kubernetes ConfigMap's atomic `..data`
 * swap and a plain file edit apply in every worker within 5 s; a broken set is refused while the last good one
 * serves; no response mixes two versions; the operator page and the audit lines; /healthz answers fast while a slow
 * check runs (on the config check thread).
 */

const TOKEN = 'operator-token-for-tests-0123456789abcdef';
const PROPAGATION_LIMIT_MS = 5000;

type Files = Map<string, string>;

interface ReloadLine {
  type: 'config-reload';
  time: string;
  pid: number;
  source: string;
  outcome: string;
  before: string | null;
  after: string;
  diff: { regions: Array<{ region: string; fields: string[] }> } | null;
  problems: string[];
  blocked: string[];
  change: { actor: string | null; comment: string | null; fresh: boolean } | null;
  ms: number;
}

/** The shipped configs (and flags file, when there is one), by file name. */
function shippedFiles(): Files {
  const dir = resolve(ROOT, 'region-configs');
  return new Map(
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n, readFileSync(join(dir, n), 'utf8')]),
  );
}

/** A copy of `files` with the main region's name and site name (the home page title shows it) set to `label`. */
function named(files: Files, label: string): Files {
  const main = JSON.parse(files.get('main.json')!) as Record<string, unknown>;
  return new Map([...files, ['main.json', `${JSON.stringify({ ...main, name: label, ogSiteName: label }, null, 2)}\n`]]);
}

/** A folder laid out as a Kubernetes ConfigMap volume: `<name> -> ..data/<name>`, `..data -> ..<version>/`. */
class ConfigMapFolder {
  private version = 0;
  constructor(readonly dir: string) {}

  init(files: Files): void {
    this.writeVersion(files);
    symlinkSync(`..v${this.version}`, join(this.dir, '..data'));
    for (const name of files.keys()) symlinkSync(join('..data', name), join(this.dir, name));
  }

  /** The kubelet's update: a new version folder, a new `..data` link renamed over the old one, the old folder removed. */
  swap(files: Files): void {
    const old = this.version;
    this.version++;
    this.writeVersion(files);
    symlinkSync(`..v${this.version}`, join(this.dir, '..data_tmp'));
    renameSync(join(this.dir, '..data_tmp'), join(this.dir, '..data'));
    rmSync(join(this.dir, `..v${old}`), { recursive: true });
    // A key new to the map gets its link (the kubelet's links of removed keys dangle until it tidies them).
    for (const name of files.keys()) if (!existsSync(join(this.dir, name))) symlinkSync(join('..data', name), join(this.dir, name));
  }

  private writeVersion(files: Files) {
    const folder = join(this.dir, `..v${this.version}`);
    mkdirSync(folder);
    for (const [name, text] of files) writeFileSync(join(folder, name), text);
  }
}

function reloadLines(output: string): ReloadLine[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{"type":"config-reload"'))
    .map((l) => JSON.parse(l) as ReloadLine);
}

/** The reload lines after the first `skip`, once there is one per worker pid (resolves with them). */
function linesPerWorker(server: RunningServer, skip: number, pids: number[], accept: (l: ReloadLine) => boolean, timeoutMs = 30_000) {
  return until(
    () => {
      const lines = reloadLines(server.output()).slice(skip).filter(accept);
      return pids.every((pid) => lines.some((l) => l.pid === pid)) ? lines : undefined;
    },
    `a matching reload line from each of ${pids.join(', ')}`,
    timeoutMs,
  );
}

/**
 * Most time /healthz may take to answer, a reload running or not (docs/operations.md, "Live configs"), beyond what a
 * bare HTTP server on the same machine waits at the same time: on two busy cores any process may wait for a core.
 */
const HEALTHZ_LIMIT_MS = 200;

/**
 * A plain `node:http` server in a process of its own (the fault back end, answering 200 at once): the machine's own
 * wait, polled beside. Stopped when the test ends, passed or failed.
 */
async function controlServer(): Promise<{ port: number }> {
  const bare = await startFaultBackend();
  onTestFinished(() => bare.stop());
  return { port: Number(new URL(bare.origin).port) };
}

/** The slowest of a probe's polls, and of the control's polled beside it over the same time. */
async function slowestBeside(probe: ReturnType<typeof pollHealth>, control: ReturnType<typeof pollHealth>) {
  const [polls, controls] = await Promise.all([probe.stop(), control.stop()]);
  const machine = Math.max(...controls.map((p) => p.ms));
  // A poll the bare server did not answer would allow any wait: the comparison holds only against answered polls.
  if (!Number.isFinite(machine)) throw new Error('the bare server beside did not answer every poll');
  return { polls, slowest: Math.max(...polls.map((p) => p.ms)), machine };
}

/** One /healthz poll: when it was sent (epoch ms, the clock of the server's log lines) and how long it took. */
interface Poll {
  sentAt: number;
  ms: number;
}

/** Sends GET /healthz every `everyMs` without waiting for the last; `stop` resolves with every poll once all answered. */
function pollHealth(port: number, everyMs: number) {
  const polls: Poll[] = [];
  let sent = 0;
  const timer = setInterval(() => {
    const sentAt = Date.now();
    const at = performance.now();
    sent++;
    void get(port, '/healthz').then(
      (r) => polls.push({ sentAt, ms: r.status === 200 ? performance.now() - at : Infinity }),
      () => polls.push({ sentAt, ms: Infinity }),
    );
  }, everyMs);
  onTestFinished(() => clearInterval(timer));
  return {
    stop: () => {
      clearInterval(timer);
      return until(() => polls.length === sent && polls, 'every /healthz poll answered', 70_000);
    },
  };
}

/**
 * `main` with long lists of unique official domains and unprefixed paths, just under 1 MB (the per-file limit is
 * 1 MiB): valid, and a reload of about 90 ms on a quiet 2-core machine, most of it the check.
 */
function nearLimit(main: string): string {
  const config = JSON.parse(main) as { antiDomains: string[]; unprefixedPaths: string[] };
  config.antiDomains = [...config.antiDomains, ...Array.from({ length: 9000 }, (_, i) => `mirror${i}.gate-example.com`)];
  const paths = Array.from({ length: 40_000 }, (_, i) => `/landing/campaign-${i}`);
  const text = (n: number) => `${JSON.stringify({ ...config, unprefixedPaths: paths.slice(0, n) }, null, 2)}\n`;
  let n = paths.length;
  while (text(n).length > 1_000_000) n -= 500;
  return text(n);
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function page(port: number) {
  const r = await get(port, '/');
  expect(r.status).toBe(200);
  return { version: String(r.headers['x-config-version']), title: titleOf(r.text) ?? '' };
}

describe('config reload across two workers (ConfigMap volume)', () => {
  let server: RunningServer;
  let folder: ConfigMapFolder;
  let workers: number[] = [];
  const base = shippedFiles();

  beforeAll(async () => {
    folder = new ConfigMapFolder(mkdtempSync(join(tmpdir(), 'shell-configs-')));
    folder.init(named(base, 'Gate V0'));
    server = await startServer({
      env: {
        WORKERS: '2',
        REGION_CONFIGS_DIR: folder.dir,
        OPERATOR_TOKEN: TOKEN,
        ACCESS_LOG: '0',
        TRUST_PROXY: '1',
        OPERATOR_IDENTITY_HEADER: 'X-Forwarded-User',
      },
    });
    await until(() => server.output().includes('2 workers ready'), "the primary's '2 workers ready'", 60_000);
    workers = childrenOf(server.child.pid!);
  });
  afterAll(async () => {
    await killWithWorkers(server, workers);
    rmSync(folder.dir, { recursive: true, force: true });
  });

  it('audits the first load of each worker', () => {
    expect(workers).toHaveLength(2);
    const starts = reloadLines(server.output()).filter((l) => l.source === 'start');
    expect(starts.map((l) => l.pid).sort()).toEqual([...workers].sort());
    for (const l of starts) expect(l).toMatchObject({ outcome: 'applied', before: null, problems: [], change: null });
    expect(new Set(starts.map((l) => l.after)).size).toBe(1);
  });

  it('applies a valid change in both workers within 5 s, and every page then shows it', async () => {
    const skip = reloadLines(server.output()).length;
    const changed = Date.now();
    const note = 'actor: Alice Martin <alice@example.com>\ncomment: main renamed "Gate V1" \u202e<b>\n';
    folder.swap(new Map([...named(base, 'Gate V1'), ['change.note', note]]));
    const lines = await linesPerWorker(server, skip, workers, (l) => l.outcome === 'applied');
    const tookMs = Math.max(...lines.map((l) => Date.parse(l.time))) - changed;
    console.log(`config change to effect in both workers: ${tookMs} ms`);
    expect(tookMs).toBeLessThanOrEqual(PROPAGATION_LIMIT_MS);
    const version = lines[0].after;
    for (const l of lines) {
      expect(l).toMatchObject({ source: 'file', after: version });
      // The folder's change note names who and why; a direction override is dropped, markup kept as text.
      expect(l.change).toMatchObject({ actor: 'Alice Martin <alice@example.com>', comment: 'main renamed "Gate V1" <b>', fresh: true });
      expect(l.diff?.regions).toEqual([expect.objectContaining({ region: 'main', fields: ['name', 'ogSiteName'] })]);
    }
    for (let i = 0; i < 6; i++) expect(await page(server.port)).toEqual({ version, title: expect.stringContaining('Gate V1') });
    const metrics = (await get(server.port, '/metrics')).text;
    expect(metrics).toContain(`shell_config_version_info{region="main",version="`);
    expect(metrics).toMatch(/^shell_config_reloads_total\{outcome="applied"\} ([4-9]|\d{2,})$/m);
  });

  it('a broken region file blocks only itself: the other edits apply, it keeps its last good config, the operator page and /metrics say so', async () => {
    const before = await page(server.port);
    const trBefore = await get(server.port, '/', { host: 'tr.localhost' });
    const skip = reloadLines(server.output()).length;
    const broken = new Map(named(base, 'Gate broken'));
    broken.set('tr.json', broken.get('tr.json')!.replace('"defaultLang"', '"defaultLang": 7, "unknownField"'));
    folder.swap(broken);
    const lines = await linesPerWorker(server, skip, workers, (l) => l.outcome === 'applied');
    const trFile = join(folder.dir, 'tr.json');
    for (const l of lines) {
      expect(l).toMatchObject({ before: before.version, blocked: [trFile] });
      expect(l.diff?.regions.map((r) => r.region)).toEqual(['main']);
      expect(l.problems.join('\n')).toMatch(/tr\.json:\d+:\d+ {2}\/unknownField/);
    }
    expect(server.output()).toMatch(/blocked \(each keeps its last good content.*tr\.json since \S+ \(last good\)/);
    expect(await page(server.port)).toEqual({ version: lines[0].after, title: expect.stringContaining('Gate broken') });
    const tr = await get(server.port, '/', { host: 'tr.localhost' });
    expect([tr.status, titleOf(tr.text)]).toEqual([200, titleOf(trBefore.text)]);
    expect((await get(server.port, '/readyz')).status).toBe(200);
    const metrics = (await get(server.port, '/metrics')).text;
    expect(metrics).toMatch(new RegExp(`^shell_config_blocked_since_seconds\\{part="${trFile.replace(/[.]/g, '\\.')}"\\} \\d+`, 'm'));
    const view = JSON.parse((await get(server.port, '/__operator.json', { headers: { authorization: `Bearer ${TOKEN}` } })).text) as {
      blocked: Array<{ part: string; since: string; serving: string; problems: string[] }>;
    };
    expect(view.blocked).toEqual([
      { part: trFile, since: expect.any(String), serving: 'last good', problems: expect.arrayContaining([expect.stringContaining('/unknownField')]) },
    ]);
  });

  it('a kill switch goes through while a region file stays broken, and a broken flag holds back only itself', async () => {
    // The request's plan in the page's boot data (the region config beside it lists plugins by key, not by "id").
    const chatOn = (html: string) => html.includes('{"id":"chat"');
    expect(chatOn((await get(server.port, '/')).text)).toBe(true);
    const skip = reloadLines(server.output()).length;
    const broken = new Map(named(base, 'Gate broken'));
    broken.set('tr.json', broken.get('tr.json')!.replace('"defaultLang"', '"defaultLang": 7, "unknownField"'));
    const flags = {
      flags: {
        'plugin.chat.enabled': { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off' },
        'plugin.not-installed-here.enabled': { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'on' },
      },
    };
    broken.set('flags.json', JSON.stringify(flags, null, 2));
    folder.swap(broken);
    const lines = await linesPerWorker(server, skip, workers, (l) => l.outcome === 'applied');
    const flagsFile = join(folder.dir, 'flags.json');
    for (const l of lines) expect(l.blocked).toEqual([join(folder.dir, 'tr.json'), `${flagsFile}#plugin.not-installed-here.enabled`]);
    for (let i = 0; i < 4; i++) expect(chatOn((await get(server.port, '/')).text)).toBe(false);
    const view = JSON.parse((await get(server.port, '/__operator.json', { headers: { authorization: `Bearer ${TOKEN}` } })).text) as {
      regions: Array<{ key: string; switched: unknown[] }>;
    };
    expect(view.regions.find((r) => r.key === 'main')!.switched).toEqual([{ id: 'chat', flag: 'plugin.chat.enabled', effect: 'off for everyone' }]);
  });

  it('ends on the last of many changes in quick succession', async () => {
    for (let i = 2; i <= 6; i++) {
      folder.swap(named(base, `Gate V${i}`));
      await new Promise((r) => setTimeout(r, 40));
    }
    // Eight pages in a row with the last name: both workers serve it.
    let streak = 0;
    const deadline = Date.now() + 30_000;
    while (streak < 8 && Date.now() < deadline) streak = (await page(server.port)).title.includes('Gate V6') ? streak + 1 : 0;
    expect(streak).toBe(8);
    const applied = reloadLines(server.output()).filter((l) => l.outcome === 'applied');
    const newest = workers.map((pid) => applied.filter((l) => l.pid === pid).at(-1)!.after);
    expect(newest[0]).toBe(newest[1]);
    for (let i = 0; i < 4; i++) expect(await page(server.port)).toEqual({ version: newest[0], title: expect.stringContaining('Gate V6') });
  });

  it('never mixes two versions in one response under load while versions swap', async () => {
    const seen = new Map<string, Set<string>>();
    let stop = false;
    const client = async () => {
      while (!stop) {
        const p = await page(server.port);
        if (!seen.has(p.version)) seen.set(p.version, new Set());
        seen.get(p.version)!.add(p.title);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const skip = reloadLines(server.output()).length;
    for (let i = 0; i < 3; i++) {
      const mark = reloadLines(server.output()).length;
      folder.swap(named(base, `Gate load ${i}`));
      await linesPerWorker(server, mark, workers, (l) => l.outcome === 'applied');
    }
    stop = true;
    await Promise.all(clients);
    expect(
      reloadLines(server.output())
        .slice(skip)
        .filter((l) => l.outcome === 'applied'),
    ).toHaveLength(6);
    expect(seen.size).toBeGreaterThanOrEqual(2);
    for (const [version, titles] of seen) {
      // One version renders one name, and each name belongs to one version.
      expect([...titles], version).toHaveLength(1);
    }
    const titles = [...seen.values()].map((t) => [...t][0]);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('reloads on SIGHUP to the primary (each worker: unchanged)', async () => {
    const skip = reloadLines(server.output()).length;
    process.kill(server.child.pid!, 'SIGHUP');
    const lines = await linesPerWorker(server, skip, workers, (l) => l.source === 'signal');
    for (const l of lines) expect(l).toMatchObject({ outcome: 'unchanged', diff: null, problems: [] });
    expect((await get(server.port, '/readyz')).status).toBe(200);
  });

  it('serves the operator page only with the bearer token, every value escaped, never cached', async () => {
    const skip = reloadLines(server.output()).length;
    folder.swap(new Map([...named(base, '<script>alert("x")</script>'), ['change.note', 'actor: <img src=x onerror=alert(1)>\ncomment: escaped\n']]));
    await linesPerWorker(server, skip, workers, (l) => l.outcome === 'applied');
    const wrong: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong-token-wrong-token-wrong-token' }, { authorization: TOKEN }];
    for (const headers of wrong) {
      const r = await get(server.port, '/__operator', { headers });
      expect(r.status).toBe(401);
      expect(r.text).not.toContain('Gate');
    }
    const auth = { authorization: `Bearer ${TOKEN}` };
    const html = await get(server.port, '/__operator', { headers: auth });
    expect(html.status).toBe(200);
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(html.text).not.toContain('<script');
    expect(html.text).toContain('&#60;script&#62;alert(&#34;x&#34;)');
    expect(html.text).not.toContain('<img');
    expect(html.text).toContain('&#60;img src=x onerror=alert(1)&#62;: escaped');
    // The operator's proxy signs a person in with its identity header; sent twice, neither copy is believed.
    const proxied = await get(server.port, '/__operator', { headers: { 'x-forwarded-user': 'alice@example.com' } });
    expect(proxied.status).toBe(200);
    expect(proxied.text).toContain('Signed in as <strong>alice@example.com</strong> by your proxy.');
    expect((await get(server.port, '/__operator', { headers: { 'x-forwarded-user': ['alice', 'mallory'] } })).status).toBe(401);
    const json = await get(server.port, '/__operator.json', { headers: auth });
    const view = JSON.parse(json.text) as { version: string; regions: Array<{ key: string; name: string; plugins: unknown[] }>; reloads: ReloadLine[] };
    expect(view.regions.find((r) => r.key === 'main')).toMatchObject({ name: '<script>alert("x")</script>' });
    expect(view.regions.find((r) => r.key === 'main')!.plugins.length).toBeGreaterThan(3);
    expect(view.reloads[0]).toMatchObject({ outcome: 'applied', after: view.version });
    expect(view.reloads.length).toBeLessThanOrEqual(50);
  });
});

describe('config reload in one process (plain folder, no operator token)', () => {
  let server: RunningServer;
  let dir: string;
  const base = shippedFiles();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shell-configs-'));
    for (const [name, text] of named(base, 'Gate P0')) writeFileSync(join(dir, name), text);
    server = await startServer({ env: { WORKERS: '1', REGION_CONFIGS_DIR: dir, ACCESS_LOG: '0' } });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 for the operator page when OPERATOR_TOKEN is not set', async () => {
    expect((await get(server.port, '/__operator')).status).toBe(404);
    expect((await get(server.port, '/__operator.json', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('refuses a half-written file with its position, then applies the finished one', async () => {
    const pid = server.child.pid!;
    const before = await page(server.port);
    const finished = named(base, 'Gate P1').get('main.json')!;
    let skip = reloadLines(server.output()).length;
    writeFileSync(join(dir, 'main.json'), finished.slice(0, Math.floor(finished.length / 2)));
    const [refused] = await linesPerWorker(server, skip, [pid], (l) => l.outcome === 'refused');
    expect(refused.problems[0]).toMatch(/main\.json:\d+:\d+ {2}.*invalid JSON/);
    expect((await get(server.port, '/readyz')).status).toBe(200);
    expect(await page(server.port)).toEqual(before);
    skip = reloadLines(server.output()).length;
    writeFileSync(join(dir, 'main.json'), finished);
    const [applied] = await linesPerWorker(server, skip, [pid], (l) => l.outcome === 'applied');
    expect(applied).toMatchObject({ source: 'file', before: before.version });
    expect(await page(server.port)).toEqual({ version: applied.after, title: expect.stringContaining('Gate P1') });
  });

  it('refuses a 10 MB or deeply nested file without reading or parsing it, answering /healthz fast throughout', async () => {
    const before = await page(server.port);
    const original = readFileSync(join(dir, 'main.json'), 'utf8');
    const bare = await controlServer();
    const probe = pollHealth(server.port, 20);
    const control = pollHealth(bare.port, 20);
    try {
      for (const [text, reason] of [
        // 10 MB of unknown fields: each one a schema problem, were it parsed and checked.
        [`{${Array.from({ length: 800_000 }, (_, i) => `"f${i}":0`).join(',')}}`, /larger than 1048576 bytes \(\d+\): not read/],
        ['['.repeat(100_000) + ']'.repeat(100_000), /nested 100000 levels deep; at most 32/],
      ] as const) {
        const skip = reloadLines(server.output()).length;
        writeFileSync(join(dir, 'main.json'), text);
        const [refused] = await linesPerWorker(server, skip, [server.child.pid!], (l) => l.outcome === 'refused');
        expect(refused.problems.join('\n')).toMatch(reason);
        expect(await page(server.port)).toEqual(before);
      }
    } finally {
      writeFileSync(join(dir, 'main.json'), original);
    }
    const { polls, slowest, machine } = await slowestBeside(probe, control);
    expect(polls.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(HEALTHZ_LIMIT_MS + machine);
  });

  it('answers /healthz, polled every 5 ms, within 200 ms beyond a bare server polled beside it while a reload checks a valid region file near the 1 MB limit', async () => {
    const pid = server.child.pid!;
    const original = readFileSync(join(dir, 'main.json'), 'utf8');
    const bare = await controlServer();
    const probe = pollHealth(server.port, 5);
    const control = pollHealth(bare.port, 5);
    let skip = reloadLines(server.output()).length;
    // A reload of the same content (the last test's restored file) may still come: the changed ones are this test's.
    const changed = (l: ReloadLine) => l.source === 'file' && l.outcome !== 'unchanged';
    writeFileSync(join(dir, 'main.json'), nearLimit(original));
    const [big] = await linesPerWorker(server, skip, [pid], changed, 120_000);
    skip = reloadLines(server.output()).length;
    writeFileSync(join(dir, 'main.json'), original);
    const [back] = await linesPerWorker(server, skip, [pid], changed, 120_000);
    const { polls, slowest, machine } = await slowestBeside(probe, control);
    expect([big.outcome, big.problems, back.outcome]).toEqual(['applied', [], 'applied']);
    expect(big.diff?.regions).toEqual([expect.objectContaining({ region: 'main', fields: ['antiDomains', 'unprefixedPaths'] })]);
    // The reload's line is written as it ends, with its duration: the polls sent meanwhile are the ones that tell.
    const end = Date.parse(big.time);
    const during = polls.filter((p) => p.sentAt >= end - big.ms && p.sentAt < end).map((p) => p.ms);
    console.log(
      `/healthz every 5 ms while a ${big.ms} ms reload checked a 1 MB region file: ${during.length} polls sent during it, the slowest of them ${Math.max(...during).toFixed(1)} ms; the slowest of all ${polls.length}: ${slowest.toFixed(1)} ms (a bare server's beside it: ${machine.toFixed(1)} ms)`,
    );
    // Had the check run on the serving thread, a poll sent as it started would have waited about as long as the
    // reload: several polls fell within it, and none waited half as long.
    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...during)).toBeLessThan(big.ms / 2);
    expect(slowest).toBeLessThan(HEALTHZ_LIMIT_MS + machine);
  });

  it('never runs code a live edit names: a flags module path is refused, and the file is not imported', async () => {
    const before = await page(server.port);
    const marker = join(dir, 'module-ran');
    const evil = join(dir, 'evil.mjs');
    writeFileSync(evil, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default {};\n`);
    const original = readFileSync(join(dir, 'main.json'), 'utf8');
    const main = JSON.parse(original) as Record<string, unknown>;
    const skip = reloadLines(server.output()).length;
    const refusedSoFar = () =>
      reloadLines(server.output())
        .slice(skip)
        .filter((l) => l.outcome === 'refused');
    for (const module of [evil, './evil.mjs', `../${basename(dir)}/evil.mjs`]) {
      const count = refusedSoFar().length;
      writeFileSync(join(dir, 'main.json'), JSON.stringify({ ...main, flags: { module, keys: ['plugin.chat.enabled'] } }, null, 2));
      await until(() => refusedSoFar().length > count, `the edit naming ${module} to be refused`);
    }
    const refused = refusedSoFar();
    expect(refused).toHaveLength(3);
    for (const l of refused) expect(l.problems.join('\n')).toContain('configuration never names code');
    expect(
      reloadLines(server.output())
        .slice(skip)
        .filter((l) => l.outcome === 'applied'),
    ).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect(await page(server.port)).toEqual(before);
    writeFileSync(join(dir, 'main.json'), original);
  });
});
