/**
 * A set of configuration files (region configs and the flags file) checked together: the one check `npm run validate`
 * and the server's loading and reloading share, so a set the CLI accepts is exactly a set the server applies.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { REGION_KEYS, type RegionConfig } from '../../core/config/region';
import { checkRegionFiles, type ValidateOptions } from '../../core/config/validate';
import { pointerOf, sortProblems, type RegionProblem } from '../../core/config/problems';
import { MAX_CONFIG_FILE_BYTES, readConfigFile } from '../../core/config/limits';
import { SourceDoc } from '../../core/config/source';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import { checkFlagFile } from '../../core/flags/check';
import { deepFreeze } from '../../core/util/freeze';
import { RESERVED_PATHS } from '../app/host-paths';

/** The feature-flag file beside the region configs (flagd's flag-definition format). */
const FLAGS_FILE = 'flags.json';
/** Most files a config folder may hold; a folder with more is refused (a mount gone wrong, not a site). */
const MAX_CONFIG_FILES = 64;
/**
 * Most bytes of *.json a config folder may hold, counting the files within MAX_CONFIG_FILE_BYTES (a larger one is
 * refused unread on its own, with its name); more is refused unread.
 */
export const MAX_CONFIG_FOLDER_BYTES = 8 * 1024 * 1024;

/** The parsed flags file. */
export interface FlagsDocument {
  file: string;
  /** Its parsed content: `{ flags: { <key>: { state, variants, defaultVariant, targeting? } }, $evaluators? }`. */
  value: Readonly<Record<string, unknown>>;
  /** The text the checks read: what the server's flag evaluator is built from (absent: `value` serialized). */
  text?: string;
}

export interface ConfigSetCheck {
  /** Every problem, sorted by file and position; empty when the set is valid. */
  problems: RegionProblem[];
  /** The valid region configs, deep-frozen, in REGION_KEYS order (complete only when `problems` is empty). */
  configs: RegionConfig[];
  /** The flags file, when the set has one and it is valid. */
  flags: FlagsDocument | null;
  /** The flags file as parsed when it has the right shape (an object of flag objects), valid or not: its valid flags can apply on their own. */
  flagsDraft: FlagsDocument | null;
}

/** Whether a file is the set's flags file (by name), not a region config. */
export const isFlagsFile = (file: string) => basename(file) === FLAGS_FILE;

/**
 * Checks region config files and the flags file together (schemas, plugin options, locales, file names, cross-file
 * rules, the contribution checks; the flags file's own checks). `options.reservedPaths` defaults to the host's.
 */
export function checkConfigFiles(files: readonly string[], catalogue: PluginCatalogue, options: ValidateOptions): ConfigSetCheck {
  const regionFiles = files.filter((f) => !isFlagsFile(f));
  const flagFiles = files.filter(isFlagsFile);
  const regions = checkRegionFiles(regionFiles, catalogue, { ...options, reservedPaths: options.reservedPaths ?? RESERVED_PATHS });
  const flags = flagFiles.map((f) => checkFlagsFile(f, catalogue));
  const byKey = new Map([...regions.configs.values()].map((c) => [c.key, c]));
  return {
    problems: sortProblems([...regions.problems, ...flags.flatMap((f) => f.problems)]),
    configs: REGION_KEYS.filter((k) => byKey.has(k)).map((k) => deepFreeze(byKey.get(k)!)),
    flags: flags.find((f) => f.document)?.document ?? null,
    flagsDraft: flags.find((f) => f.draft)?.draft ?? null,
  };
}

/** The `*.json` files directly in a folder, sorted (hidden entries such as a ConfigMap's `..data` are skipped). */
export function configFilesIn(dir: string): string[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort();
  if (names.length > MAX_CONFIG_FILES) throw new Error(`${dir} holds ${names.length} .json files; at most ${MAX_CONFIG_FILES} are read`);
  const files = names.map((name) => join(dir, name));
  const bytes = files.reduce((sum, file) => sum + fileSize(file), 0);
  if (bytes > MAX_CONFIG_FOLDER_BYTES) throw new Error(`${dir} holds ${bytes} bytes of .json files; at most ${MAX_CONFIG_FOLDER_BYTES} are read`);
  return files;
}

/** A file's size as the folder's total counts it: 0 when it cannot be read or is over its own limit (its read says why). */
function fileSize(file: string): number {
  try {
    const { size } = statSync(file);
    return size > MAX_CONFIG_FILE_BYTES ? 0 : size;
  } catch {
    return 0;
  }
}

/** Checks every config file of a folder; a folder that cannot be listed or holds no region config is one problem. */
export function checkConfigFolder(dir: string, catalogue: PluginCatalogue, options: ValidateOptions): ConfigSetCheck {
  let files: string[];
  try {
    files = configFilesIn(dir);
  } catch (err) {
    return { problems: [folderProblem(dir, `cannot read the folder (${(err as Error).message})`)], configs: [], flags: null, flagsDraft: null };
  }
  if (!files.some((f) => !isFlagsFile(f)))
    return { problems: [folderProblem(dir, 'no region configs (*.json) in the folder')], configs: [], flags: null, flagsDraft: null };
  return checkConfigFiles(files, catalogue, options);
}

const folderProblem = (dir: string, message: string): RegionProblem => ({ file: dir, line: 1, col: 1, pointer: '', message, code: 'io' });

/**
 * The flags file's checks: JSON syntax and the top-level shape (an object with a `flags` object of flag objects).
 * Then flagd's schema, the flag key convention, variants and targeting (core/flags/check.ts).
 */
function checkFlagsFile(file: string, catalogue: PluginCatalogue): { problems: RegionProblem[]; document: FlagsDocument | null; draft?: FlagsDocument } {
  let text: string;
  try {
    const read = readConfigFile(file);
    if ('refused' in read) return { problems: [{ file, line: 1, col: 1, pointer: '', message: read.refused, code: 'io' }], document: null };
    text = read.text;
  } catch (err) {
    return { problems: [{ file, line: 1, col: 1, pointer: '', message: `cannot read the file (${(err as Error).message})`, code: 'io' }], document: null };
  }
  const doc = new SourceDoc(file, text);
  if (!doc.ok) return { problems: doc.syntaxProblems, document: null };
  const problems = [...doc.syntaxProblems];
  const value = doc.value;
  const flags = isObject(value) ? value.flags : undefined;
  if (!isObject(value)) problems.push(doc.problem('', 'expected an object with a "flags" object (flagd flag definitions)', 'schema'));
  else if (!isObject(flags)) problems.push(doc.problem('/flags', 'expected "flags": an object of flag definitions by key', 'schema'));
  else
    for (const [key, flag] of Object.entries(flags))
      if (!isObject(flag)) problems.push(doc.problem(pointerOf('flags', key), 'expected a flag definition object', 'schema'));
  if (problems.length) return { problems, document: null };
  problems.push(...checkFlagFile(file, text, catalogue));
  const document = { file, value: deepFreeze(value as Record<string, unknown>), text };
  return { problems, document: problems.length ? null : document, draft: document };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
