/**
 * Loads the configuration set at start and again on every change: checks it as `npm run validate` does, builds its
 * site version and swaps it in whole. At start every file must be valid. On a reload each region file and each flag
 * applies on its own (config-blocked.ts): a refused one keeps its last good content serving and blocks nothing else.
 * The checks run where the checker runs them (the server's reloads: a thread of their own, config-check-thread.ts);
 * only the build and the swap run on the serving thread. Reloads run one at a time. Each load is audited.
 */
import { formatProblem, RegionConfigError } from '../../core/config/validate';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import type { SiteVersion } from './app-context';
import { ChangeNotes } from './change-note';
import { ReloadAudit, type ReloadRecord, type ReloadSource } from './config-audit';
import { diffConfigSets, type ConfigSnapshot } from './config-diff';
import { applicableSet, type BlockedPart } from './config-blocked';
import type { ChangeRequest, PreparedChange } from './config-change';
import type { ConfigSetCheck } from './config-set';
import { CheckNotRun, inProcessChecker, type ConfigChecker, type FolderCheck } from './config-check';
import { nextTurn } from './next-turn';
import { reportBlockedParts, reportConfigCheckLost, reportConfigReload, reportConfigVersions } from './metrics';

export interface ConfigReloaderOptions {
  /** The folder of the region configs and flags.json. */
  dir: string;
  catalogue: PluginCatalogue;
  /** Folder of locales/<lng>/ (the configs' languages are checked against it). */
  localesDir: string;
  /** Builds the site version of a valid set (throws when it cannot: the set is refused). */
  build: (set: ConfigSetCheck) => SiteVersion;
  /** After a swap: what must follow the new version outside it (caches, the fake API's copy). */
  onApplied?: (site: SiteVersion, previous: SiteVersion) => void;
  audit?: ReloadAudit;
  log: (message: string) => void;
  /** Runs the folder's checks (default: on the calling thread, `inProcessChecker`). */
  checker?: ConfigChecker;
}

type ReloadTrigger = Exclude<ReloadSource, 'start'>;

/** The serving set: its site version and what the next diff compares with. */
interface Active {
  site: SiteVersion;
  snapshot: ConfigSnapshot;
}

export class ConfigReloader {
  private active!: Active;
  readonly audit: ReloadAudit;
  private readonly checker: ConfigChecker;
  /** The parts the last reload refused, whose last good content serves. */
  private blockedParts: BlockedPart[] = [];
  /** The folder's change note, read at each load. */
  private readonly notes: ChangeNotes;
  /** The reload running, if any. */
  private running: Promise<ReloadRecord> | null = null;
  /** The one reload to run after it, for every trigger since it started (with the latest trigger's source). */
  private next: { source: ReloadTrigger; promise: Promise<ReloadRecord> } | null = null;

  /**
   * Loads the first set, checked by the checker as every reload is (the server's: on its check thread too, though
   * nothing is served yet, which leaves that thread warm for the first reload). Rejects with a RegionConfigError listing every problem when the set is invalid, or the checker's error when it gave
   * no answer: the server does not start.
   */
  static async start(o: ConfigReloaderOptions): Promise<ConfigReloader> {
    const reloader = new ConfigReloader(o);
    try {
      await reloader.load();
    } catch (err) {
      await reloader.close();
      throw err;
    }
    return reloader;
  }

  private constructor(private readonly o: ConfigReloaderOptions) {
    this.audit = o.audit ?? new ReloadAudit();
    this.notes = new ChangeNotes(o.dir, o.log, this.audit.recent()[0]?.change?.digest ?? null);
    this.checker = o.checker ?? inProcessChecker(o.dir, o.catalogue, o.localesDir);
  }

  private async load(): Promise<void> {
    const started = performance.now();
    let set: ConfigSetCheck;
    try {
      ({ set } = await this.checker.check());
    } catch (err) {
      if (err instanceof CheckNotRun) reportConfigCheckLost(err.reason);
      this.record('start', 'refused', null, started, [notCheckedProblem(this.o.dir, err as Error)]);
      throw err;
    }
    if (set.problems.length) {
      this.record('start', 'refused', null, started, set.problems.map(formatProblem));
      throw new RegionConfigError(set.problems);
    }
    this.active = { site: this.o.build(set), snapshot: set };
    reportConfigVersions(this.active.site.regionVersions);
    this.record('start', 'applied', null, started);
  }

  /** Stops the checker (its thread); reloads after this are refused. */
  close(): Promise<void> {
    return this.checker.close();
  }

  /** The site version serving now (read once per request). */
  readonly site = (): SiteVersion => this.active.site;

  /** The serving set's parsed files (the operator page shows them). */
  snapshot(): ConfigSnapshot {
    return this.active.snapshot;
  }

  /** The parts of the folder refused by the last reload (a region file, the flags file or one flag), oldest first. */
  blocked(): readonly BlockedPart[] {
    return this.blockedParts;
  }

  /**
   * Reads and checks the folder again; applies what is valid and different, each refused part keeping its last good
   * content. One reload runs at a time: the triggers that come while one runs make one more after it, which reads the
   * folder anew (so the last change is never lost). Resolves with the audit record of the reload that read the folder
   * after this call; never rejects.
   */
  reload(source: ReloadTrigger): Promise<ReloadRecord> {
    if (this.next) {
      this.next.source = source;
      return this.next.promise;
    }
    if (!this.running) return this.run(source);
    const next = { source } as { source: ReloadTrigger; promise: Promise<ReloadRecord> };
    const after = () => {
      this.next = null;
      return this.run(next.source);
    };
    next.promise = this.running.then(after, after);
    this.next = next;
    return next.promise;
  }

  private run(source: ReloadTrigger): Promise<ReloadRecord> {
    const running = this.reloadOnce(source).finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async reloadOnce(source: ReloadTrigger): Promise<ReloadRecord> {
    const started = performance.now();
    let check: FolderCheck;
    try {
      check = await this.checker.check();
    } catch (err) {
      if (err instanceof CheckNotRun) reportConfigCheckLost(err.reason);
      return this.refuse(source, started, [notCheckedProblem(this.o.dir, err as Error)]);
    }
    await nextTurn();
    return this.apply(source, started, check);
  }

  /**
   * Applies a checked set: what is valid and different swaps in, each refused part keeping its last good content. The
   * build, the swap and the audit's diff each take milliseconds for a large set: requests are served between them.
   */
  private async apply(source: ReloadTrigger, started: number, { set: check, use }: FolderCheck): Promise<ReloadRecord> {
    const previous = this.active;
    let set: ConfigSetCheck;
    let blocked: BlockedPart[];
    let site: SiteVersion;
    try {
      const since = new Map(this.blockedParts.map((b) => [b.part, b.since]));
      const applicable = applicableSet(check, previous.snapshot, { dir: this.o.dir, since, now: new Date().toISOString() });
      if (!applicable) return this.refuse(source, started, check.problems.map(formatProblem));
      ({ set, blocked } = applicable);
      site = this.o.build(set);
    } catch (err) {
      return this.refuse(source, started, [`${this.o.dir}:1:1  (root)  the set cannot be built: ${(err as Error).message}`]);
    }
    this.setBlocked(blocked);
    const problems = blocked.flatMap((b) => b.problems);
    if (site.version === previous.site.version) {
      if (problems.length) return this.refuse(source, started, problems);
      return this.record(source, 'unchanged', null, started);
    }
    await nextTurn();
    this.active = { site, snapshot: set };
    reportConfigVersions(site.regionVersions);
    try {
      this.o.onApplied?.(site, previous.site);
    } catch (err) {
      this.o.log(`[config] after applying version ${site.version}: ${(err as Error).stack ?? String(err)}`);
    }
    await nextTurn();
    const { reused, checked } = use;
    this.o.log(
      `[config] version ${site.version} applied (${source}; was ${previous.site.version}; ${checked} of ${reused + checked} region files checked again, ${elapsed(started)} ms)${blockedLine(blocked)}`,
    );
    return this.record(source, 'applied', diffConfigSets(previous.snapshot, set), started, problems, previous.site.version);
  }

  private setBlocked(blocked: BlockedPart[]): void {
    this.blockedParts = blocked.sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a.part < b.part ? -1 : 1));
    reportBlockedParts(this.blockedParts);
  }

  /** The folder this reloader loads. */
  get dir(): string {
    return this.o.dir;
  }

  /** Checks the folder with one file changed (the operator page's prepared change) where the reloads are checked. */
  prepareChange(change: ChangeRequest): Promise<PreparedChange> {
    return this.checker.prepare(change);
  }

  private refuse(source: ReloadSource, started: number, problems: string[]): ReloadRecord {
    this.o.log(
      `[config] reload refused (${source}): version ${this.active.site.version} keeps serving; ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}${blockedLine(this.blockedParts)}`,
    );
    return this.record(source, 'refused', null, started, problems);
  }

  private record(
    source: ReloadSource,
    outcome: ReloadRecord['outcome'],
    diff: ReloadRecord['diff'],
    started: number,
    problems: string[] = [],
    before: string | null = source === 'start' ? null : this.active.site.version,
  ): ReloadRecord {
    reportConfigReload(outcome);
    // `active` is unset while the first set is refused.
    const after = this.active?.site.version ?? before ?? 'none';
    const blocked = this.blockedParts.map((b) => b.part);
    return this.audit.record({ source, outcome, before, after, diff, problems, blocked, change: this.notes.current(), ms: elapsed(started) });
  }
}

/** The problem of a load whose check gave no answer (its thread ended or missed the deadline). */
const notCheckedProblem = (dir: string, err: Error) => `${dir}:1:1  (root)  the set was not checked: ${err.message}`;

/** The log's words for the parts held back, if any. */
function blockedLine(blocked: readonly BlockedPart[]): string {
  if (!blocked.length) return '';
  return `\n  blocked (each keeps its last good content, or serves nothing when it never applied): ${blocked.map((b) => `${b.part} since ${b.since} (${b.serving})`).join(', ')}`;
}

/** Milliseconds since `started`, to a tenth. */
const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
