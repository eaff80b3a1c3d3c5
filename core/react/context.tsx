import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BehaviorSubject, type Observable } from 'rxjs';
import { getI18n, I18nContext, useTranslation } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import type { Activation } from '../registry/activate';
import type { ShellEnv } from '../plugin/types';
import type { ShellData } from '../data/types';
import type { Monitor } from '../util/monitoring';
import type { LoaderRef, ServiceRef, StreamRef } from '../plugin/refs';
import { isReadOnlyI18n } from '../i18n/read-only';
import { serviceReader } from '../di/tokens';
import { useFollow } from './follow';
import { perUserLoaders, postpone, withUserPostponed } from './postpone';

/** What the host puts at the top of the React tree for one request or page. */
export interface ShellRuntime {
  env: ShellEnv;
  activation: Activation;
  /** Plugin loader results keyed `${pluginId}/${key}`. */
  loaderData: Record<string, unknown>;
  monitor: Monitor;
  /** Browser: called once after hydration (starts effects, flips hydrated$). */
  onHydrated?: () => void;
  /**
   * Server: the page is prerendered for many requests (host/server/prerender.ts), and `PerRequest` parts are left
   * holes. `visitor`: a visitor's page, made of what its key holds; `user`: a page for every logged-in user, where
   * reading the user (beyond `isLogin`) postpones the part that reads it too.
   */
  prerender?: 'visitor' | 'user';
  /** Browser: the slot entries the server's page shows (`boot.shown`): what a slot renders while it hydrates. */
  shown?: ReadonlySet<string>;
  /**
   * Browser: a count that goes up each time plugins activated after the first render join `activation` (their slot
   * entries, services, streams, their ids in `active`). Only the components whose part of it changed render again
   * (`useActivationPart`); the rest of the page, whose runtime is the same object, does not.
   */
  activationChanges?: BehaviorSubject<number>;
}

/** Where the activation never changes once made (the server, tests): a count that stays 0. */
const NO_ACTIVATION_CHANGES = new BehaviorSubject(0);

const ShellContext = createContext<ShellRuntime | null>(null);
const PluginScopeContext = createContext<{ id: string; options: Record<string, unknown> } | null>(null);

export function ShellProvider({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  return <ShellContext.Provider value={runtime}>{children}</ShellContext.Provider>;
}

export function PluginScope({ id, children }: { id: string; children: ReactNode }) {
  const runtime = useShell();
  const options = runtime.activation.options.get(id) ?? NO_OPTIONS;
  // The same value while the plugin and its options are: its readers render again only when they change.
  const scope = useMemo(() => ({ id, options }), [id, options]);
  return <PluginScopeContext.Provider value={scope}>{children}</PluginScopeContext.Provider>;
}

const NO_OPTIONS: Record<string, unknown> = Object.freeze({});

/**
 * What a component reads of the activation (a slot's entries, whether a plugin is active, another plugin's service or
 * stream). In the browser it renders again, as a transition, when plugins activated after the first render change that
 * value (`Object.is`), and not when they change something else; the server renders once and only reads it.
 */
export const useActivationPart: <T>(read: (activation: Activation) => T) => T =
  typeof window === 'undefined' ? (read) => read(useShell().activation) : useFollowedActivationPart;

function useFollowedActivationPart<T>(read: (activation: Activation) => T): T {
  const { activation, activationChanges } = useShell();
  const [, setSeen] = useState(() => read(activation));
  const latestRead = useRef(read);
  useEffect(() => {
    latestRead.current = read;
  });
  useFollow(activationChanges ?? NO_ACTIVATION_CHANGES, (changes) => {
    // React renders again only when the value is another one (a state set to the same value is a no-op).
    const sub = changes.subscribe(() => setSeen(() => latestRead.current(activation)));
    return () => sub.unsubscribe();
  });
  return read(activation);
}

/** Whether a plugin is active on this page; follows plugins activated after the first render. */
export function useIsActive(pluginId: string): boolean {
  return useActivationPart((a) => a.active.includes(pluginId));
}

/** The request's runtime: env, activation, loader data, monitor. */
export function useShell(): ShellRuntime {
  const runtime = useContext(ShellContext);
  if (!runtime) throw new Error('useShell() used outside <ShellProvider>');
  return runtime;
}

/** The enclosing plugin's id and validated options. */
export function usePlugin<O = Record<string, unknown>>(): { id: string; options: O } {
  const scope = useContext(PluginScopeContext);
  if (!scope) throw new Error('usePlugin() used outside a plugin contribution');
  return scope as { id: string; options: O };
}

/** Translations of the enclosing plugin's namespace (or the one given). */
export function usePluginT(ns?: string) {
  const scope = useContext(PluginScopeContext);
  return useNamespaceT(ns ?? scope?.id ?? 'shell');
}

export interface NamespaceT {
  t: TFunction;
  i18n: I18n;
  ready: boolean;
}

const serverTs = new WeakMap<I18n, Map<string, NamespaceT>>();
/** Most plain keys kept per instance and namespace. */
const PLAIN_LIMIT = 5000;

/**
 * Server: the request's i18next instance never changes during a render, so one `t` per instance and namespace is
 * made once and reused (react-i18next's hook costs several µs per component, its fixed `t` several per call).
 */
function useServerT(ns: string): NamespaceT {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  let byNs = serverTs.get(i18n);
  if (!byNs) serverTs.set(i18n, (byNs = new Map<string, NamespaceT>()));
  let entry = byNs.get(ns);
  if (!entry) {
    const call = (key: string | string[], options?: Record<string, unknown>) => i18n.t(key, options ? { ns, ...options } : { ns });
    // A read-only instance (the server's per-language ones) gives a plain key the same text every time: kept per
    // namespace, without building the call's options and memo key each time. Calls with values always translate.
    const plain = isReadOnlyI18n(i18n) ? new Map<string, unknown>() : null;
    const t = (
      plain
        ? (key: string | string[], options?: Record<string, unknown>) => {
            if (options !== undefined || typeof key !== 'string') return call(key, options);
            let text = plain.get(key);
            if (text === undefined) {
              text = call(key);
              if (plain.size >= PLAIN_LIMIT) plain.clear();
              plain.set(key, text);
            }
            return text;
          }
        : call
    ) as TFunction;
    byNs.set(ns, (entry = { t, i18n, ready: true }));
  }
  return entry;
}

function useBrowserT(ns: string): NamespaceT {
  const { t, i18n, ready } = useTranslation(ns);
  return { t: t, i18n, ready };
}

/** Translations of one namespace: react-i18next in the browser (language and loading changes), a cached `t` on the server. */
export const useNamespaceT: (ns: string) => NamespaceT = typeof window === 'undefined' ? useServerT : useBrowserT;

/** Current value of an rxjs stream; BehaviorSubject-backed streams give their value on the first render. */
export function useObservable<T>(stream: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(() => currentValue(stream, initial));
  useFollow(stream, (s) => {
    const sub = s.subscribe(setValue);
    return () => sub.unsubscribe();
  });
  return value;
}

/** The value a stream emits synchronously on subscription, else the fallback (a subject's value without subscribing). */
export function currentValue<T>(stream: Observable<T>, fallback: T): T {
  if (stream instanceof BehaviorSubject) return stream.getValue() as T;
  let value = fallback;
  stream.subscribe((v) => (value = v)).unsubscribe();
  return value;
}

/** The core data of spec 000 §3 (user, site, compliance, ...), live. */
export function useShellData(): ShellData {
  const { env, prerender } = useShell();
  const data = useObservable(env.state.data$, env.state.data);
  return prerender === 'user' ? withUserPostponed(data) : data;
}

/** A loader's result (undefined when it did not run for this page or its plugin is off). */
export function useLoaderData<T>(ref: LoaderRef<T>): T | undefined {
  const { loaderData, prerender, activation } = useShell();
  // A result that is the user's own is no part of a page prerendered for every user: the part reading it is a hole.
  if (prerender === 'user' && perUserLoaders(activation).has(ref.id)) postpone();
  return loaderData[ref.id] as T | undefined;
}

/** A service of the request, by its ref; throws when no active plugin provides it (see `useOptionalService`). */
export function useService<T>(ref: ServiceRef<T>): T {
  return serviceReader(useShell().env).get(ref);
}

/** A service of an optional dependency: null while its plugin is off (or not activated yet in the browser). */
export function useOptionalService<T>(ref: ServiceRef<T>): T | null {
  const { env } = useShell();
  return useActivationPart(() => serviceReader(env).getOptional(ref));
}

/** A stream another plugin published with `ctx.stream(ref, …)`; undefined while that plugin is off. */
export function useStream<T>(ref: StreamRef<T>): Observable<T> | undefined {
  return useActivationPart((a) => a.streams.get(ref.id)) as Observable<T> | undefined;
}
