import type { Observable } from 'rxjs';
import { PluginError } from '../plugin/errors';
import {
  SLOT_POLICIES,
  type Guard,
  type LoaderDef,
  type PluginContext,
  type PluginDefinition,
  type RouteDef,
  type ShellEnv,
  type SlotItem,
  type SlotName,
} from '../plugin/types';
import type { RegionPlan } from './plan';

export interface SlotEntry {
  pluginId: string;
  item: SlotItem;
  /** Stable identity of the entry within its slot. */
  id: string;
}

export interface Activation {
  slots: Record<SlotName, SlotEntry[]>;
  routes: Array<{ pluginId: string; def: RouteDef }>;
  guards: Array<{ pluginId: string; guard: Guard }>;
  loaders: Array<{ pluginId: string; def: LoaderDef }>;
  effects: Array<{ pluginId: string; run: () => void | (() => void) }>;
  streams: Map<string, Observable<unknown>>;
  teardowns: Array<() => void>;
  /** Plugins whose setup threw (or whose dependency did): absent from the page. */
  failed: Array<{ pluginId: string; error: Error }>;
  /** Active plugin ids in order. */
  active: string[];
  /** Validated options of each active plugin. */
  options: Map<string, Record<string, unknown>>;
}

export type ActivationErrorHandler = (pluginId: string, error: Error) => void;

function emptySlots(): Record<SlotName, SlotEntry[]> {
  return Object.fromEntries(Object.keys(SLOT_POLICIES).map((k) => [k, []])) as unknown as Record<SlotName, SlotEntry[]>;
}

/**
 * Runs every planned plugin's setup against one request's environment. Pure and cheap: no I/O.
 * A plugin whose setup throws contributes nothing, and neither do plugins that require it.
 */
export function activate(
  plan: RegionPlan,
  definitions: ReadonlyMap<string, PluginDefinition<any>>,
  env: ShellEnv,
  onError: ActivationErrorHandler = () => {},
): Activation {
  const out: Activation = {
    slots: emptySlots(),
    routes: [],
    guards: [],
    loaders: [],
    effects: [],
    streams: new Map(),
    teardowns: [],
    failed: [],
    active: [],
    options: new Map(),
  };
  const routeOwners = new Map<string, string>();
  const serviceOwners = new Map<unknown, string>();

  for (const planned of plan.plugins) {
    const def = definitions.get(planned.id);
    const fail = (error: Error) => {
      out.failed.push({ pluginId: planned.id, error });
      onError(planned.id, error);
    };
    if (!def) {
      fail(new PluginError(planned.id, 'client code was not loaded'));
      continue;
    }
    const brokenDep = def.requires?.find((dep) => !out.active.includes(dep));
    if (brokenDep) {
      fail(new PluginError(planned.id, `not activated because '${brokenDep}' is not active`));
      continue;
    }
    // Contributions are buffered and committed only if setup succeeds.
    const buffer = {
      slots: [] as Array<[SlotName, SlotEntry]>,
      routes: [] as RouteDef[],
      guards: [] as Guard[],
      loaders: [] as LoaderDef[],
      effects: [] as Array<() => void | (() => void)>,
      streams: [] as Array<[string, Observable<unknown>]>,
      teardowns: [] as Array<() => void>,
      provided: [] as Array<[unknown, unknown]>,
    };
    const id = planned.id;
    const ctx: PluginContext<any> = Object.assign(Object.create(env) as ShellEnv, {
      id,
      options: planned.options,
      slot(name: SlotName, item: SlotItem) {
        if (!(name in SLOT_POLICIES)) {
          throw new PluginError(id, `slot '${name}' does not exist (slots: ${Object.keys(SLOT_POLICIES).join(', ')})`);
        }
        if (typeof item?.render !== 'function') throw new PluginError(id, `slot '${name}': render must be a component`);
        const entryId = `${id}:${item.key ?? buffer.slots.filter(([n]) => n === name).length}`;
        buffer.slots.push([name, { pluginId: id, item, id: entryId }]);
      },
      route(def: RouteDef) {
        const owner = routeOwners.get(def.path) ?? (buffer.routes.some((r) => r.path === def.path) ? id : undefined);
        if (owner) throw new PluginError(id, `route '${def.path}' is already contributed by plugin '${owner}'`);
        buffer.routes.push(def);
      },
      loader(def: LoaderDef) {
        if (buffer.loaders.some((l) => l.key === def.key)) throw new PluginError(id, `loader '${def.key}' is registered twice`);
        buffer.loaders.push(def);
      },
      guard(guard: Guard) {
        buffer.guards.push(guard);
      },
      stream<T>(name: string, stream: Observable<T>) {
        buffer.streams.push([`${id}.${name}`, stream as Observable<unknown>]);
      },
      effect(run: () => void | (() => void)) {
        buffer.effects.push(run);
      },
      provide<T>(token: unknown, value: T) {
        const owner = serviceOwners.get(token) ?? (buffer.provided.some(([t]) => t === token) ? id : undefined);
        if (owner) throw new PluginError(id, `service ${String(token)} is already provided by plugin '${owner}'`);
        buffer.provided.push([token, value]);
      },
      onTeardown(fn: () => void) {
        buffer.teardowns.push(fn);
      },
    });
    try {
      const teardown = def.setup(ctx);
      if (typeof teardown === 'function') buffer.teardowns.push(teardown);
    } catch (err) {
      for (const t of buffer.teardowns) safely(t);
      fail(err instanceof PluginError ? err : new PluginError(id, `setup threw: ${(err as Error)?.message ?? err}`));
      continue;
    }
    for (const [name, entry] of buffer.slots) out.slots[name].push(entry);
    for (const def of buffer.routes) {
      routeOwners.set(def.path, id);
      out.routes.push({ pluginId: id, def });
    }
    out.guards.push(...buffer.guards.map((guard) => ({ pluginId: id, guard })));
    out.loaders.push(...buffer.loaders.map((def) => ({ pluginId: id, def })));
    out.effects.push(...buffer.effects.map((run) => ({ pluginId: id, run })));
    for (const [name, stream] of buffer.streams) out.streams.set(name, stream);
    for (const [token, value] of buffer.provided) {
      serviceOwners.set(token, id);
      env.container.register(token as never, { useValue: value });
    }
    out.teardowns.push(...buffer.teardowns);
    out.active.push(id);
    out.options.set(id, planned.options);
  }
  for (const list of Object.values(out.slots)) list.sort((a, b) => (b.item.priority ?? 0) - (a.item.priority ?? 0));
  return out;
}

/** Runs every teardown of an activation once, in reverse order; a throwing teardown does not stop the others. */
export function deactivate(activation: Activation): void {
  for (const t of activation.teardowns.splice(0).reverse()) safely(t);
}

function safely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    console.error('[shell] teardown failed', err);
  }
}
