/**
 * Slots and side menus are declared by whoever renders them (the host for its layout, a plugin for its own
 * components), never listed in core. A declarer writes the runtime declaration (the source of truth for the policy)
 * and, beside it, augments `SlotPolicies` / `MenuNames` from it, so a misspelt name at a call site does not compile:
 *
 * ```ts
 * export const TRADE_SLOTS = [defineSlot('trade-panel', { policy: 'stack' })] as const;
 * export const TRADE_MENUS = [defineMenu('trade-tools')] as const;
 * declare module '../../core/plugin-api' {
 *   interface SlotPolicies extends PoliciesOf<typeof TRADE_SLOTS> {}
 *   interface MenuNames extends NamesOf<typeof TRADE_MENUS> {}
 * }
 * definePlugin({ id: 'trade', slots: TRADE_SLOTS, menus: TRADE_MENUS, setup(ctx) { … } });
 * ```
 */
import { DEFINITION_CHECKS } from '../util/browser-build';

/** `stack` all active items, in order; `single` the highest-priority active one; `queue` one dialog at a time (browser only). */
export type SlotPolicy = 'single' | 'stack' | 'queue';

/**
 * Every declared slot with its policy: empty here, augmented by each declarer from its runtime declaration.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SlotPolicies {}

/**
 * Every declared side menu: empty here, augmented by each declarer from its runtime declaration.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface MenuNames {}

/** The declared names of `Declared`; any name while nothing is declared (core compiled alone, without a declarer). */
type DeclaredName<Declared> = [keyof Declared] extends [never] ? string : Extract<keyof Declared, string>;
/** A declared slot's name (what `slotEntries` and `<Slot name>` take). */
export type SlotName = DeclaredName<SlotPolicies>;
/** A declared side menu's name (what `menuEntries` and `useMenuItems` take). */
export type MenuName = DeclaredName<MenuNames>;

/** One slot's declaration: its name, policy, and whether it is a page slot (rendered only by the pages whose route lists it). */
export interface SlotDeclaration<N extends string = string, P extends SlotPolicy = SlotPolicy> {
  readonly kind: 'slot';
  readonly name: N;
  readonly policy: P;
  readonly page: boolean;
  /**
   * Below the fold: the page does not wait for its items' lazy views. The server renders them (and inlines their
   * CSS) but neither names their code in the page nor has the browser load it before hydrating; each keeps the
   * server's HTML until its code arrives, then hydrates in place.
   */
  readonly deferred: boolean;
}

/** One side menu's declaration. */
export interface MenuDeclaration<N extends string = string> {
  readonly kind: 'menu';
  readonly name: N;
}

/** The type a declaration list augments `SlotPolicies` with: `{ [name]: policy }`. */
export type PoliciesOf<L extends readonly SlotDeclaration[]> = { [D in L[number] as D['name']]: D['policy'] };
/** The type a declaration list augments `MenuNames` with: `{ [name]: true }`. */
export type NamesOf<L extends readonly MenuDeclaration[]> = { [D in L[number] as D['name']]: true };

const PLACE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const POLICIES: readonly SlotPolicy[] = ['single', 'stack', 'queue'];

function checkName(kind: 'slot' | 'menu', name: string): void {
  if (typeof name !== 'string' || !PLACE_NAME.test(name)) throw new Error(`${kind} '${name}': the name must be kebab-case, e.g. 'trade-panel'`);
}

/**
 * Declares a slot: `defineSlot('trade-panel', { policy: 'stack' })`; `page: true` when only the pages that list it
 * render it; `deferred: true` below the fold (see `SlotDeclaration.deferred`).
 */
export function defineSlot<N extends string, P extends SlotPolicy>(name: N, o: { policy: P; page?: boolean; deferred?: boolean }): SlotDeclaration<N, P> {
  if (DEFINITION_CHECKS) {
    checkName('slot', name);
    if (!POLICIES.includes(o?.policy)) throw new Error(`slot '${name}': policy must be one of ${POLICIES.join(', ')}`);
    if (o.deferred && o.policy === 'queue') throw new Error(`slot '${name}': a queue renders nothing on the server, so it cannot be deferred`);
  }
  return Object.freeze({ kind: 'slot', name, policy: o.policy, page: o.page === true, deferred: o.deferred === true });
}

/** Declares a side menu: `defineMenu('account')`. */
export function defineMenu<N extends string>(name: N): MenuDeclaration<N> {
  if (DEFINITION_CHECKS) checkName('menu', name);
  return Object.freeze({ kind: 'menu', name });
}

/** Someone who declares slots and menus: the host (`id: 'host'`) or a plugin definition. */
export interface PlaceDeclarer {
  readonly id: string;
  readonly slots?: readonly SlotDeclaration[];
  readonly menus?: readonly MenuDeclaration[];
}

/** The declarations of the host and the installed plugins, by name, each with its declarer. */
export interface Places {
  readonly slots: ReadonlyMap<string, SlotDeclaration & { by: string }>;
  readonly menus: ReadonlyMap<string, MenuDeclaration & { by: string }>;
  /**
   * Whether every installed plugin's declarations are in: true on the server, in the checks and the tester. The
   * browser loads plugins as it needs them, so an undeclared name there may be a declarer it has not loaded.
   */
  readonly complete: boolean;
}

/** The one name for a declarer in messages: `the host` or `plugin 'trade'`. */
const declarerName = (by: string) => (by === 'host' ? 'the host' : `plugin '${by}'`);

/** Collects the declarations; a name declared twice throws naming both declarers (outside the browser build). */
export function collectPlaces(declarers: Iterable<PlaceDeclarer>, complete = true): Places {
  const slots = new Map<string, SlotDeclaration & { by: string }>();
  const menus = new Map<string, MenuDeclaration & { by: string }>();
  const add = <D extends SlotDeclaration | MenuDeclaration>(into: Map<string, D & { by: string }>, d: D, by: string) => {
    const first = DEFINITION_CHECKS && into.get(d.name);
    if (first) throw new Error(`${d.kind} '${d.name}' is declared twice: by ${declarerName(first.by)} and by ${declarerName(by)}`);
    into.set(d.name, { ...d, by });
  };
  for (const declarer of declarers) {
    for (const d of declarer.slots ?? []) add(slots, d, declarer.id);
    for (const d of declarer.menus ?? []) add(menus, d, declarer.id);
  }
  return { slots, menus, complete };
}

/** The names of a declaration map, for messages. */
export const declaredNames = (map: ReadonlyMap<string, unknown>) => [...map.keys()].join(', ') || 'none';
