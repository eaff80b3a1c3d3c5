/**
 * Who made a configuration change and why: `change.note` beside the region configs, two `key: value` lines written with
 * the change (a commit's author and subject, a pipeline's run), e.g.
 *
 *   actor: Alice Martin <alice@example.com>
 *   comment: Chat off in tr while the vendor is down (INC-2211)
 *
 * Each reload's audit line carries it, and whether it changed with that reload (`fresh`): a note left from an earlier
 * change is shown as such, never credited to the new one. The file is optional, read with a size limit, and never
 * makes a reload fail.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

export const CHANGE_NOTE_FILE = 'change.note';
/** Largest note read, bytes; a larger one is reported as such and ignored. */
const MAX_NOTE_BYTES = 4096;
const MAX_ACTOR_CHARS = 200;
const MAX_COMMENT_CHARS = 1000;

export interface ChangeNote {
  actor: string | null;
  comment: string | null;
  /** The note changed since the previous reload (of this process, or the last one in the audit file): it describes this change. */
  fresh: boolean;
  /** A digest of the note's text, to tell the next note from this one across restarts. */
  digest: string;
}

/** The note as read: its fields, or why it was ignored. */
type NoteRead = { actor: string | null; comment: string | null; text: string } | { ignored: string } | null;

/** Reads the folder's note; null when there is none. */
function readChangeNote(dir: string): NoteRead {
  let fd: number;
  try {
    fd = openSync(join(dir, CHANGE_NOTE_FILE), 'r');
  } catch {
    return null;
  }
  try {
    const { size } = fstatSync(fd);
    if (size > MAX_NOTE_BYTES) return { ignored: `${CHANGE_NOTE_FILE} is ${size} bytes; at most ${MAX_NOTE_BYTES} are read` };
    const buffer = Buffer.alloc(size);
    const text = buffer.subarray(0, readSync(fd, buffer, 0, size, 0)).toString('utf8');
    return { ...parseChangeNote(text), text };
  } catch (err) {
    return { ignored: `${CHANGE_NOTE_FILE} cannot be read (${(err as Error).message})` };
  } finally {
    closeSync(fd);
  }
}

/** The first `actor:` and `comment:` lines (keys in any case), each trimmed, without control characters, cut to its limit. */
export function parseChangeNote(text: string): { actor: string | null; comment: string | null } {
  const field = (key: string, max: number) => {
    const m = new RegExp(`^[ \\t]*${key}[ \\t]*:(.*)$`, 'im').exec(text);
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    const value = m?.[1].replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '').trim();
    return value ? [...value].slice(0, max).join('') : null;
  };
  return { actor: field('actor', MAX_ACTOR_CHARS), comment: field('comment', MAX_COMMENT_CHARS) };
}

/** Follows the note from reload to reload: what each audit line records. */
export class ChangeNotes {
  /**
   * @param lastDigest the digest of the note the last audited reload recorded (read back from CONFIG_AUDIT_FILE), so
   *   a restart does not present the same note as new
   */
  constructor(
    private readonly dir: string,
    private readonly log: (message: string) => void,
    private lastDigest: string | null = null,
  ) {}

  /** The note now (null when the folder has none or it is ignored), fresh when its text differs from the last one read. */
  current(): ChangeNote | null {
    const read = readChangeNote(this.dir);
    if (read && 'ignored' in read) this.log(`[config] ${read.ignored}`);
    if (!read || 'ignored' in read) {
      this.lastDigest = null;
      return null;
    }
    const digest = createHash('sha256').update(read.text).digest('hex').slice(0, 16);
    const fresh = digest !== this.lastDigest;
    this.lastDigest = digest;
    return { actor: read.actor, comment: read.comment, fresh, digest };
  }
}
