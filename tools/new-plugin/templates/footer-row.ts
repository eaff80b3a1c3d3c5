/** `--template footer-row` (the default): a row in the footer on the pages its options name. */
import { commonFiles, ESTIMATE, optionsTable, pathsProperty, readmeHead, SHOWS_ON, SHOWS_ON_TEST, type Names, type Template } from '../parts';

const indexTs = ({ id, Name, CONST, Options, core }: Names) => `import { definePlugin, derived, lazyView } from '${core}';
import type { ${Options} } from './options.generated';
import { ${CONST}_SHOWN } from './refs';
import { showsOn } from './rules';
import schema from './schema.json';

export { ${CONST}_PLUGIN, ${CONST}_SHOWN } from './refs';

/** The row's view: its own chunk, loaded only where the row shows. */
const ${Name}Row = lazyView(() => import('./${Name}Row').then((m) => m.${Name}Row));

/** ${id}: a row in the footer on the pages its options name (README.md). */
export default definePlugin<${Options}>({
  id: '${id}',
  options: schema,
  /** How its code reaches the browser (core/plugin/delivery.ts): only where some page may show the row. */
  delivery: { inBrowser: (_env, options) => options.paths.length > 0 },
  slotEntries: (options) => [
    { slot: 'footer', priority: 0, active: (env) => derived([env.state.route$], (route) => showsOn(route.path, options.paths)), render: ${Name}Row },
  ],
  // The row's visibility as a stream other plugins may read (\`${CONST}_SHOWN\`).
  setup(ctx) {
    ctx.stream(${CONST}_SHOWN, derived([ctx.state.route$], (route) => showsOn(route.path, ctx.options.paths)));
  },
});
`;

const refsTs = ({ id, CONST, core }: Names) => `import { createPluginRef, createStreamRef } from '${core}';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${CONST}_PLUGIN]\`. */
export const ${CONST}_PLUGIN = createPluginRef('${id}');

/** Whether ${id}'s row shows on the current page; other plugins read it with \`useStream(${CONST}_SHOWN)\`. */
export const ${CONST}_SHOWN = createStreamRef<boolean>('${id}.shown');
`;

const viewTsx = ({ id, Name, core }: Names) => `import { usePluginT } from '${core}';

/** ${id}'s footer row. */
export function ${Name}Row() {
  const { t } = usePluginT();
  return <p className="${id}-row">{t('row')}</p>;
}
`;

const testTsx = ({ id, core }: Names) => `import fc from 'fast-check';
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

${SHOWS_ON_TEST}`;

const readme = (n: Names) => `${readmeHead(n.id, 'A row in the footer on the pages its options name.')}
- \`index.ts\`: the definition. Its slot item (\`footer\`) is active where \`showsOn\` (rules.ts) says so; the view
  (\`${n.Name}Row.tsx\`) is a lazy view, loaded only where the row shows. \`footer\` is declared by the host
  (\`host/app/slots.ts\`); a slot or menu of the plugin's own, for others to fill, is declared in the definition
  (\`slots: [defineSlot('${n.id}-panel', { policy: 'stack' })]\`, see core/README.md).
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${n.CONST}_PLUGIN\` and the stream
  \`${n.CONST}_SHOWN\`.
${commonFiles(n)}

${optionsTable([['paths', '["/"]', 'site paths (without the locale prefix) where the row shows, with the pages below them (at most 50)']])}`;

export const footerRow: Template = {
  summary: 'a row in the footer on the pages its options name',
  where: () => "in the footer of every page (option 'paths')",
  schema: ({ id }) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a row in the footer on the pages its options name.`,
    type: 'object',
    properties: { paths: pathsProperty('row') },
  }),
  code: (n) => ({
    'index.ts': indexTs(n),
    'refs.ts': refsTs(n),
    'rules.ts': SHOWS_ON,
    [`${n.Name}Row.tsx`]: viewTsx(n),
    [`${n.id}.test.tsx`]: testTsx(n),
  }),
  readme,
  budget: { home: 1200, largestPage: 1200, reason: ESTIMATE },
};
