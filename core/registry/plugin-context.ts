import type { Observable } from 'rxjs';
import { PluginError } from '../plugin/errors';
import { requestContainer, serviceReader } from '../di/tokens';
import { refOwner, type LoaderRef, type ServiceRef, type StreamRef } from '../plugin/refs';
import { declaredNames, type Places } from '../plugin/slots';
import { SideTable } from '../util/side-table';
import { type PluginContext, type ShellEnv, type SlotItem, type SlotName } from '../plugin/types';

/** One slot item as the registry keeps it: who contributed it and its identity within the slot. */
export interface SlotEntry {
  pluginId: string;
  item: SlotItem;
  /** Stable identity of the entry within its slot. */
  id: string;
}

/** One plugin's contributions, buffered during its setup and committed only if setup succeeds. */
export interface Contributions {
  /** The plugin's slot entries (its routes, guards, loaders and menu entries are the plan's: `planDeclarations`). */
  slots: Array<[SlotName, SlotEntry]>;
  effects: Array<() => void | (() => void)>;
  streams: Array<[string, Observable<unknown>]>;
  teardowns: Array<() => void>;
  provided: Array<[string, unknown]>;
  /** Set once the contributions are in the activation: from then on `ctx.get` asks the request container. */
  committed: boolean;
}

/** Who provided a service token so far (across plugins, for the "already" error). */
export interface Owners {
  services: Map<string, string>;
}

export function emptyContributions(): Contributions {
  return { slots: [], effects: [], streams: [], teardowns: [], provided: [], committed: false };
}

/**
 * Whether a contribution's slot or menu is declared. Undeclared is an error where every declaration is known; in the
 * browser (which has only the plugins it loaded) it is a place whose declarer is not on the page: nothing renders it.
 */
export function isDeclared(pluginId: string, kind: 'slot' | 'menu', name: string, places: Places): boolean {
  const declared = kind === 'slot' ? places.slots : places.menus;
  if (typeof name === 'string' && declared.has(name)) return true;
  if (!places.complete) return false;
  throw new PluginError(pluginId, `${kind} '${name}' is not declared (declared: ${declaredNames(declared)})`);
}

/**
 * The `ctx` a plugin's setup gets: the request's environment plus the contribution methods, checked as they are called.
 * It copies the environment's members rather than inheriting from it: an object made a prototype per request gives
 * each request new hidden classes, and those (kept in the old generation) would hold the request's objects past
 * young-generation collections. Its methods are the class's, not closures made per plugin and request.
 */
export function pluginContext(id: string, options: Record<string, unknown>, env: ShellEnv, buffer: Contributions, owners: Owners): PluginContext<any> {
  return new SetupContext(id, options, env, buffer, owners) as unknown as PluginContext<any>;
}

/** The contribution methods and the plugin's own members; the environment's members are copied in. */
class SetupContext implements Omit<PluginContext<any>, keyof ShellEnv> {
  readonly #env: ShellEnv;
  readonly #buffer: Contributions;
  readonly #owners: Owners;

  constructor(
    readonly id: string,
    readonly options: Record<string, unknown>,
    env: ShellEnv,
    buffer: Contributions,
    owners: Owners,
  ) {
    Object.assign(this, env);
    this.#env = env;
    this.#buffer = buffer;
    this.#owners = owners;
  }

  // During setup, a service this plugin provided earlier in it is ready at once (a class is built then, and kept).
  get<T>(ref: ServiceRef<T>): T {
    const own = this.#buffer.committed ? undefined : this.#buffer.provided.find(([token]) => token === ref?.id);
    if (!own) return serviceReader(this.#env).get(ref);
    if (isServiceClass(own[1])) own[1] = requestContainer(this.#env).resolve(own[1]);
    return own[1] as T;
  }

  getOptional<T>(ref: ServiceRef<T>): T | null {
    const own = !this.#buffer.committed && this.#buffer.provided.some(([token]) => token === ref?.id);
    return own ? this.get(ref) : serviceReader(this.#env).getOptional(ref);
  }

  stream<T>(ref: StreamRef<T>, stream: Observable<T>): void {
    ownKey(this.id, ref, '.');
    this.#buffer.streams.push([ref.id, stream]);
  }

  effect(run: () => void | (() => void)): void {
    this.#buffer.effects.push(run);
  }

  provide<T>(ref: ServiceRef<T>, service: unknown): void {
    ownKey(this.id, ref, '.');
    const token = ref.id;
    const owner = this.#owners.services.get(token) ?? (this.#buffer.provided.some(([t]) => t === token) ? this.id : undefined);
    if (owner) throw new PluginError(this.id, `service ${token} is already provided by plugin '${owner}'`);
    this.#buffer.provided.push([token, service]);
  }

  onTeardown(fn: () => void): void {
    this.#buffer.teardowns.push(fn);
  }
}

/** A ref's key within the contributing plugin; a plugin contributes under its own refs only. */
function ownKey(pluginId: string, ref: ServiceRef<unknown> | StreamRef<unknown> | LoaderRef<unknown>, sep: '.' | '/'): string {
  if (typeof ref?.id !== 'string' || refOwner(ref) !== pluginId || ref.id[pluginId.length] !== sep) {
    throw new PluginError(pluginId, `${ref?.kind ?? 'ref'} '${ref?.id}' belongs to another plugin: declare a ref '${pluginId}${sep}…' in this plugin`);
  }
  return ref.id.slice(pluginId.length + 1);
}

/** Functions already told apart (a class's source text is read once, not per request). */
const classes = new SideTable<object, boolean>('is a class');

/** A class (built by the container) rather than a ready value. */
export function isServiceClass(value: unknown): value is new (...args: never[]) => unknown {
  if (typeof value !== 'function') return false;
  let known = classes.get(value);
  if (known === undefined) classes.set(value, (known = /^class[\s{]/.test(Function.prototype.toString.call(value))));
  return known;
}
