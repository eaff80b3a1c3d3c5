/**
 * Loads the configuration set at start and again on every change: checks it as `npm run validate` does, builds its
 * site version and swaps it in whole, or refuses it and keeps the last good one serving. Each load is audited.
 */
import { formatProblem, RegionConfigError } from '../../core/config/validate';
import { RegionCheckCache } from '../../core/config/region-check-cache';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import type { SiteVersion } from './app-context';
import { ReloadAudit, type ReloadRecord, type ReloadSource } from './config-audit';
import { diffConfigSets, type ConfigSnapshot } from './config-diff';
import { checkConfigFolder, type ConfigSetCheck } from './config-set';
import { reportConfigReload, reportConfigVersions } from './metrics';

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
}

/** The serving set: its site version and what the next diff compares with. */
interface Active {
  site: SiteVersion;
  snapshot: ConfigSnapshot;
}

export class ConfigReloader {
  private active: Active;
  readonly audit: ReloadAudit;
  /** The last check's per-file results: a reload checks again only the region files that changed. */
  private readonly checks = new RegionCheckCache();

  /** Loads the first set; throws a RegionConfigError listing every problem when it is invalid (the server does not start). */
  constructor(private readonly o: ConfigReloaderOptions) {
    this.audit = o.audit ?? new ReloadAudit();
    const started = performance.now();
    const set = this.check();
    if (set.problems.length) {
      this.record('start', 'refused', null, started, set.problems.map(formatProblem));
      throw new RegionConfigError(set.problems);
    }
    this.active = { site: o.build(set), snapshot: set };
    reportConfigVersions(this.active.site.regionVersions);
    this.record('start', 'applied', null, started);
  }

  /** The site version serving now (read once per request). */
  readonly site = (): SiteVersion => this.active.site;

  /** The serving set's parsed files (the operator page shows them). */
  snapshot(): ConfigSnapshot {
    return this.active.snapshot;
  }

  /** Reads and checks the folder again; applies the set when valid and different. Never throws. */
  reload(source: Exclude<ReloadSource, 'start'>): ReloadRecord {
    const started = performance.now();
    const previous = this.active;
    let set: ConfigSetCheck;
    let site: SiteVersion;
    try {
      set = this.check();
      if (set.problems.length) return this.refuse(source, started, set.problems.map(formatProblem));
      site = this.o.build(set);
    } catch (err) {
      return this.refuse(source, started, [`${this.o.dir}:1:1  (root)  the set cannot be built: ${(err as Error).message}`]);
    }
    if (site.version === previous.site.version) return this.record(source, 'unchanged', null, started);
    this.active = { site, snapshot: set };
    reportConfigVersions(site.regionVersions);
    try {
      this.o.onApplied?.(site, previous.site);
    } catch (err) {
      this.o.log(`[config] after applying version ${site.version}: ${(err as Error).stack ?? String(err)}`);
    }
    const { reused, checked } = this.checks.lastUse();
    this.o.log(
      `[config] version ${site.version} applied (${source}; was ${previous.site.version}; ${checked} of ${reused + checked} region files checked again, ${elapsed(started)} ms)`,
    );
    return this.record(source, 'applied', diffConfigSets(previous.snapshot, set), started, [], previous.site.version);
  }

  private check(): ConfigSetCheck {
    return checkConfigFolder(this.o.dir, this.o.catalogue, { localesDir: this.o.localesDir, cache: this.checks });
  }

  private refuse(source: ReloadSource, started: number, problems: string[]): ReloadRecord {
    this.o.log(
      `[config] reload refused (${source}): version ${this.active.site.version} keeps serving; ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`,
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
    return this.audit.record({ source, outcome, before, after, diff, problems, ms: elapsed(started) });
  }
}

/** Milliseconds since `started`, to a tenth. */
const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
