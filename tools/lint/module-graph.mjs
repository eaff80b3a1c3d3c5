/**
 * The project's import graph for the lint rules: resolves relative specifiers to files and lists a file's imports
 * (static, type-only, dynamic, re-exports, module augmentations), read from disk with TypeScript's pre-processor and
 * cached per file until its modification time changes (checked at most once a second per file).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Extensions tried, in TypeScript's order, for an extensionless or `.js` specifier. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.d.ts', '.js', '.mjs', '.jsx'];
/** Files whose imports form the graph. */
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
/** How long a file's cached imports are trusted before its modification time is checked again. */
const RECHECK_MS = 1000;

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** A project path (root-relative, '/' separators) or null for a path outside the root. */
export function projectPath(root, absolute) {
  const rel = relative(root, absolute);
  if (!rel || rel.startsWith('..') || rel.includes(`node_modules`)) return null;
  return rel.split(sep).join('/');
}

/**
 * The absolute file a relative specifier names from `importer` (absolute), or the bare target path when no file
 * matches (a missing file still has a layer). Null for package specifiers. A `?query` (Vite) is dropped.
 */
export function resolveSpecifier(importer, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const base = join(dirname(importer), specifier.split('?')[0]);
  if (isFile(base)) return base;
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const ext of EXTENSIONS) if (isFile(stem + ext)) return stem + ext;
  for (const ext of EXTENSIONS) if (isFile(join(base, `index${ext}`))) return join(base, `index${ext}`);
  return base;
}

const cache = new Map();

/** The files (absolute) that a code file imports, from disk; [] for a file that is not code or cannot be read. */
export function importsOnDisk(file) {
  if (!CODE_FILE.test(file)) return [];
  const now = Date.now();
  const hit = cache.get(file);
  if (hit && now - hit.checkedAt < RECHECK_MS) return hit.imports;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    cache.delete(file);
    return [];
  }
  if (hit && hit.mtimeMs === mtimeMs) {
    hit.checkedAt = now;
    return hit.imports;
  }
  const specifiers = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
  const imports = [...new Set(specifiers.map((s) => resolveSpecifier(file, s)).filter((f) => f && CODE_FILE.test(f)))];
  cache.set(file, { mtimeMs, checkedAt: now, imports });
  return imports;
}

/**
 * A path of imports from `start` back to `target` (both absolute), as the list of files after `start`, ending with
 * `target`; null when `start` does not reach `target`. Breadth first, so the path found is a shortest one.
 */
export function importPath(start, target, importsOf = importsOnDisk) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const next of importsOf(file)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      if (next === target) return pathTo(next, cameFrom);
      queue.push(next);
    }
  }
  return null;
}

function pathTo(end, cameFrom) {
  const path = [];
  for (let f = end; cameFrom.get(f) !== null; f = cameFrom.get(f)) path.unshift(f);
  return path;
}
