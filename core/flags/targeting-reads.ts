/**
 * What a flag's result depends on: the evaluation-context fields its targeting rule can read. flagd's answer for a
 * flag is a pure function of those fields (and of the flag set), so a result can be kept for them (flagd-provider.ts).
 * Anything this walk cannot be sure of makes the rule's reads unknown (null): such a flag is always evaluated.
 */

/** JsonLogic operators (json-logic-engine's and flagd's) that read the context only through `var` and `fractional`. */
const PURE_OPERATORS = new Set([
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  'cat',
  'substr',
  'merge',
  'sem_ver',
  'starts_with',
  'ends_with',
]);
/** flagd's own property: only the flag key (the same for every evaluation of a flag) is a constant. */
const FLAG_KEY_VAR = '$flagd.flagKey';
/** Deepest rule walked (a deeper one is not cached). */
const MAX_DEPTH = 64;

class Unknown extends Error {}

/**
 * The context fields (top-level names) `targeting` can read, sorted; [] for a flag without targeting; null when the
 * rule uses an operator, a computed or relative `var`, flagd's timestamp or an evaluator this walk does not know.
 * `evaluators` are the flag file's `$evaluators` (flagd puts them in place of `{"$ref": name}`).
 */
export function targetingReads(targeting: unknown, evaluators: Readonly<Record<string, unknown>> = {}): string[] | null {
  if (targeting === undefined || targeting === null) return [];
  if (typeof targeting === 'object' && !Array.isArray(targeting) && Object.keys(targeting).length === 0) return [];
  const reads = new Set<string>();
  try {
    walk(targeting, reads, evaluators, 0);
  } catch (err) {
    if (err instanceof Unknown) return null;
    throw err;
  }
  return [...reads].sort();
}

function walk(node: unknown, reads: Set<string>, evaluators: Readonly<Record<string, unknown>>, depth: number): void {
  if (depth > MAX_DEPTH) throw new Unknown();
  if (Array.isArray(node)) {
    for (const child of node) walk(child, reads, evaluators, depth + 1);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const keys = Object.keys(node);
  if (keys.length !== 1) throw new Unknown(); // not an operation: json-logic-engine's literal objects are not followed
  const op = keys[0];
  const args = (node as Record<string, unknown>)[op];
  if (op === 'var') return readVar(args, reads, evaluators, depth);
  if (op === '$ref') {
    if (typeof args !== 'string' || !Object.hasOwn(evaluators, args)) throw new Unknown();
    return walk(evaluators[args], reads, evaluators, depth + 1);
  }
  if (op === 'fractional')
    reads.add('targetingKey'); // buckets by flag key and targetingKey unless given a value
  else if (!PURE_OPERATORS.has(op)) throw new Unknown();
  walk(args, reads, evaluators, depth + 1);
}

function readVar(args: unknown, reads: Set<string>, evaluators: Readonly<Record<string, unknown>>, depth: number): void {
  const [name, fallback, ...rest]: unknown[] = Array.isArray(args) ? (args as unknown[]) : [args];
  if (rest.length) throw new Unknown();
  if (typeof name !== 'string' && typeof name !== 'number') throw new Unknown(); // computed, or the whole context
  const path = String(name);
  // '' is the whole context; '\' escapes and '/' ('../') change which field is read.
  if (path === '' || path.includes('\\') || path.includes('/')) throw new Unknown();
  const head = path.split('.')[0];
  if (head === '') throw new Unknown();
  if (head === '$flagd') {
    if (path !== FLAG_KEY_VAR) throw new Unknown(); // the timestamp changes every second
  } else reads.add(head);
  if (fallback !== undefined) walk(fallback, reads, evaluators, depth + 1);
}
