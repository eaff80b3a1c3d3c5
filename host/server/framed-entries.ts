/**
 * The back-end entry pages a region's plugins frame (`framedEntries` of their definitions), by path: the API proxy
 * lets them run their own scripts under `frame-ancestors 'self'`, and passes them only the query their plugin builds.
 */
import { siteFactsOf, type RegionConfig } from '../../core/config/region';
import type { FramedEntry, PluginDefinition } from '../../core/plugin/types';
import type { RegionPlan } from '../../core/registry/plan';

/** The framed entries of one region, by exact path. */
export type FramedEntries = ReadonlyMap<string, FramedEntry>;

/** A same-site path the proxy serves: one slash, then no dot segment, query or fragment. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@/-]*$/;

export function regionFramedEntries(region: RegionConfig, plan: RegionPlan, definitions: ReadonlyMap<string, PluginDefinition<any>>): FramedEntries {
  const out = new Map<string, FramedEntry>();
  for (const { id, options } of plan.plugins) {
    for (const entry of definitions.get(id)?.framedEntries?.(options, siteFactsOf(region)) ?? []) {
      if (!SITE_PATH.test(entry.path) || entry.path.split('/').some((s) => s === '.' || s === '..')) continue;
      out.set(entry.path, entry);
    }
  }
  return out;
}

/**
 * Why a request's query does not fit its framed entry (a parameter not declared, repeated, or a value that does not
 * match its pattern), or null when it does. A query that cannot be decoded does not fit.
 */
export function framedQueryProblem(entry: FramedEntry, search: string): string | null {
  let params: URLSearchParams;
  try {
    // Decoded as the back end would read it: a malformed escape is refused, not passed on.
    for (const part of search.split('&')) if (part) decodeURIComponent(part.replace(/\+/g, ' '));
    params = new URLSearchParams(search);
  } catch {
    return 'the query cannot be decoded';
  }
  const seen = new Set<string>();
  for (const [name, value] of params) {
    const pattern = Object.hasOwn(entry.query ?? {}, name) ? entry.query![name] : undefined;
    if (!pattern) return `query parameter '${name.slice(0, 64)}' is not one this page takes`;
    if (seen.has(name)) return `query parameter '${name}' is repeated`;
    seen.add(name);
    if (!wholeMatch(pattern, value)) return `query parameter '${name}' has a value this page does not take`;
  }
  return null;
}

/** Whether the pattern matches the whole value (a declared /web/ must not let `web<script>` through). */
function wholeMatch(pattern: RegExp, value: string): boolean {
  const whole = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace(/[gy]/g, ''));
  return whole.test(value);
}
