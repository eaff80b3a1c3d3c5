import mitt, { type Emitter } from 'mitt';

/**
 * Cross-plugin events. The core declares its own; a plugin declares the events it owns beside its refs, by
 * declaration merging: `declare module '../../core/plugin-api' { interface ShellEvents { 'chat:open': void } }`.
 * No index signature: an undeclared event name is a compile error.
 */
export interface ShellEvents {
  /** A cookie was written on the client (referral, fingerprint, consent, ...). */
  'cookie:change': { name: string; value: string | null };
  /** Translations for the page's namespaces are loaded; the language switches next. */
  'i18n:ready': { lng: string };
  /** Show a toast (host renders it). */
  toast: { kind: 'success' | 'error' | 'warning'; message: string };
}

/** The declared events as a map mitt accepts (an interface has no implicit index signature). */
type EventMap = Pick<ShellEvents, keyof ShellEvents>;

export type ShellBus = Emitter<EventMap>;

export function createBus(): ShellBus {
  return mitt<EventMap>();
}

/**
 * While the page starts, an event nobody listens to yet waits for its first listener instead of being lost: the
 * browser activates some plugins after hydration, and a plugin's contribution subscribes when it hydrates, so a click
 * on "Log in" right after hydration must reach the auth plugin once it is there. Events with a listener are
 * delivered at once. `release()` ends the start-up: later events go only to the listeners of that moment (as mitt
 * does), while those still waiting are delivered to their first listener.
 */
export function holdUnheardEvents(bus: ShellBus): () => void {
  // The typed bus seen loosely: these wrappers only pass events through.
  const loose = bus as unknown as { emit(type: string, event?: unknown): void; on(type: string, handler: (event: unknown) => void): void };
  const original = { emit: loose.emit.bind(loose), on: loose.on.bind(loose) };
  const waiting: Array<[string, unknown]> = [];
  let starting = true;
  const heard = (type: string) => !!bus.all.get(type as keyof EventMap)?.length || !!bus.all.get('*')?.length;
  loose.emit = (type, event) => {
    if (starting && !heard(type)) waiting.push([type, event]);
    else original.emit(type, event);
  };
  loose.on = (type, handler) => {
    original.on(type, handler);
    const mine = waiting.filter(([t]) => t === type);
    if (!mine.length) return;
    for (const entry of mine) waiting.splice(waiting.indexOf(entry), 1);
    // After the subscriber's own code has run (a setup or an effect), in the order they were sent.
    queueMicrotask(() => mine.forEach(([, event]) => handler(event)));
  };
  return () => {
    starting = false;
  };
}
