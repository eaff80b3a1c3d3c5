/** The audit trail of configuration reloads: one JSON line each on stdout, and the last ones in memory. */
import type { ConfigDiff } from './config-diff';

/** What started a reload: the first load, a change in the folder, or SIGHUP. */
export type ReloadSource = 'start' | 'file' | 'signal';
/**
 * applied: the new set serves (parts it refused, if any, keep their last good content: `blocked`); refused: nothing
 * new could apply, the last good version serves on; unchanged: same content.
 */
type ReloadOutcome = 'applied' | 'refused' | 'unchanged';

/** Reloads kept in memory (the operator page lists them). */
const AUDIT_KEEP = 50;
/** Problems listed in one audit line; `problemCount` has them all. */
const AUDIT_MAX_PROBLEMS = 20;

export interface ReloadRecord {
  type: 'config-reload';
  time: string;
  pid: number;
  source: ReloadSource;
  outcome: ReloadOutcome;
  /** The version serving before (null at start) and after (the same as `before` unless applied). */
  before: string | null;
  after: string;
  /** What changed (applied); null when refused or unchanged. */
  diff: ConfigDiff | null;
  /** Why a set or some of its parts were refused, each `file:line:col  /pointer  message`. */
  problems: string[];
  /** The parts held back after this load (a region file, the flags file, `file#flag key`), serving their last good content. */
  blocked: string[];
  problemCount: number;
  /** Time spent reading, checking and building the set. */
  ms: number;
}

/** Writes each record as one JSON line and keeps the last AUDIT_KEEP, newest first. */
export class ReloadAudit {
  private readonly records: ReloadRecord[] = [];

  constructor(
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly keep = AUDIT_KEEP,
  ) {}

  record(
    entry: Omit<ReloadRecord, 'type' | 'time' | 'pid' | 'problemCount' | 'problems' | 'blocked'> & {
      problems?: readonly string[];
      blocked?: readonly string[];
    },
  ): ReloadRecord {
    const problems = entry.problems ?? [];
    const record: ReloadRecord = {
      type: 'config-reload',
      time: new Date().toISOString(),
      pid: process.pid,
      ...entry,
      problems: problems.slice(0, AUDIT_MAX_PROBLEMS),
      problemCount: problems.length,
      blocked: [...(entry.blocked ?? [])],
    };
    this.records.unshift(record);
    if (this.records.length > this.keep) this.records.length = this.keep;
    this.write(JSON.stringify(record));
    return record;
  }

  /** The kept records, newest first. */
  recent(): readonly ReloadRecord[] {
    return this.records;
  }
}
