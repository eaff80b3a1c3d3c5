/**
 * Independent application of a configuration set: each region file, and each flag of the flags file, applies on its
 * own. A part whose new content is refused keeps its last good content serving and blocks nothing else: a kill switch
 * in flags.json goes through while a region file is broken, one broken flag leaves the other flags applying, and a
 * region file naming a plugin this build does not know holds back only that region.
 */
import { basename } from 'node:path';
import { formatProblem, pointerSegments, type RegionProblem } from '../../core/config/problems';
import { REGION_KEYS, type RegionConfig } from '../../core/config/region';
import { deepFreeze } from '../../core/util/freeze';
import type { ConfigSnapshot } from './config-diff';
import { isFlagsFile, type ConfigSetCheck, type FlagsDocument } from './config-set';

/** One part of the set refused while the rest applies. */
export interface BlockedPart {
  /** The file (a region file, or the whole flags file), or `<flags file>#<flag key>` for one flag. */
  part: string;
  /** When this part was first refused (ISO time); kept while it stays refused, whatever edits come in between. */
  since: string;
  /** Why, each `file:line:col  /pointer  message`. */
  problems: string[];
  /** What serves in its place: its last good content, or nothing (it never applied: a new region, a new flag). */
  serving: 'last good' | 'nothing';
}

/** What can apply of a checked set: a set without problems, and the parts held back. */
export interface ApplicableSet {
  set: ConfigSetCheck;
  blocked: BlockedPart[];
}

/**
 * The set to apply: every valid part of `check`, with each refused part replaced by what `active` serves for it.
 * Undefined when a problem concerns the folder itself (it cannot be listed, holds no region file): nothing applies.
 * `since` gives the time each part already blocked was first refused.
 */
export function applicableSet(
  check: ConfigSetCheck,
  active: ConfigSnapshot,
  options: { dir: string; since: ReadonlyMap<string, string>; now: string },
): ApplicableSet | undefined {
  if (!check.problems.length) return { set: check, blocked: [] };
  const byPart = new Map<string, { flagKey?: string; problems: RegionProblem[] }>();
  for (const p of check.problems) {
    if (p.file === options.dir) return undefined;
    const flagKey = isFlagsFile(p.file) ? flagOf(p) : undefined;
    const part = flagKey === undefined ? p.file : `${p.file}#${flagKey}`;
    const entry = byPart.get(part) ?? { flagKey, problems: [] };
    entry.problems.push(p);
    byPart.set(part, entry);
  }
  const configs = regionConfigs(check, active, byPart);
  const flags = flagsDocument(check, active, byPart);
  const blocked = [...byPart].map(([part, { flagKey, problems }]) => ({
    part,
    since: options.since.get(part) ?? options.now,
    problems: problems.map(formatProblem),
    serving: servesLastGood(active, problems[0].file, flagKey) ? ('last good' as const) : ('nothing' as const),
  }));
  return { set: { problems: [], configs, flags, flagsDraft: flags }, blocked };
}

/** The flag a problem of the flags file is about alone, if any (else it holds back the whole file). */
function flagOf(p: RegionProblem): string | undefined {
  const [top, key] = pointerSegments(p.pointer);
  return top === 'flags' && key !== undefined && p.code !== 'syntax' && p.code !== 'io' ? key : undefined;
}

/** The region files' key: a region file is named `<key>.json` (a file named otherwise is refused). */
const regionKeyOf = (file: string) => basename(file, '.json');

/** The valid regions of `check`, and for each refused region file the region `active` serves under its name. */
function regionConfigs(check: ConfigSetCheck, active: ConfigSnapshot, byPart: ReadonlyMap<string, unknown>): RegionConfig[] {
  const fresh = new Map(check.configs.map((c) => [c.key, c]));
  const lastGood = new Map(active.configs.map((c) => [c.key, c]));
  const held = new Set([...byPart.keys()].filter((part) => !isFlagsFile(part)).map(regionKeyOf));
  return REGION_KEYS.flatMap((key) => fresh.get(key) ?? (held.has(key) ? (lastGood.get(key) ?? []) : []));
}

/** The flags to apply: the new file's valid flags, the last good definition of each refused one (or of the whole file). */
function flagsDocument(check: ConfigSetCheck, active: ConfigSnapshot, byPart: ReadonlyMap<string, unknown>): FlagsDocument | null {
  const draft = check.flagsDraft;
  if (check.flags) return check.flags;
  // The whole file refused (unreadable, not JSON, the wrong shape, a problem outside one flag): the last good flags serve.
  if (!draft || byPart.has(draft.file)) return [...byPart.keys()].some(isFlagsFile) ? active.flags : null;
  const lastGood = (active.flags?.value.flags ?? {}) as Record<string, unknown>;
  const flags = Object.fromEntries(
    Object.entries(draft.value.flags as Record<string, unknown>).flatMap(([key, flag]) =>
      byPart.has(`${draft.file}#${key}`) ? (Object.hasOwn(lastGood, key) ? [[key, lastGood[key]]] : []) : [[key, flag]],
    ),
  );
  return { file: draft.file, value: deepFreeze({ ...draft.value, flags }) };
}

/** Whether `active` serves something for a refused region file, flags file or flag. */
function servesLastGood(active: ConfigSnapshot, file: string, flagKey: string | undefined): boolean {
  if (!isFlagsFile(file)) return active.configs.some((c) => c.key === regionKeyOf(file));
  if (flagKey === undefined) return active.flags !== null;
  return Object.hasOwn(active.flags?.value.flags ?? {}, flagKey);
}
