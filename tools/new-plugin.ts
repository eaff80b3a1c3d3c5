/**
 * `npm run new-plugin -- <id> [--template <name>] [--regions main,tr|all]`: writes a complete plugin folder
 * plugins/<id>/ from one of the templates (tools/new-plugin/templates.ts: footer-row by default, banner, top-bar,
 * dialog, route), enables it in the named regions (in none without --regions), then regenerates the region schema and
 * the option types (`npm run schemas`), and prints what to run next for those regions. Exit 0 when done (and for
 * --help); 2 on a malformed or taken id, an unknown template or region, with nothing written; 1 when the schema
 * generation fails.
 * `npm run new-plugin -- --write-example` rewrites the guide's examples (one per template) after a change to the templates.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { REGION_KEYS } from '../core/config/region';
import { PLUGIN_ID_PATTERN } from '../core/plugin/define';
import { setPluginInRegions } from './enable-plugin';
import { DEFAULT_TEMPLATE, pluginFiles, TEMPLATE_NAMES, templateList, whereItShows, type TemplateName } from './new-plugin/templates';

const USAGE = 'usage: npm run new-plugin -- <id> [--template <name>] [--regions main,tr|all]   (id: kebab-case, e.g. price-alerts)';

/** `--help`: the usage, then each template with what it writes. */
const HELP = `${USAGE}

  --template <name>  the kind of plugin (default ${DEFAULT_TEMPLATE}):
${templateList()
  .map(([name, summary]) => `      ${name.padEnd(14)} ${summary}`)
  .join('\n')}
  --regions <keys>   region keys separated by commas, or all: where it is switched on (default: in no region)
  --write-example    rewrites the guide's examples (tools/new-plugin/examples/) after a change to the templates
  -h, --help         this help

The guide: plugins/README.md.`;

/**
 * The guide's examples (plugins/README.md): each template's output for one id, kept where it compiles and is tested
 * without shipping; `hello` (the footer row) is the one the guide walks through.
 */
export const EXAMPLES: Readonly<Record<TemplateName, { id: string; dir: string }>> = {
  'footer-row': { id: 'hello', dir: 'tools/new-plugin/examples/footer-row' },
  banner: { id: 'welcome', dir: 'tools/new-plugin/examples/banner' },
  'top-bar': { id: 'announcement', dir: 'tools/new-plugin/examples/top-bar' },
  dialog: { id: 'whats-new', dir: 'tools/new-plugin/examples/dialog' },
  route: { id: 'campaign', dir: 'tools/new-plugin/examples/route' },
};

/** The core folder as the examples' files import it. */
export const EXAMPLE_CORE_DIR = '../../../../core';

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
  const keys = [...new Set(value.split(',').filter(Boolean))];
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

/** What to run next, for the regions the plugin was switched on in (the dev harness opens on the first). */
export function nextSteps(id: string, template: TemplateName, regions: readonly string[]): string[] {
  const every = regions.length === REGION_KEYS.length;
  const files = every ? ['region-configs'] : regions.map((key) => `region-configs/${key}.json`);
  const [first = 'main', ...others] = regions;
  const also = !others.length
    ? ''
    : others.length <= 2
      ? `; also ${others.map((key) => `--site ${key}`).join(', ')}`
      : `; also --site <key> for ${others.join(', ')}`;
  return [
    regions.length
      ? `next: ${id} is on in ${every ? 'every region' : regions.join(', ')} (${every ? 'region-configs/*.json' : files.join(', ')})`
      : `next: ${id} is on in no region yet (npm run plugins -- ${id} --regions <keys> switches it on; the dev harness shows it anyway)`,
    `  npx vitest run plugins/${id}`,
    ...(regions.length ? [`  npm run validate -- ${files.join(' ')}`] : []),
    `  npm run dev -- ${id} --site ${first}   then see it ${whereItShows(id, template)}${also}`,
    '  npm run typecheck && npm run lint && npm run -s i18n:check',
  ];
}

/** The command as a function: arguments in, files written, exit code back. */
export async function runNewPlugin(argv: string[], io: NewPluginIo): Promise<number> {
  let parsed: { values: { regions?: string; template?: string; help?: boolean; 'write-example'?: boolean }; positionals: string[] };
  try {
    const options = {
      regions: { type: 'string' },
      template: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      'write-example': { type: 'boolean' },
    } as const;
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    return usage(io, (e as Error).message);
  }
  if (parsed.values.help) {
    io.out(HELP);
    return 0;
  }
  if (parsed.values['write-example']) {
    for (const [template, example] of Object.entries(EXAMPLES) as Array<[TemplateName, (typeof EXAMPLES)[TemplateName]]>) {
      rmSync(join(io.root, example.dir), { recursive: true, force: true });
      writeFiles(join(io.root, example.dir), await pluginFiles(example.id, { template, coreDir: EXAMPLE_CORE_DIR }));
      io.out(`wrote ${example.dir}/`);
    }
    return 0;
  }
  const [id, ...extra] = parsed.positionals;
  if (!id || extra.length) return usage(io, 'name one plugin id');
  const template = parsed.values.template ?? DEFAULT_TEMPLATE;
  if (!(TEMPLATE_NAMES as readonly string[]).includes(template))
    return usage(io, `unknown template '${template}' (templates: ${TEMPLATE_NAMES.join(', ')}; --help says what each writes)`);
  const problem = idProblem(io.root, id);
  if (problem) return usage(io, problem);
  const regions = regionsOf(parsed.values.regions);
  if (typeof regions === 'string') return usage(io, regions);
  const folder = join(io.root, 'plugins', id);
  mkdirSync(folder); // fails if another run took the id meanwhile
  writeFiles(folder, await pluginFiles(id, { template: template as TemplateName }));
  io.out(`wrote plugins/${id}/ (template ${template})`);
  if (regions.length) await setPluginInRegions({ root: io.root, id, regions, log: io.out });
  if (!io.regenerate(io.root)) {
    io.err('npm run schemas failed: run it again once the error above is fixed');
    return 1;
  }
  for (const line of nextSteps(id, template as TemplateName, regions)) io.out(line);
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
