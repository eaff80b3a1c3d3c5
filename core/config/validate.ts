/** Region-config validation and loading (server and CLI only: reads files, never imported by browser code). */
import { readdirSync } from 'node:fs';
import { readConfigFile } from './limits';
import { dirname, join, resolve } from 'node:path';
import type { PluginCatalogue } from '../registry/catalogue';
import { REGION_KEYS, type RegionConfig, type RegionKey } from './region';
import { formatProblem, pointerOf, sortProblems, type RegionProblem } from './problems';
import { SourceDoc } from './source';
import { uncachedChecks, type RegionCheckCache, type RegionFileChecks } from './region-check-cache';
import { checkConsistency, checkDuplicates, checkFileName, checkLocales } from './region-checks';
import { deepFreeze } from '../util/freeze';
import { FLAG_FILE_NAME } from '../flags/file';

export { formatProblem, type RegionProblem } from './problems';

export interface ValidateOptions {
  /** Folder holding locales/<lng>/ translation folders. */
  localesDir: string;
  /** Paths the host serves itself: a plugin route on one of them would be shadowed. */
  reservedPaths?: readonly string[];
  /** Results of earlier checks to reuse for files whose content has not changed (the server's reloader owns one). */
  cache?: RegionCheckCache;
}

export interface ValidationResult {
  /** Every problem, sorted by file and position; empty when all files are valid. */
  problems: RegionProblem[];
  /** The parsed configs of the files without problems, by file as given. */
  configs: Map<string, RegionConfig>;
}

interface ParsedRegion {
  doc: SourceDoc;
  config: Record<string, unknown>;
  pluginOptions: Map<string, Record<string, unknown>>;
}

/** Checks region files together (schema, plugins, locales, file names, cross-file uniqueness). */
export function checkRegionFiles(paths: readonly string[], catalogue: PluginCatalogue, options: ValidateOptions): ValidationResult {
  const reservedPaths = options.reservedPaths ?? [];
  const checks = options.cache?.open(catalogue, reservedPaths) ?? uncachedChecks(catalogue, reservedPaths);
  const problems: RegionProblem[] = [];
  const parsed: ParsedRegion[] = [];
  for (const file of paths) {
    const region = checkRegionFile(file, checks, options.localesDir, problems);
    if (region) parsed.push(region);
  }
  problems.push(...checkDuplicates(parsed));
  const bad = new Set(problems.map((p) => p.file));
  const configs = new Map<string, RegionConfig>();
  for (const { doc, config, pluginOptions } of parsed) {
    if (bad.has(doc.file)) continue;
    withCompletedOptions(config, pluginOptions);
    // Only a config that is otherwise valid can be activated; its contributions are checked then.
    const contributions = checks.contributions(doc, config as unknown as RegionConfig);
    for (const c of contributions)
      problems.push(
        c.pointer ? doc.problem(c.pointer, c.message, 'contribution') : doc.problem(pointerOf('plugins', c.pluginId), c.message, 'contribution', true),
      );
    if (!contributions.length) configs.set(doc.file, config as unknown as RegionConfig);
  }
  checks.finish();
  return { problems: sortProblems(problems), configs };
}

/** One file's own checks, its problems added to `problems`; the parsed file when it is a JSON object. */
function checkRegionFile(file: string, checks: RegionFileChecks, localesDir: string, problems: RegionProblem[]): ParsedRegion | undefined {
  let text: string;
  try {
    const read = readConfigFile(file);
    if ('refused' in read) {
      problems.push({ file, line: 1, col: 1, pointer: '', message: read.refused, code: 'io' });
      return undefined;
    }
    text = read.text;
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read the file (${(err as Error).message})`;
    problems.push({ file, line: 1, col: 1, pointer: '', message: reason, code: 'io' });
    return undefined;
  }
  const doc = new SourceDoc(file, text);
  problems.push(...doc.syntaxProblems);
  if (!doc.ok) return undefined;
  const value = doc.value;
  const config = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined) as Record<string, unknown> | undefined;
  const { schema, plugins } = checks.costly(doc, text, config ?? {});
  problems.push(...schema);
  if (!config) return undefined;
  problems.push(...checkFileName(doc, config), ...plugins.problems, ...checkLocales(doc, config, localesDir), ...checkConsistency(doc, config));
  return { doc, config, pluginOptions: plugins.options };
}

/**
 * Puts each plugin's validated options, schema defaults filled in, in place of what the file said: the registry
 * plans with these and checks nothing again.
 */
function withCompletedOptions(config: Record<string, unknown>, options: ReadonlyMap<string, Record<string, unknown>>): void {
  const plugins = config.plugins as Record<string, { options?: Record<string, unknown> }>;
  for (const [id, value] of options) plugins[id].options = value;
}

/** Problems `{ file, line, col, pointer, message, code }` of the given region files; [] when all are valid. */
export function validateRegionFiles(paths: readonly string[], catalogue: PluginCatalogue, options: ValidateOptions): RegionProblem[] {
  return checkRegionFiles(paths, catalogue, options).problems;
}

/** Thrown by loadRegionConfigs; the message lists every problem as `file:line:col  /pointer  message`. */
export class RegionConfigError extends Error {
  constructor(readonly problems: RegionProblem[]) {
    super(`Invalid region configs (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'RegionConfigError';
  }
}

/**
 * Loads and validates every `<dir>/*.json` but the flag file (flags.json) for the server. Returns deep-frozen configs by region key (in
 * REGION_KEYS order) or throws a RegionConfigError. Locale folders default to `<dir>/../locales`.
 */
export function loadRegionConfigs(dir: string, catalogue: PluginCatalogue, options: Partial<ValidateOptions> = {}): ReadonlyMap<RegionKey, RegionConfig> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== FLAG_FILE_NAME) // the flag file is checked by core/flags
    .sort()
    .map((name) => join(dir, name));
  if (!files.length) throw new Error(`No region configs (*.json) in ${resolve(dir)}`);
  const localesDir = options.localesDir ?? join(dirname(resolve(dir)), 'locales');
  const { problems, configs } = checkRegionFiles(files, catalogue, { localesDir, reservedPaths: options.reservedPaths });
  if (problems.length) throw new RegionConfigError(problems);
  const byKey = new Map([...configs.values()].map((c) => [c.key, c]));
  const ordered = new Map<RegionKey, RegionConfig>();
  for (const key of REGION_KEYS) if (byKey.has(key)) ordered.set(key, deepFreeze(byKey.get(key)!));
  return ordered;
}
