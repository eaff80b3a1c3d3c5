/** Region-config validation and loading (server and CLI only: reads files, never imported by browser code). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PluginCatalogue } from '../registry/catalogue';
import { REGION_KEYS, type RegionConfig, type RegionKey } from './region';
import { formatProblem, pointerOf, sortProblems, type RegionProblem } from './problems';
import { SourceDoc } from './source';
import { checkSchema } from './schema-check';
import { checkPlugins } from './plugin-checks';
import { checkConsistency, checkDuplicates, checkFileName, checkLocales } from './region-checks';
import { deepFreeze } from '../util/freeze';
import { checkContributions } from '../registry/contribution-check';
import { FLAG_FILE_NAME } from '../flags/file';

export { formatProblem, type RegionProblem } from './problems';

export interface ValidateOptions {
  /** Folder holding locales/<lng>/ translation folders. */
  localesDir: string;
  /** Paths the host serves itself: a plugin route on one of them would be shadowed. */
  reservedPaths?: readonly string[];
}

export interface ValidationResult {
  /** Every problem, sorted by file and position; empty when all files are valid. */
  problems: RegionProblem[];
  /** The parsed configs of the files without problems, by file as given. */
  configs: Map<string, RegionConfig>;
}

/** Checks region files together (schema, plugins, locales, file names, cross-file uniqueness). */
export function checkRegionFiles(paths: readonly string[], catalogue: PluginCatalogue, options: ValidateOptions): ValidationResult {
  const problems: RegionProblem[] = [];
  const parsed: Array<{ doc: SourceDoc; config: Record<string, unknown>; pluginOptions: Map<string, Record<string, unknown>> }> = [];
  for (const file of paths) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read the file (${(err as Error).message})`;
      problems.push({ file, line: 1, col: 1, pointer: '', message: reason, code: 'io' });
      continue;
    }
    const doc = new SourceDoc(file, text);
    problems.push(...doc.syntaxProblems);
    if (!doc.ok) continue;
    problems.push(...checkSchema(doc));
    const value = doc.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const config = value as Record<string, unknown>;
    const plugins = checkPlugins(doc, config, catalogue);
    problems.push(...checkFileName(doc, config), ...plugins.problems, ...checkLocales(doc, config, options.localesDir), ...checkConsistency(doc, config));
    parsed.push({ doc, config, pluginOptions: plugins.options });
  }
  problems.push(...checkDuplicates(parsed));
  const bad = new Set(problems.map((p) => p.file));
  const configs = new Map<string, RegionConfig>();
  for (const { doc, config, pluginOptions } of parsed) {
    if (bad.has(doc.file)) continue;
    withCompletedOptions(config, pluginOptions);
    // Only a config that is otherwise valid can be activated; its contributions are checked then.
    const contributions = checkContributions(config as unknown as RegionConfig, catalogue, options.reservedPaths ?? []);
    for (const c of contributions)
      problems.push(doc.problem(pointerOf('plugins', c.pluginId), `${c.message} (activated for a ${c.request} request)`, 'contribution', true));
    if (!contributions.length) configs.set(doc.file, config as unknown as RegionConfig);
  }
  return { problems: sortProblems(problems), configs };
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
