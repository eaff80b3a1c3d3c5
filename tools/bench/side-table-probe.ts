/**
 * Bench-only probe of `npm run bench -- side-table` (tools/bench/side-table.ts spawns it, once per variant and round):
 * `node --expose-gc --no-allocation-site-pretenuring --import tsx tools/bench/side-table-probe.ts <variant> <warm-up> <requests>`
 * with an IPC channel. It serves simulated requests, 16 in flight, each attaching one value to its environment object:
 * - `side-table`: through the real `SideTable` of core/util/side-table.ts (run through tsx, as the bench is);
 * - `weakmap`: in a module-level WeakMap keyed by the environment, as the code did before;
 * - `none`: the floor, the same work with the value held in the request's own variable.
 * After `warm-up` requests it measures `requests` more and answers { type: 'side-table', ... } (see ProbeAnswer) over
 * IPC. The bytes promoted to the old generation are V8's own count: `--trace-gc-nvp` is switched on for the measured
 * requests only and prints one line per GC on stdout, with `promoted=<bytes>`, which the parent adds up. Reading
 * old-space sizes instead mixes promotion with the sweeper freeing old-space pages concurrently, and a forced GC at the
 * end would count what a mark-compact frees, not what the scavenges promoted.
 * Node flags as the server's: host/server/entry.ts turns allocation-site pretenuring off.
 */
import { constants, performance, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { SideTable } from '../../core/util/side-table';

export type ProbeVariant = 'side-table' | 'weakmap' | 'none';

/** What the probe answers for its measured requests (the promoted bytes come from its stdout). */
export interface ProbeAnswer {
  type: 'side-table';
  variant: ProbeVariant;
  requests: number;
  /** Bytes one request's objects hold when kept (graph and value), measured before the run. */
  graphBytes: number;
  wallMs: number;
  scavenges: number;
  scavengeMs: number;
  /** Full GCs (`kind` major), with their incremental-marking and weak-callback entries in the time. */
  markCompacts: number;
  markCompactMs: number;
}

const CONCURRENCY = 16;
/** Awaited turns of the event loop a request lives across, as a request waits on I/O. */
const TURNS = 3;

const REGIONS = ['main', 'eu', 'uk', 'jp', 'au', 'br', 'tr'];
const LOCALES = ['en', 'en-GB', 'de', 'ja', 'pt-BR', 'tr', 'fr'];
const SYMBOLS = Array.from({ length: 40 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 7) % 26))}C-USDT`);
const PLACES = ['header', 'footer', 'sidebar', 'main', 'overlay', 'menu'];
const MESSAGE_KEYS = Array.from({ length: 60 }, (_, i) => `page.section${i % 12}.label${i}`);

/** A long-lived parent container, like tsyringe's root one. */
const ROOT = { parent: null, registrations: new Map<string, unknown>(), name: 'root' };

interface Container {
  parent: typeof ROOT;
  registrations: Map<string, { useValue: unknown }>;
  instances: Map<string, unknown>;
}

/**
 * A request's environment: ~40 properties, nested objects (cookies, headers, user, http client, bus), its own
 * closures. This is the key, as `ShellEnv` keys the request containers (core/di/tokens.ts).
 */
function environment(n: number) {
  const region = REGIONS[n % REGIONS.length];
  const locale = LOCALES[n % LOCALES.length];
  const cache = new Map<string, unknown>();
  const listeners: Array<(e: unknown) => void> = [];
  const cookies: Record<string, string> = {};
  for (let i = 0; i < 8; i++) cookies[`c${i}`] = `v${n}-${i}-${(n * 31 + i).toString(36)}`;
  const headers: Record<string, string> = {};
  for (let i = 0; i < 14; i++) headers[`x-header-${i}`] = `value ${i} of request ${n}`;
  return {
    id: `req-${n.toString(36)}-${Date.now().toString(36)}`,
    region,
    locale,
    path: `/${locale}/trade/${SYMBOLS[n % SYMBOLS.length]}`,
    query: { tab: 'orders', page: String(n % 5) },
    method: 'GET',
    origin: `https://${region}.exchange.test`,
    startedAt: performance.now(),
    deadline: Date.now() + 5000,
    cookies,
    headers,
    user: n % 3 ? { id: `u${n}`, name: `user ${n}`, tier: n % 4, flags: ['kyc', `tier${n % 4}`], verified: true } : null,
    device: n % 2 ? 'mobile' : 'desktop',
    theme: n % 2 ? 'dark' : 'light',
    currency: 'USD',
    timezone: 'UTC',
    nonce: (n * 2654435761).toString(16),
    traceId: `${n.toString(16).padStart(16, '0')}${(n * 7).toString(16).padStart(16, '0')}`,
    http: {
      base: `https://api.${region}.exchange.test`,
      cache,
      inFlight: 0,
      get: (path: string) => cache.get(path),
      put: (path: string, value: unknown) => cache.set(path, value),
    },
    bus: { listeners, emit: (e: unknown) => listeners.forEach((l) => l(e)), on: (l: (e: unknown) => void) => listeners.push(l) },
    flags: { chat: n % 2 === 0, marketing: n % 3 === 0, newChart: n % 5 === 0 },
    marks: [] as number[],
    status: 200,
    redirect: null as string | null,
    isBot: false,
    acceptsGzip: true,
    country: region.toUpperCase(),
    ip: `10.0.${n % 256}.${(n >> 8) % 256}`,
    referer: n % 4 ? `https://search.test/?q=${n}` : '',
    userAgent: `Mozilla/5.0 bench ${n % 10}`,
    pluginIds: ['chat', 'markets', 'news', 'account', 'orders'],
    menuVersion: n % 3,
    configVersion: 1,
    regionName: `Region ${region}`,
    supportUrl: `https://${region}.exchange.test/support`,
    cspNonce: `n${n.toString(36)}`,
    abortReason: undefined as string | undefined,
    markets: [] as Array<{ symbol: string; bid: number; ask: number; change: number; volume: number; time: number }>,
    slots: [] as Array<{ id: string; pluginId: string; place: string; order: number; props: Record<string, unknown> }>,
    menus: [] as Array<{ label: string; href: string; icon: string }>,
    messages: new Map<string, string>(),
    html: [] as string[],
  };
}
type Env = ReturnType<typeof environment>;

/** The value: a request container registering the environment and its services, as `registerRequestServices` does. */
function container(env: Env): Container {
  const registrations = new Map<string, { useValue: unknown }>();
  registrations.set('shell.env', { useValue: env });
  registrations.set('shell.http', { useValue: env.http });
  registrations.set('shell.cookies', { useValue: env.cookies });
  registrations.set('shell.bus', { useValue: env.bus });
  registrations.set('shell.services', { useValue: { get: (id: string) => registrations.get(id)?.useValue } });
  return { parent: ROOT, registrations, instances: new Map() };
}

const table = new SideTable<Env, Container>('request container');
const map = new WeakMap<Env, Container>();

/** Stages of a request between its awaited turns: back-end answers, plugin activation, rendering. */
function stage(env: Env, value: Container, turn: number, n: number) {
  value.instances.set(`stage${turn}`, { turn, at: performance.now() });
  env.marks.push(performance.now());
  if (turn === 0) {
    for (let i = 0; i < 60; i++) {
      const price = 100 + ((n + i) % 997) / 7;
      env.markets.push({
        symbol: SYMBOLS[i % SYMBOLS.length],
        bid: price,
        ask: price * 1.001,
        change: ((i % 21) - 10) / 3.3,
        volume: (n + i) * 13.7,
        time: Date.now(),
      });
    }
    env.http.put('/markets', env.markets);
  } else if (turn === 1) {
    for (let i = 0; i < 40; i++) {
      env.slots.push({
        id: `slot-${i}`,
        pluginId: env.pluginIds[i % 5],
        place: PLACES[i % PLACES.length],
        order: i,
        props: { title: `Slot ${i} ${env.locale}`, size: i % 3, visible: true },
      });
    }
    for (let i = 0; i < 20; i++) env.menus.push({ label: `Menu ${i} (${env.region})`, href: `/${env.locale}/section/${i}`, icon: `icon-${i % 8}` });
    for (const key of MESSAGE_KEYS) env.messages.set(key, `${key} in ${env.locale} for ${env.region}`);
  } else {
    for (const row of env.markets.slice(0, 20)) env.html.push(`<tr><td>${row.symbol}</td><td>${row.bid.toFixed(2)}</td><td>${row.ask.toFixed(2)}</td></tr>`);
    for (const slot of env.slots) env.html.push(`<div data-slot="${slot.id}" data-place="${slot.place}">${String(slot.props.title)}</div>`);
  }
}

const attach = (env: Env, value: Container) => (variant === 'side-table' ? table.set(env, value) : variant === 'weakmap' ? map.set(env, value) : undefined);
const lookup = (env: Env, own: Container) => (variant === 'side-table' ? table.get(env)! : variant === 'weakmap' ? map.get(env)! : own);

/** One request: its objects built over TURNS awaited turns, its value looked up at each, then all dropped. */
async function request(n: number): Promise<number> {
  const env = environment(n);
  // `own`: the floor keeps the value in this variable; the other variants reach it only through the table.
  const own = container(env);
  attach(env, own);
  for (let turn = 0; turn < TURNS; turn++) {
    await new Promise(setImmediate);
    stage(env, lookup(env, own), turn, n);
  }
  env.bus.emit(env.status);
  return env.html.length + lookup(env, own).registrations.size;
}

let checksum = 0;
async function serve(from: number, count: number) {
  let next = from;
  const worker = async () => {
    while (next < from + count) checksum += await request(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Bytes one request's objects hold: 200 requests' graphs and values built and kept, between forced GCs. */
function graphBytes() {
  const gc = globalThis.gc!;
  const kept: unknown[] = [];
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let n = 0; n < 200; n++) {
    const env = environment(n);
    const value = container(env);
    for (let turn = 0; turn < TURNS; turn++) stage(env, value, turn, n);
    kept.push(env, value);
  }
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / 200;
  return kept.length ? bytes : 0; // reads `kept` after the GC, so that its graphs are alive for it
}

const variant = process.argv[2] as ProbeVariant;
const warmUp = Number(process.argv[3]);
const requests = Number(process.argv[4]);
if (!['side-table', 'weakmap', 'none'].includes(variant) || !(requests > 0) || !process.send || typeof globalThis.gc !== 'function')
  throw new Error('usage (with --expose-gc and an IPC channel): side-table-probe.ts side-table|weakmap|none <warm-up> <requests>');

const perRequest = graphBytes();
await serve(0, warmUp);

const entries: PerformanceEntry[] = [];
const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
observer.observe({ entryTypes: ['gc'] });
setFlagsFromString('--trace-gc-nvp');
const t0 = performance.now();
await serve(warmUp, requests);
const wallMs = performance.now() - t0;
setFlagsFromString('--no-trace-gc-nvp');
entries.push(...observer.takeRecords());
observer.disconnect();

const { NODE_PERFORMANCE_GC_MINOR: MINOR, NODE_PERFORMANCE_GC_MAJOR: MAJOR } = constants;
/** The GC's kind (`detail.kind` of a 'gc' entry, which @types/node's PerformanceEntry does not declare). */
const kindOf = (e: PerformanceEntry) => (e as PerformanceEntry & { detail: { kind: number } }).detail.kind;
const minor = entries.filter((e) => kindOf(e) === MINOR);
const major = entries.filter((e) => kindOf(e) !== MINOR);
const answer: ProbeAnswer = {
  type: 'side-table',
  variant,
  requests,
  graphBytes: perRequest,
  wallMs,
  scavenges: minor.length,
  scavengeMs: minor.reduce((t, e) => t + e.duration, 0),
  markCompacts: major.filter((e) => kindOf(e) === MAJOR).length,
  markCompactMs: major.reduce((t, e) => t + e.duration, 0),
};
if (!checksum) throw new Error('no request served');
process.send(answer, () => process.disconnect());
