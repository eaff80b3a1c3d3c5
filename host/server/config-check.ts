/**
 * The check of the live config folder, as the reloader asks for it: read every file, parse and check the set
 * (config-set.ts), with a cache of the costly per-file checks. The server runs it on a thread of its own
 * (config-check-thread.ts) so that a slow check never holds up a request; `inProcessChecker` runs it on the calling
 * thread (the dev server, tests).
 */
import { RegionCheckCache } from '../../core/config/region-check-cache';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import { deepFreeze } from '../../core/util/freeze';
import { prepareConfigChange, type ChangeRequest, type PreparedChange } from './config-change';
import { checkConfigFolder, type ConfigSetCheck } from './config-set';

/** One check of the folder: the set, and how many region files the cache spared. */
export interface FolderCheck {
  set: ConfigSetCheck;
  use: { reused: number; checked: number };
}

export interface ConfigChecker {
  /** Reads and checks the folder now. Rejects with a `CheckNotRun` when no answer came (the check was not run or lost). */
  check(): Promise<FolderCheck>;
  /** Checks the folder with one file changed as an operator edited it (config-change.ts); rejects like `check`. */
  prepare(change: ChangeRequest): Promise<PreparedChange>;
  /** Stops what runs the checks. */
  close(): Promise<void>;
}

/** Why a check gave no answer: its thread missed the deadline, or ended (crashed, ran out of memory). */
export class CheckNotRun extends Error {
  constructor(
    readonly reason: 'deadline' | 'ended',
    message: string,
  ) {
    super(message);
  }
}

/** Checks `dir` with the set's checks, reusing `cache` for unchanged region files. */
export function checkFolder(dir: string, catalogue: PluginCatalogue, localesDir: string, cache: RegionCheckCache): FolderCheck {
  const set = checkConfigFolder(dir, catalogue, { localesDir, cache });
  return { set, use: cache.lastUse() };
}

/** A check received from another thread, frozen as `checkConfigFiles` freezes its own: shared by every request. */
export function frozenCheck(check: FolderCheck): FolderCheck {
  const { set } = check;
  for (const config of set.configs) deepFreeze(config);
  if (set.flags) deepFreeze(set.flags.value);
  if (set.flagsDraft) deepFreeze(set.flagsDraft.value);
  return check;
}

/** Checks on the calling thread (a slow check blocks it): for the dev server and tests. */
export function inProcessChecker(dir: string, catalogue: PluginCatalogue, localesDir: string): ConfigChecker {
  const cache = new RegionCheckCache();
  return {
    check: () => Promise.resolve().then(() => checkFolder(dir, catalogue, localesDir, cache)),
    prepare: (change) => Promise.resolve().then(() => prepareConfigChange({ dir, catalogue, localesDir }, change)),
    close: () => Promise.resolve(),
  };
}
