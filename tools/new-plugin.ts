/**
 * `npm run new-plugin -- <id> [--regions main,tr|all]`: writes a complete plugin folder plugins/<id>/
 * (tools/new-plugin/templates.ts), enables it in the named regions (in none without --regions), then regenerates
 * the region schema and the option types (`npm run schemas`). Exit 0 when done; 2 on a malformed or taken id or an
 * unknown region, with nothing written; 1 when the schema generation fails.
 * `npm run new-plugin -- --write-example` rewrites the guide's example after a change to the templates.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { REGION_KEYS } from '../core/config/region';
import { PLUGIN_ID_PATTERN } from '../core/plugin/define';
import { setPluginInRegions } from './enable-plugin';
import { pluginFiles } from './new-plugin/templates';

const USAGE = 'usage: npm run new-plugin -- <id> [--regions main,tr|all]   (id: kebab-case, e.g. price-alerts)';

/** The guide's example (plugins/README.md): the output for plugin 'hello', kept where it compiles without shipping. */
export const EXAMPLE = { id: 'hello', dir: 'tools/new-plugin/example', coreDir: '../../../core' } as const;

export interface NewPluginIo {
  /** Project root: plugins/, region-configs/, locales/. */
  root: string;
  /** Regenerates the region schema and the option types; false when that failed. */
  regenerate: (root: string) => boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Why `id` cannot be a new plugin here, or null. */
export function idProblem(root: string, id: string): string | null {
  if (!PLUGIN_ID_PATTERN.test(id)) return `'${id}' is not a plugin id: kebab-case, a letter first (${PLUGIN_ID_PATTERN})`;
  if (existsSync(join(root, 'plugins', id))) return `'${id}' is taken: plugins/${id} exists`;
  if (existsSync(join(root, 'locales', 'en', `${id}.json`))) return `'${id}' is taken: the shell's translation namespace locales/en/${id}.json`;
  for (const key of REGION_KEYS) {
    const file = join(root, 'region-configs', `${key}.json`);
    const config = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { plugins?: Record<string, unknown> }) : {};
    if (config.plugins && id in config.plugins) return `'${id}' is taken: region-configs/${key}.json lists it (remove that entry first)`;
  }
  return null;
}

/** The regions named by --regions ('all', or keys separated by commas), or the problem. */
function regionsOf(value: string | undefined): string[] | string {
  if (value === undefined) return [];
  if (value === 'all') return [...REGION_KEYS];
  const keys = value.split(',').filter(Boolean);
  const unknown = keys.filter((k) => !(REGION_KEYS as readonly string[]).includes(k));
  return unknown.length ? `unknown region ${unknown.map((k) => `'${k}'`).join(', ')} (regions: ${REGION_KEYS.join(', ')})` : keys;
}

function usage(io: NewPluginIo, problem: string): number {
  io.err(`${problem}\n${USAGE}`);
  return 2;
}

function writeFiles(folder: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/** The command as a function: arguments in, files written, exit code back. */
export async function runNewPlugin(argv: string[], io: NewPluginIo): Promise<number> {
  let parsed: { values: { regions?: string; 'write-example'?: boolean }; positionals: string[] };
  try {
    const options = { regions: { type: 'string' }, 'write-example': { type: 'boolean' } } as const;
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    return usage(io, (e as Error).message);
  }
  if (parsed.values['write-example']) {
    rmSync(join(io.root, EXAMPLE.dir), { recursive: true, force: true });
    writeFiles(join(io.root, EXAMPLE.dir), await pluginFiles(EXAMPLE.id, { coreDir: EXAMPLE.coreDir }));
    io.out(`wrote ${EXAMPLE.dir}/`);
    return 0;
  }
  const [id, ...extra] = parsed.positionals;
  if (!id || extra.length) return usage(io, 'name one plugin id');
  const problem = idProblem(io.root, id);
  if (problem) return usage(io, problem);
  const regions = regionsOf(parsed.values.regions);
  if (typeof regions === 'string') return usage(io, regions);
  const folder = join(io.root, 'plugins', id);
  mkdirSync(folder); // fails if another run took the id meanwhile
  writeFiles(folder, await pluginFiles(id));
  io.out(`wrote plugins/${id}/`);
  if (regions.length) await setPluginInRegions({ root: io.root, id, regions, log: io.out });
  if (!io.regenerate(io.root)) {
    io.err('npm run schemas failed: run it again once the error above is fixed');
    return 1;
  }
  // The dev harness turns the plugin on in every region; it opens on the first region asked for (main when none).
  io.out(`next: npx vitest run plugins/${id}; npm run dev -- ${id} --site ${regions[0] ?? 'main'}; npm run i18n:check lists the languages to translate`);
  return 0;
}

const regenerate = (root: string) => spawnSync('npm', ['run', '-s', 'schemas'], { cwd: root, stdio: 'inherit' }).status === 0;

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const io: NewPluginIo = { root: resolve(import.meta.dirname, '..'), regenerate, out: (l) => console.log(l), err: (l) => console.error(l) };
  runNewPlugin(process.argv.slice(2), io).then(
    (code) => (process.exitCode = code),
    (e: Error) => {
      console.error(e.stack ?? e.message);
      process.exitCode = 1;
    },
  );
}
