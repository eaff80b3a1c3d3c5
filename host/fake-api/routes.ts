import type { FakeApiModule, FakeHandler } from '../../core/testing/fake-api-kit';

interface CompiledRoute {
  key: string;
  method: string | null;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
}

/** A route found for a request: its handler and `:name` values; `methodMismatch` when only another method matches. */
export type RouteMatch = { handler: FakeHandler; params: Record<string, string> } | { methodMismatch: true } | null;

const METHOD_KEY = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\/\S*)$/;

/** The endpoints of every module, compiled once; a key defined twice throws, naming both modules. */
export class RouteTable {
  private readonly routes: CompiledRoute[] = [];
  private readonly owners = new Map<string, string>();

  constructor(modules: FakeApiModule[]) {
    modules.forEach((mod, i) => {
      const owner = mod.name ?? `module #${i}`;
      for (const [key, handler] of Object.entries(mod.routes ?? {})) this.add(key, handler, owner);
    });
  }

  private add(key: string, handler: FakeHandler, owner: string) {
    const m = METHOD_KEY.exec(key.trim());
    const method = m ? m[1] : null;
    const path = m ? m[2] : key.trim();
    if (!path.startsWith('/')) throw new Error(`Fake API ${owner}: route '${key}' must be '/path' or 'METHOD /path'.`);
    const norm = `${method ?? '*'} ${path}`;
    const prev = this.owners.get(norm);
    if (prev) throw new Error(`Fake API ${owner}: route '${key}' is already defined by ${prev}; remove one of them.`);
    this.owners.set(norm, owner);
    const names: string[] = [];
    const source = path
      .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
      .map((part) => {
        if (part.startsWith(':')) {
          names.push(part.slice(1));
          return '([^/]+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    this.routes.push({ key, method, pattern: new RegExp(`^${source}$`), names, handler });
    // Exact method routes win over any-method routes.
    this.routes.sort((a, b) => Number(b.method !== null) - Number(a.method !== null));
  }

  /** Finds the route for a method and path (HEAD matches GET routes). */
  match(method: string, path: string): RouteMatch {
    let mismatch = false;
    for (const r of this.routes) {
      const hit = r.pattern.exec(path);
      if (!hit) continue;
      if (r.method && r.method !== method && !(method === 'HEAD' && r.method === 'GET')) {
        mismatch = true;
        continue;
      }
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        try {
          params[n] = decodeURIComponent(hit[i + 1]);
        } catch {
          params[n] = hit[i + 1];
        }
      });
      return { handler: r.handler, params };
    }
    return mismatch ? { methodMismatch: true } : null;
  }
}
