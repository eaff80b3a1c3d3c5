/**
 * The files `npm run new-plugin -- <id> [--template <name>]` writes into plugins/<id>/: one template per kind of
 * plugin (templates/<name>.ts), each with the parts every plugin has (definition, ref, options schema and generated
 * type, view, strings in the 18 languages, test, budget, README). Pure: the id and template in, file paths (inside
 * the plugin folder) and texts out.
 */
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { PluginDefinition } from '../../core/plugin/types';
import { PROJECT_ROOT } from '../plugin-discovery';
import { flagKeysSection } from '../plugin-flag-keys';
import { optionTypesText } from '../schemas/option-types';
import { namesOf, stringsOf, TEMPLATE_NAMES, type Names, type Template, type TemplateName } from './parts';
import { banner } from './templates/banner';
import { dialog } from './templates/dialog';
import { footerRow } from './templates/footer-row';
import { route } from './templates/route';
import { topBar } from './templates/top-bar';

export { TEMPLATE_NAMES, type TemplateName } from './parts';

/** Every template by the name `--template` takes. */
export const TEMPLATES: Readonly<Record<TemplateName, Template>> = { 'footer-row': footerRow, banner, 'top-bar': topBar, dialog, route };

/** The template without `--template`. */
export const DEFAULT_TEMPLATE: TemplateName = 'footer-row';

/** What differs between a plugin under plugins/ and the guide's examples (compiled where they sit, in tools/). */
export interface TemplateOptions {
  template?: TemplateName;
  /** The core folder as the plugin's files import it. */
  coreDir?: string;
}

/** Where a visitor sees a plugin of `template` once it is on (the scaffolder's hint). */
export function whereItShows(id: string, template: TemplateName): string {
  return TEMPLATES[template].where(namesOf(id, ''));
}

function readme(template: Template, names: Names, schema: object): string {
  return `${template.readme(names)}\n${flagKeysSection({ id: names.id, options: schema } as PluginDefinition<any>)}`;
}

/** Formatted as `npm run lint` wants it (the project's Prettier settings); Markdown, CSS and generated files as they are. */
async function formatted(files: Record<string, string>): Promise<Record<string, string>> {
  const config = (await resolveConfig(join(PROJECT_ROOT, 'package.json'))) ?? {};
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) {
    const prettier = /\.(tsx?|json)$/.test(path) && !path.endsWith('.generated.ts') && !path.startsWith('locales/');
    out[path] = prettier ? await format(text, { ...config, filepath: path }) : text;
  }
  return out;
}

/** Every file of a new plugin `id`, by its path inside the plugin folder. */
export async function pluginFiles(id: string, { template = DEFAULT_TEMPLATE, coreDir = '../../core' }: TemplateOptions = {}): Promise<Record<string, string>> {
  const kind = TEMPLATES[template];
  const names = namesOf(id, coreDir);
  const schema = kind.schema(names);
  const strings = Object.entries(stringsOf(template)).map(([lng, bundle]): [string, string] => [`locales/${lng}.json`, `${JSON.stringify(bundle, null, 2)}\n`]);
  return formatted({
    ...kind.code(names),
    'schema.json': `${JSON.stringify(schema, null, 2)}\n`,
    'options.generated.ts': await optionTypesText(id, schema),
    ...Object.fromEntries(strings),
    'budget.json': `${JSON.stringify(kind.budget, null, 2)}\n`,
    'README.md': readme(kind, names, schema),
  });
}

/** The templates in the order `--help` lists them. */
export const templateList = (): Array<[TemplateName, string]> => TEMPLATE_NAMES.map((name) => [name, TEMPLATES[name].summary]);
