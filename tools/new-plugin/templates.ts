/**
 * The files `npm run new-plugin -- <id>` writes into plugins/<id>/: a footer row on the pages its options name,
 * with the parts every plugin has (definition, ref, options schema and generated type, view, English strings,
 * test, budget, README). Pure: the id in, file paths (inside the plugin folder) and texts out.
 */
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { PROJECT_ROOT } from '../plugin-discovery';
import { optionTypeName, optionTypesText } from '../schemas/option-types';
import { flagKeysSection } from '../plugin-flag-keys';
import type { PluginDefinition } from '../../core/plugin/types';

/** What differs between a plugin under plugins/ and the guide's example (compiled where it sits, in tools/). */
export interface TemplateOptions {
  /** The core folder as the plugin's files import it. */
  coreDir?: string;
}

/** 'my-widget' → 'MyWidget'. */
const pascal = (id: string) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
/** 'my-widget' → 'MY_WIDGET'. */
const constant = (id: string) => id.replace(/-/g, '_').toUpperCase();

/** The options schema: where the row shows. */
export function schemaOf(id: string): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a row in the footer on the pages its options name.`,
    type: 'object',
    properties: {
      paths: {
        description: "Site paths (without the locale prefix) where the row shows, with the pages below them: '/' for every page.",
        type: 'array',
        items: { type: 'string', pattern: '^/[A-Za-z0-9/_-]{0,200}$' },
        maxItems: 50,
        default: ['/'],
      },
    },
  };
}

function indexTs(id: string, core: string): string {
  const [Name, REF] = [pascal(id), `${constant(id)}_SHOWN`];
  return `import { map } from 'rxjs';
import { definePlugin, lazyView } from '${core}';
import type { ${optionTypeName(id)} } from './options.generated';
import { ${REF} } from './refs';
import { showsOn } from './rules';
import schema from './schema.json';

export { ${constant(id)}_PLUGIN, ${REF} } from './refs';

/** The row's view: its own chunk, loaded only where the row shows. */
const ${Name}Row = lazyView(() => import('./${Name}Row').then((m) => m.${Name}Row));

/** ${id}: a row in the footer on the pages its options name (README.md). */
export default definePlugin<${optionTypeName(id)}>({
  id: '${id}',
  options: schema,
  /** How its code reaches the browser (core/plugin/delivery.ts): only where some page may show the row. */
  delivery: { inBrowser: (_env, options) => options.paths.length > 0 },
  setup(ctx) {
    const shown$ = ctx.state.route$.pipe(map((route) => showsOn(route.path, ctx.options.paths)));
    ctx.stream(${REF}, shown$);
    ctx.slot('footer', { priority: 0, active: () => shown$, render: ${Name}Row });
  },
});
`;
}

function refsTs(id: string, core: string): string {
  return `import { createPluginRef, createStreamRef } from '${core}';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${constant(id)}_PLUGIN]\`. */
export const ${constant(id)}_PLUGIN = createPluginRef('${id}');

/** Whether ${id}'s row shows on the current page; other plugins read it with \`useStream(${constant(id)}_SHOWN)\`. */
export const ${constant(id)}_SHOWN = createStreamRef<boolean>('${id}.shown');
`;
}

const RULES_TS = `/** Whether a site path is one of \`paths\` or below one ('/' stands for every page). */
export function showsOn(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => p === '/' || path === p || path.startsWith(\`\${p}/\`));
}
`;

function viewTsx(id: string, core: string): string {
  return `import { usePluginT } from '${core}';

/** ${id}'s footer row. */
export function ${pascal(id)}Row() {
  const { t } = usePluginT();
  return <p className="${id}-row">{t('row')}</p>;
}
`;
}

function testTsx(id: string, core: string): string {
  return `import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester } from '${core}/testing';
import plugin from './index';
import { showsOn } from './rules';

describe('${id} plugin', () => {
  it('shows its footer row on the pages its options name', async () => {
    const t = createPluginTester(plugin, { path: '/markets/spot', options: { paths: ['/markets'] } });
    await t.preload();
    expect(t.renderSlot('footer')).toContain('data-plugin="${id}"');
    expect(t.dispose()).toEqual([]);
  });

  it('shows nothing on other pages', async () => {
    const t = createPluginTester(plugin, { path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    await t.preload();
    expect(t.renderSlot('footer')).not.toContain('data-plugin="${id}"');
    expect(t.dispose()).toEqual([]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { paths: ['markets'] } })).toThrow(/paths\\/0/);
  });
});

describe('showsOn', () => {
  it("matches a path, the pages below it, and every page for '/'", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(showsOn(path, ['/'])).toBe(true);
        expect(showsOn(path, [])).toBe(false);
      }),
    );
    expect(showsOn('/markets', ['/markets'])).toBe(true);
    expect(showsOn('/markets/spot', ['/markets'])).toBe(true);
    expect(showsOn('/marketsx', ['/markets'])).toBe(false);
  });
});
`;
}

function readme(id: string, schema: object): string {
  return `# ${id}

A row in the footer on the pages its options name. Scaffolded by \`npm run new-plugin\`: replace this text with
what the plugin does, its options and the choices made where the specification is silent.

- \`index.ts\`: the definition. Its slot item (\`footer\`) is active where \`showsOn\` (rules.ts) says so; the view
  (\`${pascal(id)}Row.tsx\`) is a lazy view, loaded only where the row shows. \`footer\` is declared by the host
  (\`host/app/slots.ts\`); a slot or menu of the plugin's own, for others to fill, is declared in the definition
  (\`slots: [defineSlot('${id}-panel', { policy: 'stack' })]\`, see core/README.md).
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${constant(id)}_PLUGIN\` and the stream
  \`${constant(id)}_SHOWN\`.
- \`schema.json\`: the options; \`options.generated.ts\` is generated from it by \`npm run schemas\`.
- \`locales/en.json\`: the English strings (namespace \`${id}\`); \`npm run i18n:check\` lists the languages to add.
- \`budget.json\`: the gzip bytes it may add to a first visit; a first estimate until \`e2e/budgets.spec.ts\` measures it.

## Options
| option | default | meaning |
| --- | --- | --- |
| \`paths\` | \`["/"]\` | site paths (without the locale prefix) where the row shows, with the pages below them (at most 50) |

${flagKeysSection({ id, options: schema } as PluginDefinition<any>)}`;
}

const BUDGET = {
  home: 1200,
  largestPage: 1200,
  reason: 'scaffolded by npm run new-plugin: an estimate; set each figure to the one e2e/budgets.spec.ts measures + 3 %',
};

/** Formatted as `npm run lint` wants it (the project's Prettier settings); Markdown and generated files as they are. */
async function formatted(files: Record<string, string>): Promise<Record<string, string>> {
  const config = (await resolveConfig(join(PROJECT_ROOT, 'package.json'))) ?? {};
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) {
    out[path] = /\.(tsx?|json)$/.test(path) && !path.endsWith('.generated.ts') ? await format(text, { ...config, filepath: path }) : text;
  }
  return out;
}

/** Every file of a new plugin `id`, by its path inside the plugin folder. */
export async function pluginFiles(id: string, { coreDir = '../../core' }: TemplateOptions = {}): Promise<Record<string, string>> {
  const schema = schemaOf(id);
  return formatted({
    'index.ts': indexTs(id, coreDir),
    'refs.ts': refsTs(id, coreDir),
    'rules.ts': RULES_TS,
    [`${pascal(id)}Row.tsx`]: viewTsx(id, coreDir),
    [`${id}.test.tsx`]: testTsx(id, coreDir),
    'schema.json': `${JSON.stringify(schema, null, 2)}\n`,
    'options.generated.ts': await optionTypesText(id, schema),
    'locales/en.json': `${JSON.stringify({ row: `Hello from ${id}: edit plugins/${id}/locales/en.json.` }, null, 2)}\n`,
    'budget.json': `${JSON.stringify(BUDGET, null, 2)}\n`,
    'README.md': readme(id, schema),
  });
}
