import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PluginError } from '../plugin/errors';
import { collectPlaces, type PlaceDeclarer, type Places } from '../plugin/slots';
import type { PluginDefinition } from '../plugin/types';
import type { RegionConfig } from '../config/region';
import { orderByDependencies } from './order';
import type { PlannedPlugin, RegionPlan } from './plan';

// ajv-formats ships CommonJS; its default export arrives wrapped under some bundlers.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

export interface OptionsProblem {
  /** JSON pointer inside the options object. */
  pointer: string;
  message: string;
}

/** The installed plugins: immutable, one per process (a root-container singleton). */
export class PluginCatalogue {
  readonly definitions: ReadonlyMap<string, PluginDefinition<any>>;
  /** The slots and menus declared by the host and by the installed plugins: all a contribution may go to. */
  readonly places: Places;
  private readonly validators = new Map<string, ValidateFunction>();

  /** `host`: the slots and menus the host layout renders (`host/app/slots.ts`); a name declared twice throws. */
  constructor(defs: PluginDefinition<any>[], host: PlaceDeclarer = { id: 'host' }) {
    const map = new Map<string, PluginDefinition<any>>();
    for (const def of defs) {
      if (map.has(def.id)) throw new PluginError(def.id, 'is defined twice: plugin ids must be unique');
      map.set(def.id, def);
    }
    this.definitions = map;
    this.places = collectPlaces([host, ...defs]);
    const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: true, allowUnionTypes: true, verbose: true });
    addFormats(ajv);
    ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' }); // the editors' message for a pattern
    for (const def of defs) {
      try {
        this.validators.set(def.id, ajv.compile({ type: 'object', additionalProperties: false, ...(def.options ?? {}) }));
      } catch (err) {
        throw new PluginError(def.id, `options schema does not compile: ${(err as Error).message}`);
      }
    }
  }

  has(id: string): boolean {
    return this.definitions.has(id);
  }

  /**
   * Validates options against the schema (filling its defaults), then the plugin's own `checkOptions`; returns the
   * completed copy and the problems (region validation and flag variants call it).
   */
  validateOptions(id: string, options: unknown): { value: Record<string, unknown>; problems: OptionsProblem[] } {
    const validate = this.validators.get(id);
    if (!validate) return { value: {}, problems: [{ pointer: '', message: `unknown plugin id '${id}'` }] };
    const value = structuredClone(options ?? {}) as Record<string, unknown>;
    if (!validate(value)) return { value, problems: (validate.errors ?? []).map(describeAjvError) };
    return { value, problems: this.definitions.get(id)?.checkOptions?.(value) ?? [] };
  }

  /** The options with schema defaults filled in, for a config no validation has seen (tests); throws a PluginError. */
  completeOptions(id: string, options: unknown): Record<string, unknown> {
    const { value, problems } = this.validateOptions(id, options);
    if (problems.length) throw new PluginError(id, `option ${problems[0].pointer || '(root)'} ${problems[0].message}`);
    return value;
  }

  /**
   * Enabled plugins of a region in dependency order, with the options validation completed (`checkRegionFiles`
   * puts them in the config, defaults filled in): nothing is checked again here. Throws a PluginError for an
   * unknown plugin or a broken dependency.
   */
  plan(region: RegionConfig): RegionPlan {
    const enabled: Array<PlannedPlugin & { requires: readonly string[]; optional: readonly string[] }> = [];
    for (const [id, entry] of Object.entries(region.plugins ?? {})) {
      if (entry?.enabled === false) continue;
      const def = this.definitions.get(id);
      if (!def) throw new PluginError(id, `is enabled in region '${region.key}' but no such plugin is installed`);
      enabled.push({ id, options: entry?.options ?? {}, requires: def.requires ?? [], optional: def.optional ?? [] });
    }
    const ordered = orderByDependencies(enabled, new Set(this.definitions.keys()));
    return { region: region.key, plugins: ordered.map(({ id, options }) => ({ id, options })) };
  }
}

/** Turns an ajv error into a short sentence with the pointer of the offending value. */
function describeAjvError(e: ErrorObject): OptionsProblem {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { pointer: `${e.instancePath}/${String(params.additionalProperty)}`, message: `unknown field '${String(params.additionalProperty)}'` };
    case 'required':
      return { pointer: e.instancePath, message: `missing required field '${String(params.missingProperty)}'` };
    case 'type':
      return { pointer: e.instancePath, message: `must be ${String(params.type)}` };
    case 'enum':
      return { pointer: e.instancePath, message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'pattern': {
      const hint = (e.parentSchema as { patternErrorMessage?: string } | undefined)?.patternErrorMessage;
      return { pointer: e.instancePath, message: hint ?? e.message ?? 'must match its pattern' };
    }
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword };
  }
}
