import { findNodeAtOffset, getNodePath, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { escapePointer, LineIndex, pointerOf, pointerSegments, type ProblemCode, type RegionProblem } from './problems';

/** A parsed region file: its syntax tree for positions and its plain value for checks. */
export class SourceDoc {
  readonly root: Node | undefined;
  readonly value: unknown;
  /** Syntax errors and duplicate fields, already positioned. */
  readonly syntaxProblems: RegionProblem[] = [];
  private readonly lines: LineIndex;

  constructor(
    readonly file: string,
    text: string,
  ) {
    // A byte-order mark is invisible in editors; drop it so columns match what the user sees.
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    this.lines = new LineIndex(text);
    const errors: ParseError[] = [];
    this.root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    for (const e of errors) this.syntaxProblems.push(this.at(text.trim() ? e.offset : 0, this.pointerAt(e.offset), describeParseError(e, text), 'syntax'));
    let value: unknown;
    if (!errors.length) {
      try {
        value = JSON.parse(text); // own-property semantics, even for a "__proto__" key
      } catch (err) {
        this.syntaxProblems.push(this.at(0, '', `not valid JSON: ${(err as Error).message}`, 'syntax'));
      }
      if (this.root) this.findDuplicateFields(this.root, '');
    }
    this.value = value;
  }

  /** True when the file parsed; checks beyond syntax only run then. */
  get ok(): boolean {
    return !this.syntaxProblems.some((p) => p.code === 'syntax');
  }

  /** A problem at an offset. */
  at(offset: number, pointer: string, message: string, code: ProblemCode): RegionProblem {
    const { line, col } = this.lines.position(offset);
    return { file: this.file, line, col, pointer, message, code };
  }

  /** A problem at the value the pointer names (its key with `atKey`), or the nearest existing ancestor. */
  problem(pointer: string, message: string, code: ProblemCode, atKey = false): RegionProblem {
    return this.at(this.locate(pointer, atKey)?.offset ?? 0, pointer, message, code);
  }

  /** The node of a pointer (the property key node with `atKey`), else its nearest existing ancestor. */
  locate(pointer: string, atKey = false): Node | undefined {
    let node = this.root;
    const segments = pointerSegments(pointer);
    for (let i = 0; node && i < segments.length; i++) {
      const seg = segments[i];
      let next: Node | undefined;
      if (node.type === 'object') {
        // The last duplicate wins, as in JSON.parse.
        const prop = node.children?.filter((p) => p.children?.[0]?.value === seg).at(-1);
        if (prop) next = atKey && i === segments.length - 1 ? prop.children![0] : (prop.children?.[1] ?? prop);
      } else if (node.type === 'array' && /^(0|[1-9][0-9]*)$/.test(seg)) {
        next = node.children?.[Number(seg)];
      }
      if (!next) break;
      node = next;
    }
    return node;
  }

  /** Pointer of the innermost node around an offset of a (possibly broken) document. */
  private pointerAt(offset: number): string {
    const node = this.root && findNodeAtOffset(this.root, offset, true);
    return node ? pointerOf(...getNodePath(node)) : '';
  }

  private findDuplicateFields(node: Node, pointer: string): void {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const prop of node.children ?? []) {
        const [keyNode, valueNode] = prop.children ?? [];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        const first = seen.get(key);
        const childPointer = `${pointer}/${escapePointer(key)}`;
        if (first) {
          const { line, col } = this.lines.position(first.offset);
          this.syntaxProblems.push(
            this.at(
              keyNode.offset,
              childPointer,
              `duplicate field '${key}' (first at ${line}:${col}); only this last one counts: remove one`,
              'duplicate-field',
            ),
          );
        } else seen.set(key, keyNode);
        if (valueNode) this.findDuplicateFields(valueNode, childPointer);
      }
    } else if (node.type === 'array') {
      node.children?.forEach((child, i) => this.findDuplicateFields(child, `${pointer}/${i}`));
    }
  }
}

const PARSE_HINTS: Record<string, string> = {
  CommaExpected: "expected ',' between values",
  ColonExpected: "expected ':' after the field name",
  PropertyNameExpected: 'expected a field name in double quotes',
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'expected the end of the file after the top-level value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'malformed number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character',
  InvalidSymbol: 'invalid symbol',
  InvalidNumberFormat: 'invalid number format',
};

function describeParseError(e: ParseError, text: string): string {
  const code = printParseErrorCode(e.error);
  if (code === 'ValueExpected') {
    if (!text.trim()) return 'invalid JSON: the file is empty (expected a region config object)';
    const before = text.slice(0, e.offset).trimEnd();
    return `invalid JSON: expected a value${before.endsWith(',') ? ' (trailing commas are not allowed in JSON)' : ''}`;
  }
  return `invalid JSON: ${PARSE_HINTS[code] ?? code}`;
}
