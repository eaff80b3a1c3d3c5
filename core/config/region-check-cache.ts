/**
 * The costly per-file region-config checks (schema, plugin options, contribution checks), remembered by file name and
 * content: a caller that checks the same folder again and again (the server's config reloader) re-runs them only for
 * the files that changed. The cheap checks and the cross-file rules run every time, so the problems are exactly those
 * of a check without the cache. The CLI checks without one.
 */
import { createHash } from 'node:crypto';
import type { PluginCatalogue } from '../registry/catalogue';
import { checkContributions, type ContributionProblem } from '../registry/contribution-check';
import type { RegionConfig } from './region';
import { checkPlugins, type PluginCheck } from './plugin-checks';
import type { RegionProblem } from './problems';
import { checkSchema } from './schema-check';
import type { SourceDoc } from './source';

/** Most files whose results a cache keeps (a config folder holds at most 64); files beyond are checked uncached. */
const MAX_CACHED_FILES = 128;

/** What the costly checks found in one file's content. Never handed out: callers get copies. */
interface FileChecks {
  schema: readonly RegionProblem[];
  plugins: PluginCheck;
  /** Run only once the file is otherwise valid, so possibly not yet. */
  contributions?: readonly ContributionProblem[];
}

/** How many region files the last check read from the cache and how many it checked again. */
interface CacheUse {
  reused: number;
  checked: number;
}

/**
 * The remembered results of the files of the last completed check, for one catalogue and one list of reserved paths
 * (a check with another catalogue or other paths starts from empty). Bounded: only the last check's files are kept,
 * at most MAX_CACHED_FILES.
 */
export class RegionCheckCache {
  private entries: ReadonlyMap<string, FileChecks> = new Map();
  private scope: { catalogue: PluginCatalogue; reserved: string } | undefined;
  private use: CacheUse = { reused: 0, checked: 0 };

  /** Opens a check run; its results replace the cache's when it completes (`RegionFileChecks.finish`). */
  open(catalogue: PluginCatalogue, reservedPaths: readonly string[]): RegionFileChecks {
    const reserved = reservedPaths.join('\n');
    const sameScope = this.scope?.catalogue === catalogue && this.scope.reserved === reserved;
    const known = sameScope ? this.entries : new Map<string, FileChecks>();
    return new RegionFileChecks(catalogue, reservedPaths, known, (entries, use) => {
      this.entries = entries;
      this.scope = { catalogue, reserved };
      this.use = use;
    });
  }

  /** Counts of the last completed check. */
  lastUse(): CacheUse {
    return { ...this.use };
  }

  /** Number of files whose results are kept. */
  get size(): number {
    return this.entries.size;
  }
}

/** A key per file name and content: two different inputs never share one. */
const keyOf = (doc: SourceDoc, text: string): string => createHash('sha256').update(doc.file).update('\u0000').update(text).digest('hex');

const copyProblems = <T extends object>(problems: readonly T[]): T[] => problems.map((p) => ({ ...p }));

/**
 * The costly checks of one check run: each file's results from the cache when its content is known, else computed.
 * Without a cache (`uncachedChecks`) every file is checked. What it returns is the caller's to change.
 */
export class RegionFileChecks {
  private readonly used = new Map<string, FileChecks>();
  private readonly keys = new WeakMap<SourceDoc, string>();
  private readonly use: CacheUse = { reused: 0, checked: 0 };

  constructor(
    private readonly catalogue: PluginCatalogue,
    private readonly reservedPaths: readonly string[],
    private readonly known: ReadonlyMap<string, FileChecks>,
    private readonly onFinish?: (entries: ReadonlyMap<string, FileChecks>, use: CacheUse) => void,
  ) {}

  /** The schema and plugin checks of a parsed file (`text`: what it was parsed from). */
  costly(doc: SourceDoc, text: string, config: Record<string, unknown>): { schema: RegionProblem[]; plugins: PluginCheck } {
    const key = keyOf(doc, text);
    this.keys.set(doc, key);
    let entry = this.used.get(key) ?? this.known.get(key);
    if (entry) this.use.reused++;
    else {
      entry = { schema: checkSchema(doc), plugins: checkPlugins(doc, config, this.catalogue) };
      this.use.checked++;
    }
    if (this.used.size < MAX_CACHED_FILES) this.used.set(key, entry);
    const options = new Map([...entry.plugins.options].map(([id, value]) => [id, structuredClone(value)]));
    return { schema: copyProblems(entry.schema), plugins: { problems: copyProblems(entry.plugins.problems), options } };
  }

  /** The contribution checks of a file `costly` saw, its config completed (options with defaults). */
  contributions(doc: SourceDoc, config: RegionConfig): ContributionProblem[] {
    const key = this.keys.get(doc);
    const entry = key === undefined ? undefined : this.used.get(key);
    if (entry?.contributions) return copyProblems(entry.contributions);
    const found = checkContributions(config, this.catalogue, this.reservedPaths);
    if (entry) entry.contributions = found;
    return copyProblems(found);
  }

  /** Ends the run: the cache keeps this run's files and their results (a run that threw never gets here). */
  finish(): void {
    this.onFinish?.(this.used, { ...this.use });
  }
}

/** The checks of a run without a cache: every file checked, nothing kept. */
export const uncachedChecks = (catalogue: PluginCatalogue, reservedPaths: readonly string[]): RegionFileChecks =>
  new RegionFileChecks(catalogue, reservedPaths, new Map());
