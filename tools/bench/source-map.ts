/**
 * A minimal source-map reader (version 3, no index maps) for the bench: where a generated line and column of a built
 * chunk came from. Enough to name the source file and function behind a trace's minified frame.
 */
import { existsSync, readFileSync } from 'node:fs';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** One mapped segment: generated column → source index, line, column (0-based), name index or -1. */
type Segment = [column: number, source: number, line: number, sourceColumn: number, name: number];

interface SourcePosition {
  source: string;
  line: number;
  name?: string;
}

export interface SourceMapReader {
  /** The original position of a 0-based generated line and column, or null when unmapped. */
  lookup(line: number, column: number): SourcePosition | null;
}

/** Decodes one line's base64 VLQ segments, carrying the running values in `state` (source, line, column, name). */
function decodeLine(text: string, state: number[]): Segment[] {
  const out: Segment[] = [];
  let column = 0;
  for (const part of text.split(',')) {
    if (!part) continue;
    const values: number[] = [];
    let shift = 0;
    let value = 0;
    for (const c of part) {
      const digit = DIGIT.get(c) ?? 0;
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = shift = 0;
      }
    }
    column += values[0];
    if (values.length < 4) continue;
    for (let i = 1; i < 4; i++) state[i - 1] += values[i];
    if (values.length > 4) state[3] += values[4];
    out.push([column, state[0], state[1], state[2], values.length > 4 ? state[3] : -1]);
  }
  return out;
}

/** Reads `<file>.map` beside a built file; null when there is none or it cannot be parsed. */
export function readSourceMap(file: string): SourceMapReader | null {
  if (!existsSync(`${file}.map`)) return null;
  let map: { sources: string[]; names: string[]; mappings: string };
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as typeof map;
  } catch {
    return null;
  }
  const state = [0, 0, 0, 0];
  const lines = map.mappings.split(';').map((l) => decodeLine(l, state));
  return {
    lookup(line, column) {
      const segments = lines[line] ?? [];
      let found: Segment | undefined;
      for (const s of segments) {
        if (s[0] > column) break;
        found = s;
      }
      if (!found) return null;
      const name = found[4] >= 0 ? map.names[found[4]] : undefined;
      return { source: map.sources[found[1]].replace(/^(\.\.\/)+/, ''), line: found[2] + 1, name };
    },
  };
}
