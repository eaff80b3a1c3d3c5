import '@abraham/reflection';
import type { Observable } from 'rxjs';
import { Lifecycle } from 'tsyringe';
import { PluginError } from '../plugin/errors';
import { optionsRefOf } from '../di/tokens';
import { refOwner, type LoaderRef, type ServiceRef, type StreamRef } from '../plugin/refs';
import {
  MENU_NAMES,
  SLOT_POLICIES,
  type Guard,
  type LoaderContribution,
  type LoaderDef,
  type MenuItem,
  type MenuName,
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

export interface MenuEntry {
  /** The contributing plugin (its namespace holds the label), or null for the region config's entries. */
  pluginId: string | null;
  item: MenuItem;
}

export interface Activation {
  slots: Record<SlotName, SlotEntry[]>;
  /** Side-menu entries by menu, in order (the region config's own entries are added by the host). */
  menus: Record<MenuName, MenuEntry[]>;
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
    menus: Object.fromEntries(MENU_NAMES.map((m) => [m, []])) as unknown as Record<MenuName, MenuEntry[]>,
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
  const serviceOwners = new Map<string, string>();

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
    // Hard requirements only: an optional dependency that is off or failed leaves this plugin working without it.
    const brokenDep = def.requires?.find((dep) => !out.active.includes(dep));
    if (brokenDep) {
      fail(new PluginError(planned.id, `not activated because '${brokenDep}' is not active`));
      continue;
    }
    // Contributions are buffered and committed only if setup succeeds.
    const buffer = {
      slots: [] as Array<[SlotName, SlotEntry]>,
      routes: [] as RouteDef[],
      menus: [] as Array<[MenuName, MenuItem]>,
      guards: [] as Guard[],
      loaders: [] as LoaderDef[],
      effects: [] as Array<() => void | (() => void)>,
      streams: [] as Array<[string, Observable<unknown>]>,
      teardowns: [] as Array<() => void>,
      provided: [] as Array<[string, unknown]>,
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
      menu(name: MenuName, item: MenuItem) {
        if (!MENU_NAMES.includes(name)) throw new PluginError(id, `menu '${name}' does not exist (menus: ${MENU_NAMES.join(', ')})`);
        if (typeof item?.key !== 'string' || typeof item.path !== 'string' || !item.path.startsWith('/')) {
          throw new PluginError(id, `menu '${name}': an entry needs a key and a site path starting with '/'`);
        }
        buffer.menus.push([name, item]);
      },
      loader({ key: ref, ...rest }: LoaderContribution<any>) {
        const key = ownKey(id, ref, '/');
        if (buffer.loaders.some((l) => l.key === key)) throw new PluginError(id, `loader '${ref.id}' is registered twice`);
        buffer.loaders.push({ ...rest, key });
      },
      guard(guard: Guard) {
        buffer.guards.push(guard);
      },
      stream<T>(ref: StreamRef<T>, stream: Observable<T>) {
        ownKey(id, ref, '.');
        buffer.streams.push([ref.id, stream as Observable<unknown>]);
      },
      effect(run: () => void | (() => void)) {
        buffer.effects.push(run);
      },
      provide<T>(ref: ServiceRef<T>, service: unknown) {
        ownKey(id, ref, '.');
        const token = ref.id;
        const owner = serviceOwners.get(token) ?? (buffer.provided.some(([t]) => t === token) ? id : undefined);
        if (owner) throw new PluginError(id, `service ${token} is already provided by plugin '${owner}'`);
        buffer.provided.push([token, service]);
      },
      onTeardown(fn: () => void) {
        buffer.teardowns.push(fn);
      },
    });
    // Service classes of the plugin read its options by `@inject(optionsRefOf<O>(id))`.
    env.container.register(optionsRefOf(id).id, { useValue: planned.options });
    try {
      const teardown = def.setup(ctx);
      if (typeof teardown === 'function') buffer.teardowns.push(teardown);
    } catch (err) {
      for (const t of buffer.teardowns) safely(t);
      fail(err instanceof PluginError ? err : new PluginError(id, `setup threw: ${(err as Error)?.message ?? err}`));
      continue;
    }
    for (const [name, entry] of buffer.slots) out.slots[name].push(entry);
    for (const [name, item] of buffer.menus) out.menus[name].push({ pluginId: id, item });
    for (const def of buffer.routes) {
      routeOwners.set(def.path, id);
      out.routes.push({ pluginId: id, def });
    }
    out.guards.push(...buffer.guards.map((guard) => ({ pluginId: id, guard })));
    out.loaders.push(...buffer.loaders.map((def) => ({ pluginId: id, def })));
    out.effects.push(...buffer.effects.map((run) => ({ pluginId: id, run })));
    for (const [name, stream] of buffer.streams) out.streams.set(name, stream);
    for (const [token, service] of buffer.provided) {
      serviceOwners.set(token, id);
      if (isClass(service)) env.container.register(token, { useClass: service }, { lifecycle: Lifecycle.ContainerScoped });
      else env.container.register(token, { useValue: service });
    }
    out.teardowns.push(...buffer.teardowns);
    out.active.push(id);
    out.options.set(id, planned.options);
  }
  for (const list of Object.values(out.slots)) list.sort((a, b) => (b.item.priority ?? 0) - (a.item.priority ?? 0));
  for (const list of Object.values(out.menus)) list.sort((a, b) => (a.item.order ?? 0) - (b.item.order ?? 0));
  return out;
}

/** A ref's key within the contributing plugin; a plugin contributes under its own refs only. */
function ownKey(pluginId: string, ref: ServiceRef<unknown> | StreamRef<unknown> | LoaderRef<unknown>, sep: '.' | '/'): string {
  if (typeof ref?.id !== 'string' || refOwner(ref) !== pluginId || ref.id[pluginId.length] !== sep) {
    throw new PluginError(pluginId, `${ref?.kind ?? 'ref'} '${ref?.id}' belongs to another plugin: declare a ref '${pluginId}${sep}…' in this plugin`);
  }
  return ref.id.slice(pluginId.length + 1);
}

/** A class (built by the container) rather than a ready value. */
function isClass(value: unknown): value is new (...args: never[]) => unknown {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
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
