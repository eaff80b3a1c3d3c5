/**
 * The audit trail of configuration reloads: one JSON line each on stdout (or the caller's log), appended to
 * CONFIG_AUDIT_FILE when set (every process appends to the same file; its last lines are read back at start, so the
 * operator page keeps its history across restarts), and the last ones in memory.
 */
import { appendFileSync, closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { ChangeNote } from './change-note';
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
/** The end of the audit file read back at start, bytes (50 lines of a few KB each fit). */
const AUDIT_TAIL_BYTES = 512 * 1024;
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
  /** Who made the change and why (`change.note` in the folder), null when the folder has no note. */
  change: ChangeNote | null;
  /** Time spent reading, checking and building the set. */
  ms: number;
}

/** Writes each record as one JSON line and keeps the last AUDIT_KEEP, newest first. */
export class ReloadAudit {
  private readonly records: ReloadRecord[] = [];

  private fileFailed = false;
  /** The file ends in a cut line (a process stopped mid-write): the next line starts on a new one. */
  private cutLine = false;

  constructor(
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    private readonly keep = AUDIT_KEEP,
    private readonly file?: string,
  ) {
    if (!file) return;
    const tail = readTail(file, keep);
    this.records.push(...tail.records);
    this.cutLine = tail.cut;
  }

  record(
    entry: Omit<ReloadRecord, 'type' | 'time' | 'pid' | 'problemCount' | 'problems' | 'blocked' | 'change'> & {
      problems?: readonly string[];
      blocked?: readonly string[];
      change?: ChangeNote | null;
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
      change: entry.change ?? null,
    };
    this.records.unshift(record);
    if (this.records.length > this.keep) this.records.length = this.keep;
    const line = JSON.stringify(record);
    this.write(line);
    if (this.file) this.append(line);
    return record;
  }

  /** One line, in one write (O_APPEND: lines of several processes never interleave); a failure is said once, never thrown. */
  private append(line: string): void {
    try {
      appendFileSync(this.file!, `${this.cutLine ? '\n' : ''}${line}\n`);
      this.fileFailed = this.cutLine = false;
    } catch (err) {
      if (!this.fileFailed) this.write(`[config] cannot append to CONFIG_AUDIT_FILE ${this.file}: ${(err as Error).message}`);
      this.fileFailed = true;
    }
  }

  /** The kept records, newest first. */
  recent(): readonly ReloadRecord[] {
    return this.records;
  }
}

/** The last `keep` reload records of an audit file, newest first (lines that are not records are skipped), and whether it ends in a cut line. */
function readTail(file: string, keep: number): { records: ReloadRecord[]; cut: boolean } {
  let text: string;
  try {
    const fd = openSync(file, 'r');
    try {
      const size = fstatSync(fd).size;
      const length = Math.min(size, AUDIT_TAIL_BYTES);
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, size - length);
      text = buf.toString('utf8');
      if (length < size) text = text.slice(text.indexOf('\n') + 1); // a cut first line
    } finally {
      closeSync(fd);
    }
  } catch {
    return { records: [], cut: false }; // no file yet
  }
  const records: ReloadRecord[] = [];
  for (const line of text.split('\n').reverse()) {
    if (records.length >= keep) break;
    try {
      const r = JSON.parse(line) as ReloadRecord;
      if (r && r.type === 'config-reload' && typeof r.time === 'string' && typeof r.outcome === 'string') records.push(r);
    } catch {
      // not a record (a partial last line, another program's text)
    }
  }
  return { records, cut: text.length > 0 && !text.endsWith('\n') };
}
