/**
 * The region-config CLI as a function: arguments in, text out, exit code back (cli.ts runs it). The plugins and the
 * checks load only once the arguments ask for a check: a usage error or `--help` answers at once.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { FLAG_FILE_NAME } from '../../core/flags/file';
import type { PluginCatalogue } from '../../core/registry/catalogue';
import { formatProblem, type RegionProblem } from '../../core/config/problems';
import { PROJECT_ROOT } from '../project-root';

export const EXIT = { valid: 0, invalid: 1, usage: 2 } as const;

export const USAGE = `Usage: npm run validate -- [options] <file or folder>...

Checks region configs (region-configs/<key>.json): JSON syntax, the schema, plugin ids and options,
plugin dependencies, locale folders, file names, and keys / sub-website ids unique across the files.
A file named flags.json is the rollout flag file: flagd's schema, flag keys naming installed plugins,
options and slots, variants passing the plugin's options schema, targeting fields and fractional splits.
A folder stands for the *.json files directly inside it.

Options:
  --json            print the problems as a JSON array (empty when valid)
  --locales <dir>   folder with locales/<lng>/ translation folders (default: <project>/locales)
  --plugins <dir>   folder with plugins/<id>/index.ts (default: <project>/plugins)
  -h, --help        show this help

Exit codes: 0 valid, 1 invalid, 2 usage error or a file that is missing or unreadable.
Output: one line per problem, "file:line:col  /json/pointer  message". Warnings (valid, but likely not meant:
a flag variant setting an option's "enabled") go to stderr as "file:line:col  /json/pointer  warning: message",
change neither the exit code nor the --json output.`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface CliDeps {
  /** Defaults to discovering plugins under --plugins. */
  catalogue?: (pluginsDir?: string) => Promise<PluginCatalogue>;
}

interface Args {
  json: boolean;
  help: boolean;
  localesDir: string;
  pluginsDir?: string;
  paths: string[];
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { json: false, help: false, localesDir: join(PROJECT_ROOT, 'locales'), paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (a === '--') {
      args.paths.push(...argv.slice(i + 1));
      break;
    } else if (flag === '--json') args.json = true;
    else if (flag === '-h' || flag === '--help') args.help = true;
    else if (flag === '--locales' || flag === '--plugins') {
      const v = value();
      if (!v) return `${flag} needs a folder`;
      if (flag === '--locales') args.localesDir = resolve(v);
      else args.pluginsDir = resolve(v);
    } else if (a.startsWith('-')) return `unknown option '${a}'`;
    else args.paths.push(a);
  }
  return args;
}

/** Expands folders to their *.json files; a path that does not exist becomes an 'io' problem. */
function expand(paths: string[]): { files: string[]; problems: RegionProblem[]; empty: string[] } {
  const files: string[] = [];
  const problems: RegionProblem[] = [];
  const empty: string[] = [];
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      problems.push({ file: p, line: 1, col: 1, pointer: '', message: 'file not found', code: 'io' });
      continue;
    }
    if (!isDir) {
      files.push(p);
      continue;
    }
    const inside = readdirSync(p)
      .filter((n) => n.endsWith('.json'))
      .sort();
    if (!inside.length) empty.push(p);
    files.push(...inside.map((n) => join(p, n)));
  }
  // The same file named twice (region-configs and ./region-configs/main.json) is checked once.
  const byPath = new Map<string, string>();
  for (const f of files) if (!byPath.has(resolve(f))) byPath.set(resolve(f), f);
  return { files: [...byPath.values()], problems, empty };
}

/** Runs the CLI; returns the exit code. */
export async function runCli(argv: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.stderr(`error: ${args}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.valid;
  }
  if (!args.paths.length) {
    io.stderr(`error: give region config files or folders, e.g. npm run validate -- region-configs\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { files, problems: missing, empty } = expand(args.paths);
  if (empty.length) {
    io.stderr(`error: no .json files in ${empty.join(', ')}\n`);
    return EXIT.usage;
  }
  const [{ checkConfigFiles, RESERVED_PATHS }, { flagWarnings }] = await Promise.all([import('../../host'), import('../../core/flags/check')]);
  let catalogue: PluginCatalogue;
  try {
    catalogue = await (deps.catalogue ?? (async (dir?: string) => (await import('../plugin-discovery')).loadCatalogue(dir)))(args.pluginsDir);
  } catch (err) {
    io.stderr(`error: cannot load the installed plugins: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
  // The very check the server runs before it applies a set (at start and on every reload).
  const result = checkConfigFiles(files, catalogue, { localesDir: args.localesDir, reservedPaths: RESERVED_PATHS });
  const problems = [...missing, ...result.problems];
  const code = problems.some((p) => p.code === 'io') ? EXIT.usage : problems.length ? EXIT.invalid : EXIT.valid;

  if (args.json) {
    io.stdout(`${JSON.stringify(problems, null, 2)}\n`);
    return code;
  }
  for (const p of problems) io.stdout(`${formatProblem(p)}\n`);
  // Warnings block nothing: they go to stderr and leave the exit code and the JSON output alone.
  const warnings = result.flagsDraft?.text ? flagWarnings(result.flagsDraft.file, result.flagsDraft.text) : [];
  for (const w of warnings) io.stderr(`${formatProblem({ ...w, message: `warning: ${w.message}` })}\n`);
  const total = files.length + missing.length;
  if (!problems.length) {
    const flagFiles = files.filter((f) => basename(f) === FLAG_FILE_NAME).length;
    const regions = total - flagFiles;
    const counted = [regions && `${regions} region config${regions === 1 ? '' : 's'}`, flagFiles && `${flagFiles} flag file${flagFiles === 1 ? '' : 's'}`];
    io.stdout(`${counted.filter(Boolean).join(' and ')} valid (plugins installed: ${[...catalogue.definitions.keys()].sort().join(', ') || 'none'})\n`);
  } else {
    const bad = new Set(problems.map((p) => p.file)).size;
    io.stderr(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${bad} of ${total} file${total === 1 ? '' : 's'}\n`);
  }
  return code;
}
