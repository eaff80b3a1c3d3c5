import { PluginError } from '../plugin/errors';

interface Node {
  id: string;
  requires: readonly string[];
  /** Soft dependencies: ordered first when enabled, ignored when disabled. */
  optional?: readonly string[];
}

/**
 * Orders enabled plugins so every plugin comes after what it requires or optionally uses (stable: config order
 * otherwise). Throws a PluginError for a missing or disabled requirement and for a cycle, naming the plugins
 * involved (an optional dependency that is not installed is reported by the config check).
 */
export function orderByDependencies<T extends Node>(enabled: T[], known: ReadonlySet<string>): T[] {
  const byId = new Map(enabled.map((p) => [p.id, p]));
  for (const p of enabled) {
    for (const dep of p.requires) {
      if (byId.has(dep)) continue;
      throw new PluginError(
        p.id,
        known.has(dep)
          ? `requires '${dep}', which is disabled in this region: enable '${dep}' or disable '${p.id}'`
          : `requires '${dep}', which is not an installed plugin`,
      );
    }
  }
  const after = (p: T) => [...p.requires, ...(p.optional ?? []).filter((d) => byId.has(d))];
  const done = new Set<string>();
  const visiting: string[] = [];
  const out: T[] = [];
  const visit = (p: T) => {
    if (done.has(p.id)) return;
    const at = visiting.indexOf(p.id);
    if (at >= 0) {
      const cycle = [...visiting.slice(at), p.id].join(' -> ');
      throw new PluginError(p.id, `dependency cycle: ${cycle}`);
    }
    visiting.push(p.id);
    for (const dep of after(p)) visit(byId.get(dep)!);
    visiting.pop();
    done.add(p.id);
    out.push(p);
  };
  enabled.forEach(visit);
  return out;
}
