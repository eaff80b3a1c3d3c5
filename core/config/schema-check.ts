import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import baseSchema from '../../schemas/region-config.base.schema.json' with { type: 'json' };
import { escapePointer } from './problems';
import { movedFieldMessage } from './moved-fields';
import type { SourceDoc } from './source';
import type { ProblemCode, RegionProblem } from './problems';

// ajv-formats ships CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

/** The hand-written base schema (plugins map open); tools/schemas/generate.ts builds the published one from it. */
export const BASE_SCHEMA = baseSchema as Record<string, unknown>;

/** A strict ajv that knows the editor-only keyword `patternErrorMessage` (VS Code shows it too). */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'patternErrorMessage', schemaType: 'string' });
  return ajv;
}

let validator: ValidateFunction | undefined;

/** Checks a parsed region file against the base schema; problems sit on the offending values. */
export function checkSchema(doc: SourceDoc): RegionProblem[] {
  validator ??= createAjv().compile(BASE_SCHEMA);
  if (validator(doc.value)) return [];
  const seen = new Set<string>();
  const out: RegionProblem[] = [];
  for (const e of validator.errors ?? []) {
    if (e.propertyName !== undefined) continue; // the 'propertyNames' error that follows says it better
    const { pointer, message, atKey, code } = describeSchemaError(e);
    const id = `${pointer}\n${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(doc.problem(pointer, message, code ?? 'schema', atKey));
  }
  return out;
}

/** Turns an ajv error into a sentence; unknown fields point at their key, a moved site field names its new place. */
function describeSchemaError(e: ErrorObject): { pointer: string; message: string; atKey: boolean; code?: ProblemCode } {
  const params = e.params;
  const at = (pointer: string, message: string, atKey = false) => ({ pointer, message, atKey });
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const moved = e.instancePath === '' ? movedFieldMessage(name) : undefined;
      if (moved) return { pointer: `/${escapePointer(name)}`, message: moved, atKey: true, code: 'moved-field' };
      if (e.instancePath === '/flags' && (name === 'module' || name === 'export'))
        return at(`/flags/${name}`, `configuration never names code: name a provider the build registers in 'provider' instead of '${name}'`, true);
      const known = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      const hint = closest(name, known);
      return at(`${e.instancePath}/${escapePointer(name)}`, `unknown field '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}`, true);
    }
    case 'required':
      return at(e.instancePath, `missing required field '${params.missingProperty}'`);
    case 'type':
      return at(e.instancePath, `must be ${article(String(params.type))}, not ${kindOf(e.data)}`);
    case 'enum':
      return at(
        e.instancePath,
        `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(e.data)}`,
      );
    case 'pattern': {
      const hint = (e.parentSchema as { patternErrorMessage?: string })?.patternErrorMessage;
      return at(e.instancePath, `${hint ?? `must match ${params.pattern}`}; got ${JSON.stringify(e.data)}`);
    }
    case 'format':
      return at(e.instancePath, `must be a valid ${params.format}; got ${JSON.stringify(e.data)}`);
    case 'uniqueItems':
      return at(`${e.instancePath}/${Math.max(Number(params.i), Number(params.j))}`, `duplicate of item ${Math.min(Number(params.i), Number(params.j))}`);
    case 'maxItems':
      return at(e.instancePath, `has ${Array.isArray(e.data) ? e.data.length : 'too many'} items: at most ${params.limit} allowed`);
    case 'minItems':
      return at(e.instancePath, `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`);
    case 'maxLength':
      return at(e.instancePath, `is ${typeof e.data === 'string' ? e.data.length : 'too many'} characters long: at most ${params.limit} allowed`);
    case 'propertyNames':
      return at(
        `${e.instancePath}/${escapePointer(String(params.propertyName))}`,
        `'${params.propertyName}' is not a valid plugin id (kebab-case, e.g. 'site-switch')`,
        true,
      );
    default:
      return at(e.instancePath, e.message ?? e.keyword);
  }
}

function article(type: string): string {
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${type}`;
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'number' && !Number.isInteger(v)) return `the fraction ${v}`;
  return `${typeof v} ${JSON.stringify(v)}`;
}

/** The candidate nearest to `name` when it is a likely typo (edit distance at most 2), else undefined. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDist = 3;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDist) [best, bestDist] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
