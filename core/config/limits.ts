/**
 * How much of a config folder is read (region files and the flags file): a file over the size limit is refused
 * before it is read, nesting deeper than the depth limit before it is parsed.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Largest config file read, in bytes (1 MiB; the shipped region files are about 5 KB). */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays accepted (the region schema needs 6). */
export const MAX_CONFIG_DEPTH = 32;

/** The file's text, or why it is not read (too large: counted from its size on disk, nothing read). Throws on I/O errors. */
export function readConfigFile(file: string): { text: string } | { refused: string } {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > MAX_CONFIG_FILE_BYTES) return { refused: `larger than ${MAX_CONFIG_FILE_BYTES} bytes (${size}): not read` };
    const buffer = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, buffer, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    const text = buffer.subarray(0, at).toString('utf8');
    const depth = nestingDepth(text);
    return depth > MAX_CONFIG_DEPTH ? { refused: `nested ${depth} levels deep; at most ${MAX_CONFIG_DEPTH}` } : { text };
  } finally {
    closeSync(fd);
  }
}

/** The deepest nesting of `{` and `[` outside JSON strings (one pass, no parsing). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
