import type { FakeHandler, FakeResponse, ScenarioDef } from '../../core/testing/fake-api-kit';

/** Scenario names: lower-case letters, digits, '_' and '-', 1 to 64 characters. */
export const SCENARIO_NAME = /^[a-z0-9_-]{1,64}$/;
/** Most run-time scenarios kept; registering one more evicts the oldest. */
const MAX_REGISTERED = 500;
/** Longest `extends` chain followed. */
const MAX_DEPTH = 32;

export interface ScenarioSummary {
  name: string;
  description: string;
  extends: string | null;
  builtIn: boolean;
}

/** Built-in scenarios (fixed at start-up) plus the ones registered at run time through `POST /__mock/scenarios`. */
export class ScenarioRegistry {
  private readonly builtIn = new Map<string, ScenarioDef>();
  private readonly registered = new Map<string, ScenarioDef>();

  constructor(defs: Array<{ def: ScenarioDef; owner: string }>) {
    this.builtIn.set('default', { name: 'default', description: 'Visitor without cookies; an ordinary KYC2-verified user when logged in.', responses: {} });
    let defaultDefined = false;
    for (const { def, owner } of defs) {
      if (!SCENARIO_NAME.test(def.name)) throw new Error(`Fake API ${owner}: scenario name '${def.name}' must match ${SCENARIO_NAME}.`);
      const again = def.name === 'default' ? defaultDefined : this.builtIn.has(def.name);
      if (again) throw new Error(`Fake API ${owner}: scenario '${def.name}' is defined twice; rename one.`);
      if (def.name === 'default') {
        if (def.extends) throw new Error(`Fake API ${owner}: scenario 'default' cannot extend another scenario.`);
        defaultDefined = true;
      }
      this.builtIn.set(def.name, def);
    }
    for (const def of this.builtIn.values()) {
      if (def.extends && !this.builtIn.has(def.extends)) throw new Error(`Fake API: scenario '${def.name}' extends unknown scenario '${def.extends}'.`);
      this.chain(def.name, true);
    }
  }

  get(name: string): ScenarioDef | undefined {
    return this.registered.get(name) ?? this.builtIn.get(name);
  }

  has(name: string): boolean {
    return this.builtIn.has(name) || this.registered.has(name);
  }

  isBuiltIn(name: string): boolean {
    return this.builtIn.has(name);
  }

  /** Adds or replaces a run-time scenario (moving it to the newest place); evicts the oldest beyond MAX_REGISTERED. */
  register(def: ScenarioDef): void {
    this.registered.delete(def.name);
    this.registered.set(def.name, def);
    while (this.registered.size > MAX_REGISTERED) this.registered.delete(this.registered.keys().next().value!);
  }

  remove(name: string): boolean {
    return this.registered.delete(name);
  }

  list(): ScenarioSummary[] {
    const one = (d: ScenarioDef, builtIn: boolean): ScenarioSummary => ({
      name: d.name,
      description: d.description,
      extends: d.extends ?? (d.name === 'default' ? null : 'default'),
      builtIn,
    });
    return [...[...this.builtIn.values()].map((d) => one(d, true)), ...[...this.registered.values()].map((d) => one(d, false))];
  }

  /** Scenarios from `name` up to 'default' (a missing base counts as 'default'); throws on a cycle when `strict`. */
  chain(name: string, strict = false): ScenarioDef[] {
    const out: ScenarioDef[] = [];
    const seen = new Set<string>();
    let cur: string | undefined = name;
    while (cur && out.length < MAX_DEPTH) {
      if (seen.has(cur)) {
        if (strict) throw new Error(`Fake API: scenario '${name}' has an extends cycle through '${cur}'.`);
        break;
      }
      seen.add(cur);
      const def = this.get(cur);
      if (!def) break;
      out.push(def);
      cur = def.name === 'default' ? undefined : (def.extends ?? 'default');
    }
    if (!seen.has('default')) out.push(this.builtIn.get('default')!);
    return out;
  }
}

/**
 * Answers `path` from the chain, most specific scenario first: at each level an exact path entry, then the level's
 * `*` entry (only when `wildcard` is allowed), then the base level; below the chain, `fallback` (the endpoint).
 * A static entry with neither `body` nor `raw` patches the base answer (status, delay, headers).
 */
export function resolveAnswer(
  chain: ScenarioDef[],
  path: string,
  wildcard: boolean,
  call: (handler: FakeHandler, next: () => Promise<FakeResponse>) => Promise<FakeResponse>,
  fallback: () => Promise<FakeResponse>,
): Promise<FakeResponse> {
  const at = (level: number): Promise<FakeResponse> => {
    for (let i = level; i < chain.length; i++) {
      const responses = chain[i].responses;
      const own = Object.prototype.hasOwnProperty.call(responses, path) ? responses[path] : undefined;
      const entry = own ?? (wildcard && Object.prototype.hasOwnProperty.call(responses, '*') ? responses['*'] : undefined);
      if (!entry) continue;
      const next = () => at(i + 1);
      if (typeof entry === 'function') return call(entry, next);
      if (entry.body !== undefined || entry.raw !== undefined) return Promise.resolve(structuredClone(entry));
      return next().then((base) => ({
        ...base,
        status: entry.status ?? base.status,
        delayMs: (base.delayMs ?? 0) + (entry.delayMs ?? 0),
        contentType: entry.contentType ?? base.contentType,
        headers: { ...base.headers, ...entry.headers },
      }));
    }
    return fallback();
  };
  return at(0);
}

/** True when some level of the chain lists `path` exactly. */
export function chainLists(chain: ScenarioDef[], path: string): boolean {
  return chain.some((s) => Object.prototype.hasOwnProperty.call(s.responses, path));
}
