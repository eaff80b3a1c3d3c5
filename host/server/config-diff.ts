/** What changed between two configuration sets: per region its fields, plugins and option paths; the flags' keys. */
import type { RegionConfig } from '../../core/config/region';
import { pointerOf, pointerSegments } from '../../core/config/problems';
import type { FlagsDocument } from './config-set';

/** Most option paths listed per region (a diff line stays bounded; `truncated` says more changed). */
const MAX_DIFF_PATHS = 50;
/** Longest value shown in a diff, characters of JSON. */
const MAX_VALUE_CHARS = 500;

interface RegionDiff {
  region: string;
  change: 'added' | 'removed' | 'changed';
  /** Top-level fields other than `plugins` whose value changed, added or removed. */
  fields: string[];
  /** Plugins enabled now that were not (absent or `enabled: false`). */
  pluginsEnabled: string[];
  /** Plugins no longer enabled. */
  pluginsDisabled: string[];
  /** JSON pointers of the option values that changed in plugins enabled before and after, e.g. `/plugins/chat/options/room`. */
  options: string[];
  /** True when more than MAX_DIFF_PATHS option paths changed (only the first are listed). */
  truncated?: boolean;
  /** The values before and after of each field and option path listed (absent: `undefined`, dropped in JSON); a value longer than 500 characters of JSON is its first 500. */
  values: Record<string, { before?: unknown; after?: unknown }>;
}

interface FlagsDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface ConfigDiff {
  regions: RegionDiff[];
  flags: FlagsDiff;
}

/** The parts of a configuration set a diff compares. */
export interface ConfigSnapshot {
  configs: readonly RegionConfig[];
  flags: FlagsDocument | null;
}

/** The differences from `before` to `after` (regions in `after`'s order, then removed ones); empty lists when equal. */
export function diffConfigSets(before: ConfigSnapshot, after: ConfigSnapshot): ConfigDiff {
  const old = new Map(before.configs.map((c) => [c.key as string, c]));
  const regions: RegionDiff[] = [];
  for (const config of after.configs) {
    const previous = old.get(config.key);
    const diff = previous ? diffRegion(previous, config) : addedOrRemoved(config, 'added');
    if (diff) regions.push(diff);
  }
  const now = new Set(after.configs.map((c) => c.key as string));
  for (const config of before.configs) if (!now.has(config.key)) regions.push(addedOrRemoved(config, 'removed'));
  return { regions, flags: diffFlags(flagMap(before.flags), flagMap(after.flags)) };
}

/** Whether a diff holds no change at all. */
export const isEmptyDiff = (d: ConfigDiff) => !d.regions.length && !d.flags.added.length && !d.flags.removed.length && !d.flags.changed.length;

function addedOrRemoved(config: RegionConfig, change: 'added' | 'removed'): RegionDiff {
  const enabled = enabledPlugins(config);
  return {
    region: config.key,
    change,
    fields: [],
    pluginsEnabled: change === 'added' ? enabled : [],
    pluginsDisabled: change === 'removed' ? enabled : [],
    options: [],
    values: {},
  };
}

function diffRegion(before: RegionConfig, after: RegionConfig): RegionDiff | null {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => k !== 'plugins' && !sameJson((before as unknown as Record<string, unknown>)[k], (after as unknown as Record<string, unknown>)[k]))
    .sort();
  const was = new Set(enabledPlugins(before));
  const is = new Set(enabledPlugins(after));
  const options: string[] = [];
  for (const id of [...is].filter((p) => was.has(p)).sort())
    changedPaths(before.plugins[id]?.options ?? {}, after.plugins[id]?.options ?? {}, pointerOf('plugins', id, 'options'), options);
  const diff: RegionDiff = {
    region: after.key,
    change: 'changed',
    fields,
    pluginsEnabled: [...is].filter((p) => !was.has(p)).sort(),
    pluginsDisabled: [...was].filter((p) => !is.has(p)).sort(),
    options: options.slice(0, MAX_DIFF_PATHS),
    values: {},
  };
  for (const field of fields) diff.values[pointerOf(field)] = beforeAfter(valueAt(before, [field]), valueAt(after, [field]));
  for (const path of diff.options) diff.values[path] = beforeAfter(valueAt(before, pointerSegments(path)), valueAt(after, pointerSegments(path)));
  if (options.length > MAX_DIFF_PATHS) diff.truncated = true;
  return fields.length || diff.pluginsEnabled.length || diff.pluginsDisabled.length || options.length ? diff : null;
}

function valueAt(root: unknown, segments: string[]): unknown {
  let node = root;
  for (const seg of segments) node = isContainer(node) && Object.hasOwn(node, seg) ? (node as Record<string, unknown>)[seg] : undefined;
  return node;
}

function beforeAfter(before: unknown, after: unknown): { before?: unknown; after?: unknown } {
  return { before: shown(before), after: shown(after) };
}

/** A value as the audit shows it: itself, or the start of its JSON when that is longer than MAX_VALUE_CHARS. */
function shown(value: unknown): unknown {
  if (value === undefined) return undefined;
  const json = JSON.stringify(value);
  return json.length > MAX_VALUE_CHARS ? `${json.slice(0, MAX_VALUE_CHARS)}… (${json.length} characters)` : value;
}

/** Ids of the plugins a config enables (present, `enabled` not false), sorted. */
function enabledPlugins(config: RegionConfig): string[] {
  return Object.entries(config.plugins ?? {})
    .filter(([, entry]) => entry?.enabled !== false)
    .map(([id]) => id)
    .sort();
}

/** Appends the pointers of the leaves that differ (a value replaced by another kind counts at its own pointer). */
function changedPaths(a: unknown, b: unknown, pointer: string, out: string[]): void {
  if (out.length > MAX_DIFF_PATHS) return;
  if (isContainer(a) && isContainer(b) && Array.isArray(a) === Array.isArray(b)) {
    const keys = Array.isArray(a)
      ? Array.from({ length: Math.max(a.length, (b as unknown[]).length) }, (_, i) => String(i))
      : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${pointer}${pointerOf(k)}`, out);
    return;
  }
  if (!sameJson(a, b)) out.push(pointer);
}

function diffFlags(before: Map<string, unknown>, after: Map<string, unknown>): FlagsDiff {
  const sorted = (keys: Iterable<string>) => [...keys].sort();
  return {
    added: sorted([...after.keys()].filter((k) => !before.has(k))),
    removed: sorted([...before.keys()].filter((k) => !after.has(k))),
    changed: sorted([...after.keys()].filter((k) => before.has(k) && !sameJson(before.get(k), after.get(k)))),
  };
}

function flagMap(doc: FlagsDocument | null): Map<string, unknown> {
  const flags = doc?.value.flags;
  return new Map(isContainer(flags) && !Array.isArray(flags) ? Object.entries(flags) : []);
}

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null;
}

/** Deep equality of JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  // Arrays by length and items (no key strings made: a region file can hold lists of thousands).
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameJson(v, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], (b as Record<string, unknown>)[k]));
}
