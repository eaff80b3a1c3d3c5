/** Checks of targeting rules (JsonLogic) beyond the schema: context fields read, evaluator references, fractional splits. */
import { closest } from '../config/schema-check';
import { pointerOf } from '../config/problems';
import { CONTEXT_FIELDS } from './types';

export interface TargetingProblem {
  pointer: string;
  message: string;
}

/** Names a `var` may start with: the context fields, `targetingKey`, and flagd's `$flagd.flagKey` / `$flagd.timestamp`. */
const KNOWN_VARS: readonly string[] = [...CONTEXT_FIELDS, 'targetingKey', '$flagd'];
/** Operators whose second argument runs per array element, where `var` names the element's fields. */
const PER_ELEMENT = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);
/** Largest sum of fractional weights flagd accepts. */
const MAX_TOTAL_WEIGHT = 2_147_483_647;

interface Scope {
  /** The flag's variant names; undefined inside `$evaluators` (shared by flags with different variants). */
  variants?: ReadonlySet<string>;
  evaluators: ReadonlySet<string>;
  out: TargetingProblem[];
}

/** Problems of one targeting rule at `pointer` (segments of its location). */
export function checkTargeting(
  rule: unknown,
  at: Array<string | number>,
  variants: ReadonlySet<string> | undefined,
  evaluators: ReadonlySet<string>,
): TargetingProblem[] {
  const scope: Scope = { variants, evaluators, out: [] };
  walk(rule, at, scope, false);
  return scope.out;
}

function walk(node: unknown, at: Array<string | number>, scope: Scope, perElement: boolean): void {
  if (Array.isArray(node)) return node.forEach((child, i) => walk(child, [...at, i], scope, perElement));
  if (typeof node !== 'object' || node === null) return;
  for (const [op, args] of Object.entries(node)) {
    const here = [...at, op];
    if (op === 'var' && !perElement) checkVar(args, here, scope);
    else if (op === '$ref') checkRef(args, here, scope);
    else if (op === 'fractional') checkFractional(args, here, scope);
    if (PER_ELEMENT.has(op) && Array.isArray(args)) {
      walk(args[0], [...here, 0], scope, perElement);
      args.slice(1).forEach((a, i) => walk(a, [...here, i + 1], scope, true));
    } else if (op !== 'var') walk(args, here, scope, perElement);
  }
}

function checkVar(args: unknown, at: Array<string | number>, scope: Scope): void {
  const name: unknown = Array.isArray(args) ? (args as unknown[])[0] : args;
  if (typeof name !== 'string' || name === '') return; // the schema reports a malformed var; '' is the whole context
  const head = name.split('.')[0];
  if (KNOWN_VARS.includes(head)) return;
  const hint = closest(head, KNOWN_VARS);
  scope.out.push({
    pointer: pointerOf(...at),
    message: `targeting reads '${name}', which the shell never puts in the context${hint ? ` (did you mean '${hint}'?)` : ''}; fields: ${KNOWN_VARS.join(', ')}`,
  });
}

function checkRef(name: unknown, at: Array<string | number>, scope: Scope): void {
  if (typeof name === 'string' && !scope.evaluators.has(name))
    scope.out.push({ pointer: pointerOf(...at), message: `no evaluator '${name}' in $evaluators${listed(scope.evaluators)}` });
}

function checkFractional(args: unknown, at: Array<string | number>, scope: Scope): void {
  if (!Array.isArray(args)) return; // the schema reports it
  const first = Array.isArray(args[0]) ? 0 : 1; // a non-array first argument is the bucketing value
  const seen = new Set<string>();
  let total = 0;
  for (let i = first; i < args.length; i++) {
    const bucket = args[i] as unknown;
    const where = pointerOf(...at, i);
    if (!Array.isArray(bucket) || bucket.length < 1 || bucket.length > 2) continue; // the schema reports it
    const [variant, weight = 1] = bucket as [unknown, unknown];
    if (!Number.isInteger(weight) || (weight as number) < 0) {
      scope.out.push({
        pointer: `${where}/1`,
        message: `a fractional weight must be a whole number >= 0 (flagd's in-process evaluator takes no expression here); got ${JSON.stringify(weight)}`,
      });
      continue;
    }
    total += weight as number;
    if (typeof variant !== 'string') continue;
    if (seen.has(variant)) scope.out.push({ pointer: `${where}/0`, message: `variant '${variant}' has two buckets: give it one with the summed weight` });
    seen.add(variant);
    if (scope.variants && !scope.variants.has(variant))
      scope.out.push({ pointer: `${where}/0`, message: `no variant '${variant}' in this flag${listed(scope.variants)}` });
  }
  if (total === 0) scope.out.push({ pointer: pointerOf(...at), message: 'the fractional weights add up to 0: no bucket can be chosen' });
  if (total > MAX_TOTAL_WEIGHT)
    scope.out.push({ pointer: pointerOf(...at), message: `the fractional weights add up to ${total}, more than flagd's ${MAX_TOTAL_WEIGHT}` });
}

const listed = (names: ReadonlySet<string>) => (names.size ? ` (${[...names].join(', ')})` : '');
