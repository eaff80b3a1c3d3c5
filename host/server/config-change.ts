/**
 * A change an operator prepares on the operator page: one file of the live config folder as edited, checked with the
 * rest of the folder exactly as `npm run validate` and a reload check it, and given back as a patch (with a change
 * note naming who and why) for the operator to apply to the files under review. Nothing here writes the live folder:
 * the check runs on a copy in a temporary folder, removed at once.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { MAX_CONFIG_FILE_BYTES } from '../../core/config/limits';
import { formatProblem } from '../../core/config/problems';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import { CHANGE_NOTE_FILE } from './change-note';
import { checkConfigFolder, configFilesIn } from './config-set';

export interface ConfigFolder {
  dir: string;
  catalogue: PluginCatalogue;
  localesDir: string;
}

export interface ChangeRequest {
  /** The file's name in the folder (`main.json`, `flags.json`): only a file the folder holds. */
  file: string;
  /** Its whole new text. */
  text: string;
  /** Who asks (the proxy's identity, or what the operator typed) and why: the patch's change note. */
  actor: string;
  comment: string;
}

export type PreparedChange = { outcome: 'refused'; problems: string[] } | { outcome: 'unchanged' } | { outcome: 'prepared'; patch: string; fileName: string };

/** Longest actor and comment kept in the note (change-note.ts reads no more). */
const MAX_ACTOR_CHARS = 200;
const MAX_COMMENT_CHARS = 1000;

/** One answer at a time: a change sent while another is checked is refused at once (each can take seconds). */
const BUSY: PreparedChange = { outcome: 'refused', problems: ['another change is being checked: send this one again once it is done'] };

/**
 * The operator page's access to the folder (operator-page.ts `OperatorChanges`): files listed and read here, a change
 * checked by `prepare` (the server's: on its config check thread, `ConfigChecker.prepare`), one at a time.
 */
export function folderChanges(dir: string, prepare: (change: ChangeRequest) => Promise<PreparedChange>) {
  let preparing = false;
  return {
    files: () => editableFiles(dir),
    current: (file: string) => currentText(dir, file),
    prepare: async (change: ChangeRequest): Promise<PreparedChange> => {
      if (preparing) return BUSY;
      preparing = true;
      try {
        return await prepare(change);
      } finally {
        preparing = false;
      }
    },
  };
}

/** The folder's files the page offers for editing, by name (none while the folder cannot be listed or is over its limits). */
function editableFiles(dir: string): string[] {
  try {
    return configFilesIn(dir).map((f) => basename(f));
  } catch {
    return [];
  }
}

/** The current text of one of the folder's files; null when the folder holds no such file or it cannot be read. */
export function currentText(dir: string, file: string): string | null {
  return editableFiles(dir).includes(file) ? readWithin(join(dir, file)) : null;
}

/** A file's text when it exists and is within the per-file limit (its size checked before it is read); else null. */
function readWithin(path: string): string | null {
  try {
    return statSync(path).size > MAX_CONFIG_FILE_BYTES ? null : readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Checks the folder with `file` replaced by `text`; a valid change comes back as a patch relative to the folder. */
export function prepareConfigChange(folder: ConfigFolder, change: ChangeRequest): PreparedChange {
  const files = configFilesIn(folder.dir);
  const target = files.find((f) => basename(f) === change.file);
  if (!target) return { outcome: 'refused', problems: [`${change.file}: not a file of the config folder (${files.map((f) => basename(f)).join(', ')})`] };
  if (Buffer.byteLength(change.text) > MAX_CONFIG_FILE_BYTES)
    return { outcome: 'refused', problems: [`${change.file}: larger than ${MAX_CONFIG_FILE_BYTES} bytes`] };
  const before = readWithin(target);
  if (before === null) return { outcome: 'refused', problems: [`${change.file}: cannot be read, or larger than ${MAX_CONFIG_FILE_BYTES} bytes`] };
  // A browser sends a text area's lines ended with CRLF: a file written with LF keeps LF.
  const text = before.includes('\r\n') ? change.text : change.text.replace(/\r\n/g, '\n');
  if (before === text) return { outcome: 'unchanged' };
  change = { ...change, text };
  const problems = checkWithChange(folder, files, change);
  if (problems.length) return { outcome: 'refused', problems };
  const notePath = join(folder.dir, CHANGE_NOTE_FILE);
  const hasNote = existsSync(notePath);
  const noteBefore = hasNote ? readWithin(notePath) : null;
  if (hasNote && noteBefore === null) return { outcome: 'refused', problems: [`${CHANGE_NOTE_FILE}: cannot be read, or too large to patch`] };
  const note = changeNote(change.actor, change.comment);
  const patch = [gitPatch(change.file, before, change.text), noteBefore === note ? '' : gitPatch(CHANGE_NOTE_FILE, noteBefore, note)].join('');
  return { outcome: 'prepared', patch, fileName: `${change.file.replace(/\.json$/, '')}-change.patch` };
}

/** The folder's check on a copy where `file` holds the new text; problems name the folder's files, not the copy. */
function checkWithChange(folder: ConfigFolder, files: string[], change: ChangeRequest): string[] {
  const copy = mkdtempSync(join(tmpdir(), 'shell-config-change-'));
  try {
    for (const f of files) copyFileSync(f, join(copy, basename(f)));
    writeFileSync(join(copy, change.file), change.text);
    const { problems } = checkConfigFolder(copy, folder.catalogue, { localesDir: folder.localesDir });
    return problems.map((p) => formatProblem({ ...p, file: p.file.startsWith(copy) ? basename(p.file) : p.file }));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The change note's two lines, each on one line and within the reader's limits. */
export function changeNote(actor: string, comment: string): string {
  const line = (s: string, max: number) =>
    s
      .replace(/[\r\n\t]+/g, ' ')
      .trim()
      .slice(0, max);
  return `actor: ${line(actor, MAX_ACTOR_CHARS) || 'operator page'}\ncomment: ${line(comment, MAX_COMMENT_CHARS) || '(none given)'}\n`;
}

/** A git-style unified diff of one file (`git apply` in the config folder takes it); null `before`: a new file. */
function gitPatch(file: string, before: string | null, after: string): string {
  const body = createTwoFilesPatch(before === null ? '/dev/null' : `a/${file}`, `b/${file}`, before ?? '', after, undefined, undefined, { context: 3 });
  // jsdiff starts with a line of '=' (and 'Index:' in some versions): git wants the diff header first.
  const fromHeader = body.slice(body.indexOf('--- '));
  return `diff --git a/${file} b/${file}\n${before === null ? 'new file mode 100644\n' : ''}${fromHeader}`;
}
