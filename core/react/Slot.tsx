import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isObservable, type Observable } from 'rxjs';
import type { ShellEnv, SlotName } from '../plugin/types';
import type { SlotEntry } from '../registry/plugin-context';
import { currentValue, useActivationPart, useShell } from './context';
import { useFollow } from './follow';
import { PluginBoundary } from './PluginBoundary';
import { PerUserWhen } from './per-request';
import { perUserLoaders } from './postpone';
import type { Activation } from '../registry/activate';
import { reloadOnceOnMissingChunk } from './chunk-reload';
import { isReady, preloadPage } from './lazy-page';
import { activeSource, hasItsData, isActiveNow, type LoaderData } from './slot-views';
import { SideTable } from '../util/side-table';

/** Server: the request's flags, each decided once (shared with the view preloading, `isActiveNow`). */
function useServerFlags(entries: SlotEntry[], env: ShellEnv, loaderData: LoaderData): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const e of entries) flags[e.id] = isActiveNow(e, env, loaderData);
  return flags;
}

/** What the entries' streams said since they were subscribed, for the sources they came from. */
interface Heard {
  sources: object;
  values: Readonly<Record<string, boolean>>;
}

/** Each entry's value at render: undefined for a stream with nothing to say yet. */
type AtRender = Readonly<Record<string, boolean | undefined>>;

/** An entry's flag: what its stream said for these sources, else its value at render, else what it said before. */
function flagOf(id: string, heard: Heard, sources: object, atRender: AtRender): boolean {
  if (heard.sources === sources && id in heard.values) return heard.values[id];
  return atRender[id] ?? heard.values[id] ?? false;
}

/** Every entry's `active`, evaluated once, with each one's value at render (undefined for a stream with nothing to say yet). */
interface Sources {
  active: Readonly<Record<string, boolean | Observable<boolean>>>;
  atRender: AtRender;
}

function evaluateSources(entries: SlotEntry[], env: ShellEnv, loaderData: LoaderData): Sources {
  const active: Record<string, boolean | Observable<boolean>> = {};
  const atRender: Record<string, boolean | undefined> = {};
  for (const e of entries) {
    let a: boolean | Observable<boolean>;
    try {
      a = hasItsData(e, loaderData) && activeSource(e, env);
    } catch {
      a = false;
    }
    active[e.id] = a;
    const now = isObservable(a) ? currentValue<unknown>(a, undefined) : a;
    atRender[e.id] = now === undefined ? undefined : !!now;
  }
  return { active, atRender };
}

/** Subscribes to the stream entries of `sources`; what one says re-renders the slot in a transition (short tasks). */
function hearStreams(sources: Sources, setHeard: (update: (h: Heard) => Heard) => void): () => void {
  const { atRender } = sources;
  const hear = (id: string, value: boolean) =>
    startTransition(() =>
      setHeard((h) => {
        if (flagOf(id, h, sources, atRender) === value) return h;
        // What streams said for older sources counts only for entries with nothing to say yet.
        const kept = h.sources === sources ? h.values : Object.fromEntries(Object.entries(h.values).filter(([k]) => atRender[k] === undefined));
        return { sources, values: { ...kept, [id]: value } };
      }),
    );
  const subs = Object.entries(sources.active)
    .filter((pair): pair is [string, Observable<boolean>] => isObservable(pair[1]))
    .map(([id, s]) =>
      s.subscribe({
        next: (v) => hear(id, !!v),
        error: () => hear(id, false),
      }),
    );
  return () => subs.forEach((s) => s.unsubscribe());
}

/**
 * Browser: evaluates every entry's `active` once (again when the entries change) and follows the stream ones. An
 * entry's flag is its value at render until its stream says otherwise, so entries joining after hydration show in
 * the render that brings them, and a stream that repeats that value on subscribing schedules no render at all.
 */
function useLiveFlags(entries: SlotEntry[], env: ShellEnv, loaderData: LoaderData): Record<string, boolean> {
  const sources = useMemo(() => evaluateSources(entries, env, loaderData), [entries, env, loaderData]);
  const [heard, setHeard] = useState<Heard>({ sources, values: {} });
  useFollow(sources, (s) => hearStreams(s, setHeard));
  return Object.fromEntries(Object.keys(sources.active).map((id) => [id, flagOf(id, heard, sources, sources.atRender)]));
}

/** The server renders one state and never re-renders: it skips the streams' subscriptions. */
const useActiveFlags = typeof window === 'undefined' ? useServerFlags : useLiveFlags;

/**
 * Renders a named slot with its policy: `stack` all active items, `single` the highest-priority active one,
 * `queue` one dialog at a time (browser only, after hydration); `dismiss()` hands over to the next. A page prerendered
 * for every logged-in user holds the slot, unless one of its entries is the user's own (`perUser`): then the slot is a
 * hole each response fills (`PerUserWhen`).
 */
export function Slot({ name, className }: { name: SlotName; className?: string }) {
  const { activation, prerender } = useShell();
  const queue = useActivationPart((a) => a.places.slots.get(name)?.policy === 'queue');
  return (
    <PerUserWhen perUser={prerender === 'user' && !queue && holdsPerUserEntry(activation, name)}>
      {queue ? <QueueSlot name={name} className={className} /> : <SlotItems name={name} className={className} />}
    </PerUserWhen>
  );
}

/** Per activation (one request's): a side table, not a WeakMap, so the activation dies young (core/util/side-table.ts). */
const perUserSlots = /* @__PURE__ */ new SideTable<Activation, Map<SlotName, boolean>>('per-user slots');

/**
 * Whether one of the slot's entries is the user's own: declared `perUser`, or showing a `perUser` loader's result
 * (a prerender for every user has none, so it would leave the item out). A queue needs neither: it renders nothing on
 * the server. Asked only while prerendering (a server activation is complete: kept per activation).
 */
function holdsPerUserEntry(activation: Activation, name: SlotName): boolean {
  let bySlot = perUserSlots.get(activation);
  if (!bySlot) perUserSlots.set(activation, (bySlot = new Map<SlotName, boolean>()));
  let perUser = bySlot.get(name);
  if (perUser === undefined) {
    const loaders = perUserLoaders(activation);
    perUser = (activation.slots[name] ?? NO_ENTRIES).some((e) => e.item.perUser || (!!e.item.shows && loaders.has(e.item.shows.id)));
    bySlot.set(name, perUser);
  }
  return perUser;
}

/**
 * Whether the page counts as hydrated (`hydrated$`), its change rendered as a transition (short tasks). A slot's
 * boundary hydrates before that (core/react/per-request.tsx), so a slot hydrates with what the server showed.
 */
function usePageHydrated(env: ShellEnv): boolean {
  const [hydrated, setHydrated] = useState(() => env.state.hydrated$.value);
  useFollow(env.state.hydrated$, (stream) => {
    const sub = stream.subscribe((value) => startTransition(() => setHydrated(value)));
    return () => sub.unsubscribe();
  });
  return hydrated;
}

/** A queue waits for hydration: its dialogs are never server-rendered, so their `active` is not even evaluated there. */
function QueueSlot({ name, className }: { name: SlotName; className?: string }) {
  const { env } = useShell();
  // Its boundary hydrates before the page counts as hydrated (per-request.tsx): until then, as the server sent it.
  const hydrated = usePageHydrated(env);
  return hydrated ? <SlotItems name={name} className={className} /> : null;
}

/** Loads the lazy views of the items that want to show, as soon as they want to; re-renders when one arrives. */
function useViewsOf(visible: SlotEntry[], onFail: (entry: SlotEntry, err: Error) => void) {
  const [, setLoaded] = useState(0);
  const key = visible.map((e) => e.id).join('\n');
  const fail = useRef(onFail);
  useEffect(() => {
    fail.current = onFail;
  });
  useFollow(key, () => {
    let live = true;
    for (const e of visible) {
      if (isReady(e.item.render)) continue;
      preloadPage(e.item.render).then(
        // A transition: React renders the arrived view in short tasks, not in one blocking render.
        () => live && startTransition(() => setLoaded((n) => n + 1)),
        (err: Error) => live && fail.current(e, err),
      );
    }
    return () => {
      live = false;
    };
  });
}

const NO_ENTRIES: SlotEntry[] = [];

function SlotItems({ name, className }: { name: SlotName; className?: string }) {
  const { env, monitor, loaderData, shown: serverShown } = useShell();
  const hydrated = usePageHydrated(env);
  const entries = useActivationPart((a) => a.slots[name] ?? NO_ENTRIES);
  const policy = useActivationPart((a) => a.places.slots.get(name)?.policy ?? 'stack');
  const flags = useActiveFlags(entries, env, loaderData);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = useCallback((id: string) => setDismissed((d) => new Set(d).add(id)), []);
  const onError = useCallback(
    (pluginId: string, error: Error) => {
      monitor.captureError(error, { plugin: pluginId, slot: name });
      console.error(`[shell] plugin '${pluginId}' failed in slot '${name}':`, error);
    },
    [monitor, name],
  );

  // Until the page has hydrated, the server's items (a slot's boundary hydrates after the page's root, and the page
  // may have moved on by then: see itemsTheFirstRenderShows).
  const visible = !hydrated && serverShown ? entries.filter((e) => serverShown.has(e.id)) : entries.filter((e) => flags[e.id] && !dismissed.has(e.id));
  useViewsOf(visible, (e, err) => {
    onError(e.pluginId, err);
    reloadOnceOnMissingChunk(err);
    dismiss(e.id); // a dialog whose code cannot load must not hold the queue
  });
  const wanted = policy === 'stack' ? visible : visible.slice(0, 1);
  // A queued dialog shows once its view has loaded: it opens whole, never as an empty frame.
  const shown = policy === 'queue' ? wanted.filter((e) => isReady(e.item.render)) : wanted;
  if (shown.length === 0) return null;
  const items = shown.map((e) => <SlotItem key={e.id} entry={e} onError={onError} dismiss={dismiss} />);
  return className ? <div className={className}>{items}</div> : <>{items}</>;
}

/**
 * One entry of a slot in its plugin's boundary. Its props stay the same objects while the entry shows, so when the slot
 * renders again (an entry joins or leaves, a view arrives) the entries already shown are not rendered again.
 */
const SlotItem = memo(function SlotItem({
  entry,
  onError,
  dismiss,
}: {
  entry: SlotEntry;
  onError: (pluginId: string, error: Error) => void;
  dismiss: (id: string) => void;
}) {
  const Render = entry.item.render;
  const dismissThis = useCallback(() => dismiss(entry.id), [dismiss, entry.id]);
  return (
    <PluginBoundary pluginId={entry.pluginId} onError={onError}>
      <Render dismiss={dismissThis} />
    </PluginBoundary>
  );
});
