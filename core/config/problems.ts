/** Problems found in region config files, with their position in the source (server-only). */

/** What kind of check failed; 'io' means the file could not be read (the CLI exits 2). */
export type ProblemCode =
  | 'io'
  | 'syntax'
  | 'duplicate-field'
  | 'schema'
  /** A site field or plugin option that now lives elsewhere: a plugin's options or presence (core/config/moved-fields.ts). */
  | 'moved-field'
  | 'unknown-plugin'
  /** Menu entries for a side menu neither the host nor an installed plugin declares. */
  | 'unknown-menu'
  | 'plugin-options'
  | 'dependency'
  | 'cycle'
  | 'duplicate-key'
  | 'duplicate-id'
  | 'locale'
  | 'file-name'
  | 'consistency'
  | 'contribution'
  | 'flags';

export interface RegionProblem {
  /** The file as it was given (relative paths stay relative). */
  file: string;
  /** 1-based line of the offending value (or key, for an unknown field). */
  line: number;
  /** 1-based column. */
  col: number;
  /** JSON pointer of the offending value ('' for the whole document). */
  pointer: string;
  message: string;
  code: ProblemCode;
}

/** `file:line:col  /json/pointer  message`, the CLI and server format. */
export function formatProblem(p: RegionProblem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.pointer || '(root)'}  ${p.message}`;
}

/** Sorts by file, then position, keeping the order of problems at the same place. */
export function sortProblems(problems: RegionProblem[]): RegionProblem[] {
  return problems
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col || i - j))
    .map(([p]) => p);
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointer(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from segments. */
export function pointerOf(...segments: Array<string | number>): string {
  return segments.map((s) => `/${escapePointer(s)}`).join('');
}

/** Splits a JSON pointer into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Turns offsets into 1-based line:col positions. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo] + 1 };
  }
}
