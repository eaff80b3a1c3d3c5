import { MAX_DELAY_MS } from './http';
import { SCENARIO_NAME } from './registry';
import type { FakeResponse, ScenarioDef } from '../../core/testing/fake-api-kit';

const ENTRY_KEYS = ['status', 'delayMs', 'body', 'raw', 'contentType', 'headers'];
const MAX_PATHS = 500;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks a `POST /__mock/scenarios` body and turns it into a ScenarioDef; returns an error message naming the field
 * and what is expected instead. `exists(name)` says whether a scenario may be extended.
 */
export function parseScenarioInput(input: unknown, exists: (name: string) => boolean, isBuiltIn: (name: string) => boolean): ScenarioDef | string {
  if (!isObject(input)) return 'body must be a JSON object: {"name", "extends"?, "description"?, "responses": {"<path>": {...}}}';
  const unknown = Object.keys(input).filter((k) => !['name', 'extends', 'description', 'responses'].includes(k));
  if (unknown.length) return `unknown field(s) ${unknown.map((k) => `'${k}'`).join(', ')}; allowed: name, extends, description, responses`;
  const { name, extends: base, description, responses } = input;
  if (typeof name !== 'string' || !SCENARIO_NAME.test(name))
    return `'name' must be a string matching ${SCENARIO_NAME} (lower-case letters, digits, '_' or '-', at most 64)`;
  if (isBuiltIn(name)) return `'${name}' is a built-in scenario; register under another name (it may extend '${name}')`;
  if (base !== undefined) {
    if (typeof base !== 'string' || !SCENARIO_NAME.test(base)) return `'extends' must be a scenario name matching ${SCENARIO_NAME}`;
    if (base === name) return `'extends' cannot name the scenario itself`;
    if (!exists(base)) return `'extends' names unknown scenario '${base}' (GET /__mock/scenarios lists them)`;
  }
  if (description !== undefined && (typeof description !== 'string' || description.length > 200))
    return `'description' must be a string of at most 200 characters`;
  if (!isObject(responses)) return `'responses' must be an object of path → {status?, delayMs?, body?, raw?}`;
  const paths = Object.keys(responses);
  if (paths.length > MAX_PATHS) return `'responses' lists ${paths.length} paths; at most ${MAX_PATHS}`;
  const out: Record<string, FakeResponse> = {};
  for (const path of paths) {
    const err = checkPath(path) ?? checkEntry(responses[path]);
    if (err) return `responses['${path.slice(0, 100)}']: ${err}`;
    out[path] = structuredClone(responses[path]) as FakeResponse;
  }
  return { name, description: typeof description === 'string' ? description : 'Registered at run time.', ...(base ? { extends: base } : {}), responses: out };
}

function checkPath(path: string): string | undefined {
  if (path === '*') return undefined;
  if (!path.startsWith('/') || path.length > 512 || /[?#\s]/.test(path))
    return `a key must be '*' or a path starting with '/' without query, '#' or spaces (at most 512 characters)`;
  return undefined;
}

function checkEntry(entry: unknown): string | undefined {
  if (!isObject(entry)) return 'must be an object {status?, delayMs?, body?, raw?}';
  const extra = Object.keys(entry).filter((k) => !ENTRY_KEYS.includes(k));
  if (extra.length) return `unknown field(s) ${extra.map((k) => `'${k}'`).join(', ')}; allowed: ${ENTRY_KEYS.join(', ')}`;
  const { status, delayMs, raw, body, contentType, headers } = entry;
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 100 && (status as number) <= 599))
    return `'status' must be an integer from 100 to 599`;
  if (delayMs !== undefined && !(typeof delayMs === 'number' && Number.isFinite(delayMs) && delayMs >= 0 && delayMs <= MAX_DELAY_MS))
    return `'delayMs' must be a number from 0 to ${MAX_DELAY_MS}`;
  if (raw !== undefined && typeof raw !== 'string') return `'raw' must be a string (the body sent as is)`;
  if (raw !== undefined && body !== undefined) return `give 'body' or 'raw', not both`;
  if (contentType !== undefined && (typeof contentType !== 'string' || /[\r\n]/.test(contentType))) return `'contentType' must be a one-line string`;
  if (headers !== undefined) {
    if (!isObject(headers)) return `'headers' must be an object of header → string`;
    for (const [k, v] of Object.entries(headers)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(k)) return `header name '${k}' is not valid`;
      if (typeof v !== 'string' || /[\r\n]/.test(v)) return `header '${k}' must be a one-line string`;
    }
  }
  return undefined;
}
