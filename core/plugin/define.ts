import { DEFINITION_CHECKS } from '../util/browser-build';
import { PluginError } from './errors';
import { DELIVERY_HINTS } from './delivery';
import type { BrowserPermission, LoaderContribution, PluginDefinition, PluginDependency, PluginSpec } from './types';

const PERMISSIONS: readonly BrowserPermission[] = ['camera', 'microphone', 'geolocation'];

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * Declares a plugin; checks its id, delivery hints and dependency lists at creation (outside the browser build:
 * core/util/browser-build.ts).
 */
export function definePlugin<O = Record<string, unknown>>(spec: PluginSpec<O>): PluginDefinition<O> {
  if (DEFINITION_CHECKS) checkSpec(spec);
  const ids = (deps: readonly PluginDependency[] | undefined) => (deps ?? []).map((dep) => dep.id);
  return Object.freeze({ ...spec, requires: ids(spec.requires), optional: ids(spec.optional) });
}

/** The parts a plugin declares as data, each a function of its options and region, with the shape it returns. */
const DECLARED_PARTS = {
  routes: "(options, region) => [{ path: '/…', component }, …]",
  slotEntries: "(options, region) => [{ slot: 'modal', key, render }]",
  menuEntries: "(options, region) => [{ menu: 'account', key, label, path }]",
  loaders: '(options, region) => [loader({ key, run })]',
  guards: '(options, region) => [({ path, env }) => target | null]',
  csp: "(options, region) => ({ connect?: ['https://…'], … })",
} as const;

function checkSpec<O>(spec: PluginSpec<O>): void {
  const id = spec.id;
  if (typeof id !== 'string' || !PLUGIN_ID_PATTERN.test(id)) {
    throw new PluginError(String(id), `id must be kebab-case (${PLUGIN_ID_PATTERN}), e.g. 'site-switch'`);
  }
  if (spec.setup !== undefined && typeof spec.setup !== 'function') throw new PluginError(id, 'setup(ctx) must be a function');
  for (const [part, shape] of Object.entries(DECLARED_PARTS) as Array<[keyof typeof DECLARED_PARTS, string]>) {
    if (spec[part] !== undefined && typeof spec[part] !== 'function') throw new PluginError(id, `${part} must be a function ${shape}`);
  }
  for (const p of spec.permissions ?? []) {
    if (!PERMISSIONS.includes(p)) throw new PluginError(id, `permissions: '${p}' is not one of ${PERMISSIONS.join(', ')}`);
  }
  checkDelivery(id, spec.delivery);
  checkDeclarations(id, 'slots', spec.slots);
  checkDeclarations(id, 'menus', spec.menus);
  const requires = dependencyIds(id, 'requires', spec.requires);
  const optional = dependencyIds(id, 'optional', spec.optional);
  if (requires.includes(id) || optional.includes(id)) throw new PluginError(id, 'requires itself');
  const both = requires.find((dep) => optional.includes(dep));
  if (both) throw new PluginError(id, `'${both}' is both required and optional: keep it in one list`);
}

/** A loader for a plugin's `loaders` list, its result typed by its ref: `loader({ key: STATS, run: … })`. */
export function loader<T>(contribution: LoaderContribution<T>): LoaderContribution<T> {
  return contribution;
}

/** Every hint is a known name with a function value (the type says so too; this catches untyped callers). */
function checkDelivery(id: string, delivery: unknown): void {
  if (delivery === undefined) return;
  if (typeof delivery !== 'object' || delivery === null) throw new PluginError(id, 'delivery must be an object of hints');
  for (const [hint, value] of Object.entries(delivery)) {
    if (!(DELIVERY_HINTS as readonly string[]).includes(hint)) {
      throw new PluginError(id, `delivery: '${hint}' is not a delivery hint (hints: ${DELIVERY_HINTS.join(', ')})`);
    }
    if (typeof value !== 'function') throw new PluginError(id, `delivery: '${hint}' must be a function`);
  }
}

/** `slots` / `menus` hold declarations made with `defineSlot` / `defineMenu`. */
function checkDeclarations(id: string, list: 'slots' | 'menus', declarations: unknown): void {
  if (declarations === undefined) return;
  const kind = list === 'slots' ? 'slot' : 'menu';
  const maker = list === 'slots' ? "defineSlot('name', { policy })" : "defineMenu('name')";
  if (!Array.isArray(declarations)) throw new PluginError(id, `${list} must be a list of ${maker} declarations`);
  for (const d of declarations as unknown[]) {
    if ((d as { kind?: unknown } | null)?.kind !== kind) throw new PluginError(id, `${list}: ${JSON.stringify(d)} is not made by ${maker}`);
  }
}

/** The ids of a dependency list of refs or definitions; a string (or anything without a plugin id) is refused. */
function dependencyIds(id: string, list: 'requires' | 'optional', deps: readonly PluginDependency[] | undefined): string[] {
  return (deps ?? []).map((dep) => {
    const depId = typeof dep === 'object' && dep !== null ? dep.id : undefined;
    if (typeof depId !== 'string' || !PLUGIN_ID_PATTERN.test(depId)) {
      throw new PluginError(id, `${list}: ${JSON.stringify(dep)} is not a plugin ref or definition (import the plugin's ref from its index.ts)`);
    }
    return depId;
  });
}
