/** Checks of the flag file for `npm run validate`: flagd's schema, the key convention, variants, targeting. */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import flagsSchema from '../../schemas/flagd/flags.json' with { type: 'json' };
import targetingSchema from '../../schemas/flagd/targeting.json' with { type: 'json' };
import { escapePointer, pointerOf, pointerSegments, type RegionProblem } from '../config/problems';
import { closest, createAjv } from '../config/schema-check';
import { SourceDoc } from '../config/source';
import type { PluginCatalogue } from '../registry/catalogue';
import { checkTargeting } from './check-targeting';
import { MAX_PRIORITY } from './decide';
import { MAX_FLAG_FILE_BYTES, MAX_FLAGS } from './file';
import { parseFlagKey } from './keys';
import { optionSchema, targetValueType } from './option-types';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'not']);

let flagdSchema: ValidateFunction | undefined;

/** Every problem of a flag file's text, positioned; [] when it is valid. */
export function checkFlagFile(file: string, text: string, catalogue: PluginCatalogue): RegionProblem[] {
  if (text.length > MAX_FLAG_FILE_BYTES)
    return [{ file, line: 1, col: 1, pointer: '', message: `the flag file is larger than ${MAX_FLAG_FILE_BYTES} bytes`, code: 'flags' }];
  const doc = new SourceDoc(file, text);
  if (!doc.ok) return doc.syntaxProblems;
  const value = doc.value;
  if (!isPlain(value) || !isPlain(value.flags)) return [...doc.syntaxProblems, ...schemaProblems(doc, () => false)];
  const own: RegionProblem[] = [];
  const flags = Object.entries(value.flags);
  if (flags.length > MAX_FLAGS) own.push(doc.problem('/flags', `${flags.length} flags: at most ${MAX_FLAGS}`, 'flags'));
  const evaluators = new Set(isPlain(value.$evaluators) ? Object.keys(value.$evaluators) : []);
  for (const [name, rule] of isPlain(value.$evaluators) ? Object.entries(value.$evaluators) : []) {
    for (const p of checkTargeting(rule, ['$evaluators', name], undefined, evaluators)) own.push(doc.problem(p.pointer, p.message, 'flags'));
  }
  for (const [key, flag] of flags) if (isPlain(flag)) own.push(...checkFlag(doc, key, flag, catalogue, evaluators));
  return [...doc.syntaxProblems, ...schemaProblems(doc, echoes(value.flags, own)), ...own];
}

/**
 * Schema errors the shell's own checks say better: a flag's schema alternatives (boolean, number, string, object
 * flag) all fail when its targeting is wrong, so variant "type" errors of a flag with one variant type are echoes;
 * so are errors in variants or targeting where the shell's checks already spoke.
 */
function echoes(flags: Record<string, unknown>, own: RegionProblem[]): (pointer: string) => boolean {
  return (pointer) => {
    const [, , escaped, part] = pointer.split('/');
    if (part !== 'targeting' && part !== 'variants') return false;
    const key = pointerSegments(pointer)[1];
    if (own.some((p) => p.pointer.startsWith(`/flags/${escaped}/${part}`))) return true;
    if (part === 'targeting') return false;
    const flag = flags[key];
    const values = isPlain(flag) && isPlain(flag.variants) ? Object.values(flag.variants) : [];
    return new Set(values.map((v) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v))).size === 1;
  };
}

function schemaProblems(doc: SourceDoc, isEcho: (pointer: string) => boolean): RegionProblem[] {
  if (!flagdSchema) {
    // flagd's schemas are draft-07 with tuple `items`, which strict mode rejects.
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema(targetingSchema);
    flagdSchema = ajv.compile(flagsSchema);
  }
  if (flagdSchema(doc.value)) return [];
  const errors = (flagdSchema.errors ?? []).filter((e) => !COMBINATORS.has(e.keyword) && !isEcho(e.instancePath));
  // The deepest errors say the most: drop one whose place holds a deeper error, and repeats at one place.
  const deepest = errors.filter((e) => !errors.some((o) => o.instancePath.startsWith(`${e.instancePath}/`)));
  const seen = new Set<string>();
  return deepest.flatMap((e) => {
    if (seen.has(e.instancePath)) return [];
    seen.add(e.instancePath);
    return [doc.problem(e.instancePath, `flagd schema: ${describe(e)}`, 'schema')];
  });
}

function describe(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `unknown field '${String(params.additionalProperty)}'`;
  if (e.keyword === 'enum') return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return e.message ?? e.keyword;
}

/** The key convention, the variants' types and values, and the targeting of one flag. */
function checkFlag(doc: SourceDoc, key: string, flag: Record<string, unknown>, catalogue: PluginCatalogue, evaluators: ReadonlySet<string>): RegionProblem[] {
  const at = pointerOf('flags', key);
  const out: RegionProblem[] = [];
  const variants = isPlain(flag.variants) ? flag.variants : {};
  const targeting = checkTargeting(flag.targeting, ['flags', key, 'targeting'], new Set(Object.keys(variants)), evaluators);
  for (const p of targeting) out.push(doc.problem(p.pointer, p.message, 'flags'));
  const target = parseFlagKey(key);
  if (typeof target === 'string') return [doc.problem(at, target, 'flags', true), ...out];
  const def = catalogue.definitions.get(target.plugin);
  if (!def) {
    const hint = closest(target.plugin, catalogue.definitions.keys());
    return [doc.problem(at, `unknown plugin id '${target.plugin}'${hint ? ` (did you mean '${hint}'?)` : ''}`, 'unknown-plugin', true), ...out];
  }
  const slots = catalogue.places.slots;
  if (target.kind === 'priority' && !slots.has(target.slot)) {
    const hint = closest(target.slot, slots.keys());
    return [
      doc.problem(at, `unknown slot '${target.slot}'${hint ? ` (did you mean '${hint}'?)` : ''}; slots: ${[...slots.keys()].join(', ')}`, 'flags', true),
      ...out,
    ];
  }
  const typed = targetValueType(target, def);
  if (!('type' in typed)) return [doc.problem(at, typed.problem, 'flags', true), ...out];
  const validate = target.kind === 'option' ? optionValidator(catalogue, target.plugin, target.option) : undefined;
  for (const [name, value] of Object.entries(variants)) {
    const where = `${at}/variants/${escapePointer(name)}`;
    const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    if (kind !== typed.type)
      out.push(
        doc.problem(
          where,
          `'${key}' serves ${typed.type === 'object' ? 'an object' : `a ${typed.type}`}; this variant is ${kind === 'array' || kind === 'object' ? `an ${kind}` : `a ${kind}`}`,
          'flags',
        ),
      );
    else if (target.kind === 'priority' && Math.abs(value as number) > MAX_PRIORITY)
      out.push(doc.problem(where, `a priority must be within ±${MAX_PRIORITY}`, 'flags'));
    else if (validate && !validate(value))
      out.push(
        doc.problem(
          where,
          `plugin '${target.plugin}' option '${(target as { option: string }).option}': ${optionMessage(validate.errors?.[0])}; got ${JSON.stringify(value)}`,
          'plugin-options',
        ),
      );
  }
  return out;
}

const validators = new WeakMap<PluginCatalogue, Map<string, ValidateFunction>>();
let optionsAjv: ReturnType<typeof createAjv> | undefined;

/** A validator of one option's values, from the plugin's options schema (compiled once per catalogue). */
function optionValidator(catalogue: PluginCatalogue, plugin: string, option: string): ValidateFunction {
  let byOption = validators.get(catalogue);
  if (!byOption) validators.set(catalogue, (byOption = new Map<string, ValidateFunction>()));
  const id = `${plugin}\0${option}`;
  let validate = byOption.get(id);
  if (!validate) byOption.set(id, (validate = (optionsAjv ??= createAjv()).compile(optionSchema(catalogue.definitions.get(plugin)!, option) ?? {})));
  return validate;
}

function optionMessage(e: ErrorObject | undefined): string {
  if (!e) return 'invalid';
  const params = e.params as Record<string, unknown>;
  const where = e.instancePath ? `${e.instancePath} ` : '';
  if (e.keyword === 'enum') return `${where}must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'additionalProperties') return `${where}unknown field '${String(params.additionalProperty)}'`;
  return `${where}${e.message ?? e.keyword}`;
}

/**
 * What is valid but likely not meant, for `npm run validate` to print apart from the problems: a variant of an option
 * flag that sets the option's `enabled` (visitors served it lose the feature, or get it where the config has it off).
 * A kill switch is `plugin.<id>.enabled`, so this is never the intended way to switch a feature.
 */
export function flagWarnings(file: string, text: string): RegionProblem[] {
  const doc = new SourceDoc(file, text);
  const flags = doc.ok && isPlain(doc.value) && isPlain(doc.value.flags) ? doc.value.flags : {};
  const out: RegionProblem[] = [];
  for (const [key, flag] of Object.entries(flags)) {
    const target = parseFlagKey(key);
    if (typeof target === 'string' || target.kind !== 'option' || !isPlain(flag) || !isPlain(flag.variants)) continue;
    for (const [name, value] of Object.entries(flag.variants)) {
      if (!isPlain(value) || !Object.hasOwn(value, 'enabled')) continue;
      const effect = value.enabled === false ? 'turns the feature off for the visitors served it' : 'changes whether the feature is on';
      out.push(
        doc.problem(
          `${pointerOf('flags', key, 'variants', name)}/enabled`,
          `variant '${name}' sets enabled: ${JSON.stringify(value.enabled)}, which ${effect}; switch a plugin with plugin.${target.plugin}.enabled instead`,
          'flags',
        ),
      );
    }
  }
  return out;
}
