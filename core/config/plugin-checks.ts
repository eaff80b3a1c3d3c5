import { PLUGIN_ID_PATTERN } from '../plugin/define';
import type { OptionsProblem, PluginCatalogue } from '../registry/catalogue';
import { declaredNames } from '../plugin/slots';
import { closest } from './schema-check';
import { removedOptionMessage } from './moved-fields';
import { pointerOf, pointerSegments, type RegionProblem } from './problems';
import type { SourceDoc } from './source';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A region's plugin problems, and each listed plugin's options as validation completed them (schema defaults). */
export interface PluginCheck {
  problems: RegionProblem[];
  /** By plugin id: the options the registry plans with (only meaningful when `problems` is empty). */
  options: Map<string, Record<string, unknown>>;
}

/**
 * Checks a region's plugin map against the installed plugins: unknown ids, each plugin's options against its
 * schema and its own rules (the one place options are checked), missing or disabled dependencies, and dependency
 * cycles among the enabled plugins.
 */
export function checkPlugins(doc: SourceDoc, config: Record<string, unknown>, catalogue: PluginCatalogue): PluginCheck {
  const plugins = config.plugins;
  const options = new Map<string, Record<string, unknown>>();
  if (!isPlain(plugins)) return { problems: [], options }; // the schema check reports it
  const out: RegionProblem[] = [];
  const installed = [...catalogue.definitions.keys()].sort();
  const enabled: string[] = [];

  for (const [id, entry] of Object.entries(plugins)) {
    if (!PLUGIN_ID_PATTERN.test(id)) continue; // the schema check reports a malformed id
    if (!catalogue.has(id)) {
      const hint = closest(id, installed);
      const list = installed.length ? installed.join(', ') : 'none';
      const message = `unknown plugin id '${id}'${hint ? ` (did you mean '${hint}'?)` : ''}; installed plugins: ${list}`;
      out.push(doc.problem(pointerOf('plugins', id), message, 'unknown-plugin', true));
      continue;
    }
    if (!isPlain(entry)) continue; // the schema check reports it
    if (entry.options === undefined || isPlain(entry.options)) {
      const checked = catalogue.validateOptions(id, entry.options);
      options.set(id, checked.value);
      for (const p of checked.problems) out.push(optionProblem(doc, id, entry.options, p));
    }
    if (entry.enabled !== false) enabled.push(id);
  }

  const enabledSet = new Set(enabled);
  const ready: string[] = [];
  for (const id of enabled) {
    let ok = true;
    for (const dep of catalogue.definitions.get(id)!.requires ?? []) {
      if (enabledSet.has(dep)) continue;
      ok = false;
      let why: string;
      if (!catalogue.has(dep)) why = `which is not an installed plugin: disable '${id}'`;
      else if (isPlain(plugins[dep])) why = `which is disabled here: enable '${dep}' or disable '${id}'`;
      else why = `which is not listed here: add "${dep}": {} to plugins or disable '${id}'`;
      out.push(doc.problem(pointerOf('plugins', id), `plugin '${id}' requires '${dep}', ${why}`, 'dependency', true));
    }
    for (const dep of catalogue.definitions.get(id)!.optional ?? []) {
      if (catalogue.has(dep)) continue;
      out.push(doc.problem(pointerOf('plugins', id), `plugin '${id}' optionally uses '${dep}', which is not an installed plugin`, 'dependency', true));
    }
    if (ok) ready.push(id);
  }
  const edges = (id: string) => [...(catalogue.definitions.get(id)!.requires ?? []), ...(catalogue.definitions.get(id)!.optional ?? [])];
  for (const cycle of findCycles(ready, edges)) {
    const message = `dependency cycle: ${[...cycle, cycle[0]].map((c) => `'${c}'`).join(' -> ')}; these plugins cannot be activated: disable one of them`;
    out.push(doc.problem(pointerOf('plugins', cycle[0]), message, 'cycle', true));
  }
  return { problems: [...out, ...checkMenuNames(doc, config, catalogue)], options };
}

/** One options problem, at the offending key or value; an option the plugin's presence replaced says so. */
function optionProblem(doc: SourceDoc, id: string, options: unknown, p: OptionsProblem): RegionProblem {
  const pointer = `${pointerOf('plugins', id, 'options')}${p.pointer}`;
  const atKey = p.message.startsWith('unknown field');
  const removed = atKey ? removedOptionMessage(id, p.pointer.slice(1)) : undefined;
  if (removed) return doc.problem(pointer, removed, 'moved-field', true);
  const got = p.message.startsWith('must be') ? valueAt(options, p.pointer) : undefined;
  const message = `plugin '${id}': ${p.message}${got === undefined ? '' : `; got ${JSON.stringify(got)}`}`;
  return doc.problem(pointer, message, 'plugin-options', atKey);
}

/** The side menus `menus` gives entries to are declared by the host or an installed plugin (core names none). */
function checkMenuNames(doc: SourceDoc, config: Record<string, unknown>, catalogue: PluginCatalogue): RegionProblem[] {
  const declared = catalogue.places.menus;
  if (!isPlain(config.menus)) return []; // the schema check reports it
  return Object.keys(config.menus)
    .filter((name) => !declared.has(name))
    .map((name) => doc.problem(pointerOf('menus', name), `menu '${name}' is not declared (declared: ${declaredNames(declared)})`, 'unknown-menu', true));
}

/** The value a JSON pointer names inside `root`, or undefined. */
function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const seg of pointerSegments(pointer)) {
    if (typeof v !== 'object' || v === null || !Object.prototype.hasOwnProperty.call(v, seg)) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** Every elementary cycle found by a depth-first walk, each once, starting at its first id in `ids` order. */
function findCycles(ids: string[], requires: (id: string) => readonly string[]): string[][] {
  const order = new Map(ids.map((id, i) => [id, i]));
  const cycles = new Map<string, string[]>();
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (id: string) => {
    const at = stack.indexOf(id);
    if (at >= 0) {
      const cycle = stack.slice(at);
      const first = cycle.reduce((a, b) => (order.get(a)! <= order.get(b)! ? a : b));
      const start = cycle.indexOf(first);
      const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
      cycles.set(rotated.join('\n'), rotated);
      return;
    }
    if (done.has(id)) return;
    stack.push(id);
    for (const dep of requires(id)) if (order.has(dep)) visit(dep);
    stack.pop();
    done.add(id);
  };
  ids.forEach(visit);
  return [...cycles.values()];
}
