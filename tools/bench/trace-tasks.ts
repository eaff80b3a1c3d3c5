/**
 * Reads a Chromium performance trace (Trace Event Format): the renderer main thread's long tasks, what runs in each
 * (outermost trace events: script calls, parsing, layout, ...) and where its JavaScript time goes (CPU samples, the
 * built chunks' frames named by their source maps).
 */
import { basename, resolve } from 'node:path';
import { readSourceMap, type SourceMapReader } from './source-map';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, µs: unlike `dur`, not stretched by other processes on a busy machine. */
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, any> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** One CPU sample: when (trace µs), for how long, and its stack's node. */
interface Sample {
  ts: number;
  dur: number;
  node: number;
}

type Figures = Array<{ what: string; ms: number }>;

/** One long task: when it started (ms after the first main-thread task), how long, what ran in it. */
export interface LongTask {
  start: number;
  duration: number;
  /** The main thread's CPU time in it (ms): its duration on a machine with nothing else running. */
  cpu: number;
  /** The outermost events in it, longest first: `FunctionCall entry-x.js`, `ParseHTML`, `Layout`, ... */
  parts: Figures;
  /** Application functions running in it (own time and callees'), longest first. */
  functions: Figures;
  /** Own time by source file, longest first (a package's files under its package name). */
  files: Figures;
}

/** Trace events that name a kind of work; the outermost of them in a task is listed as a part. */
const PARTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.runMicrotasks',
  'MajorGC',
  'MinorGC',
  'HitTest',
  'ParseAuthorStyleSheet',
]);

const ms = (us: number) => Math.round(us / 100) / 10;
const top = (totals: Map<string, number>, n: number): Figures =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([what, us]) => ({ what, ms: ms(us) }));
const add = (totals: Map<string, number>, key: string, us: number) => totals.set(key, (totals.get(key) ?? 0) + us);
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+\/(assets\/)?/, '');

/** The renderer main thread that ran the page's own scripts (a browser has others: about:blank, its own UI). */
function mainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } | null {
  const ours = new Map<string, number>();
  for (const e of events) {
    const url: unknown = e.args?.data?.url;
    if (typeof url === 'string' && url.startsWith(origin)) add(ours, `${e.pid}:${e.tid}`, 1);
  }
  let best: { pid: number; tid: number } | null = null;
  let most = 0;
  for (const m of events) {
    if (m.ph !== 'M' || m.name !== 'thread_name' || m.args?.name !== 'CrRendererMain') continue;
    const n = ours.get(`${m.pid}:${m.tid}`) ?? 0;
    if (n > most) [best, most] = [{ pid: m.pid, tid: m.tid }, n];
  }
  return best;
}

function describe(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  if (e.name === 'FunctionCall' || e.name === 'EvaluateScript') return `${e.name} ${shortUrl(String(d.url ?? ''))} ${d.functionName ?? ''}`.trim();
  if (e.name === 'EventDispatch') return `EventDispatch ${d.type ?? ''}`.trim();
  return e.name;
}

/** The outermost part events inside [start, end), summed by description (events sorted by start). */
function partsOf(events: TraceEvent[], start: number, end: number): Figures {
  const totals = new Map<string, number>();
  let coveredTo = start;
  for (const e of events) {
    if (e.ts < coveredTo || e.ts >= end || !PARTS.has(e.name)) continue;
    const dur = Math.min(e.dur ?? 0, end - e.ts);
    add(totals, describe(e), dur);
    coveredTo = e.ts + dur;
  }
  return top(totals, 5);
}

/** The main thread's CPU samples and profile nodes (its `Profile` and that profile's `ProfileChunk` events). */
function cpuSamples(events: TraceEvent[], main: { pid: number; tid: number }): { samples: Sample[]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const starts = new Map<string, number>();
  for (const e of events)
    if (e.pid === main.pid && e.tid === main.tid && e.name === 'Profile') starts.set(String(e.id), Number(e.args?.data?.startTime ?? e.ts));
  const last = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== main.pid || e.name !== 'ProfileChunk' || !starts.has(String(e.id))) continue;
    const profile = e.args?.data?.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const n of profile?.nodes ?? []) nodes.set(n.id, n);
    const deltas = (e.args?.data?.timeDeltas ?? []) as number[];
    let t = last.get(String(e.id)) ?? starts.get(String(e.id))!;
    (profile?.samples ?? []).forEach((node, i) => {
      t += deltas[i] ?? 0;
      samples.push({ ts: t, dur: 0, node });
    });
    last.set(String(e.id), t);
  }
  samples.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < samples.length - 1; i++) samples[i].dur = Math.min(samples[i + 1].ts - samples[i].ts, 10_000);
  return { samples, nodes };
}

/** Names a built chunk's frame by its source map (`core/registry/activate.ts:97 activatePlanned`), else by its URL. */
function frameNamer(distClient: string) {
  const maps = new Map<string, SourceMapReader | null>();
  return (f: CallFrame): { source: string; label: string; app: boolean } | null => {
    if (!f.url?.startsWith('http')) return null;
    const file = resolve(distClient, new URL(f.url).pathname.slice(1));
    if (!maps.has(file)) maps.set(file, readSourceMap(file));
    const at = maps.get(file)?.lookup(f.lineNumber, f.columnNumber);
    if (!at) return { source: basename(file), label: `${basename(file)} ${f.functionName || '(anonymous)'}`, app: false };
    const packaged = at.source.includes('node_modules/');
    const source = packaged ? at.source.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : at.source;
    return { source, label: `${source}:${at.line} ${at.name || f.functionName || '(anonymous)'}`, app: !packaged };
  };
}

/** Own time by source file, and time in application functions (own and callees', each counted once a sample). */
function samplesOf(samples: Sample[], nodes: Map<number, ProfileNode>, name: ReturnType<typeof frameNamer>, start: number, end: number) {
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const s of samples) {
    if (s.ts < start || s.ts >= end) continue;
    const leaf = nodes.get(s.node);
    const own = leaf ? name(leaf.callFrame) : null;
    add(files, own?.source ?? (leaf?.callFrame.functionName || '(native)'), s.dur);
    const seen = new Set<string>();
    for (let n = leaf; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      const named = name(n.callFrame);
      if (!named?.app || seen.has(named.label)) continue;
      seen.add(named.label);
      add(functions, named.label, s.dur);
    }
  }
  return { files: top(files, 5), functions: top(functions, 6) };
}

/** The page's main-thread tasks over `thresholdMs`, each with its parts and JavaScript (chunks read from `distClient`). */
export function longTasksOf(trace: { traceEvents: TraceEvent[] }, pageOrigin: string, distClient: string, thresholdMs = 50): LongTask[] {
  const main = mainThread(trace.traceEvents, pageOrigin);
  if (!main) return [];
  const own = trace.traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'RunTask');
  const origin = tasks[0]?.ts ?? 0;
  const { samples, nodes } = cpuSamples(trace.traceEvents, main);
  const name = frameNamer(distClient);
  return tasks
    .filter((t) => (t.dur ?? 0) > thresholdMs * 1000)
    .map((t) => {
      const end = t.ts + (t.dur ?? 0);
      return {
        start: ms(t.ts - origin),
        duration: ms(t.dur ?? 0),
        cpu: ms(t.tdur ?? t.dur ?? 0),
        parts: partsOf(own, t.ts, end),
        ...samplesOf(samples, nodes, name, t.ts, end),
      };
    });
}
