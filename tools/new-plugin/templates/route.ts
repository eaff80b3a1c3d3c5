/** `--template route`: a page at the path its options name, with a server loader and the fake API's endpoint for it. */
import { commonFiles, optionsTable, readmeHead, type Names, type Template } from '../parts';

/** The back-end path of the page's figure (invented: the fake API answers it). */
const endpointOf = (id: string) => `/api/web/v1/${id}/summary`;

const indexTs = ({ id, Name, CONST, Options, core }: Names) => `import { definePlugin, getApiData, lazyPage, loader } from '${core}';
import type { ${Options} } from './options.generated';
import { ${CONST}_SUMMARY } from './refs';
import { SUMMARY_PATH, summaryOf } from './rules';
import schema from './schema.json';

export { ${CONST}_PLUGIN, ${CONST}_SUMMARY } from './refs';

/** The page: its own chunk, loaded with the page. */
const ${Name}Page = lazyPage(() => import('./${Name}Page').then((m) => m.${Name}Page));

/** ${id}: a page at the path its options name, with a figure its server loader asks the back end for (README.md). */
export default definePlugin<${Options}>({
  id: '${id}',
  options: schema,
  delivery: {
    /** A page only: the browser loads it with its page, as that page's first render. */
    inBrowser: () => false,
  },
  /** Its page, as data: the shell knows a request's route before any plugin's setup runs. */
  routes: ({ path }) => [{ path, component: ${Name}Page, titleKey: 'title' }],
  // On the server, for this page only; the result travels in the page (useLoaderData). A failed call gives null.
  // A result that is the user's own (their balance, their orders) is declared \`perUser: true\` (core/README.md).
  loaders: ({ path }) => [
    loader({ key: ${CONST}_SUMMARY, when: (input) => input.path === path, run: async ({ env }) => summaryOf(await getApiData(env.http, SUMMARY_PATH)) }),
  ],
});
`;

const refsTs = ({ id, CONST, core }: Names) => `import { createLoaderRef, createPluginRef } from '${core}';
import type { Summary } from './rules';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${CONST}_PLUGIN]\`. */
export const ${CONST}_PLUGIN = createPluginRef('${id}');

/** The page's figure, loaded on the server (null when the back end did not give one): \`useLoaderData(${CONST}_SUMMARY)\`. */
export const ${CONST}_SUMMARY = createLoaderRef<Summary | null>('${id}/summary');
`;

const rulesTs = ({ id }: Names) => `/** The back-end path of the page's figure (the fake API answers it: fake-api.ts). */
export const SUMMARY_PATH = '${endpointOf(id)}';

/** What the page shows from the back end's answer. */
export interface Summary {
  /** How many things are new this week: a whole number, 0 or more. */
  count: number;
}

/** The back end's \`data\` as the page shows it, or null when it holds no usable count (never throws). */
export function summaryOf(data: unknown): Summary | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const raw = (data as Record<string, unknown>).count;
  const count = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(count) && count >= 0 ? { count } : null;
}
`;

const viewTsx = ({ id, Name, CONST, core }: Names) => `import { useId } from 'react';
import { useLoaderData, usePluginT, useShell } from '${core}';
import { ${CONST}_SUMMARY } from './refs';
import './${id}.css';

/** ${id}'s page: its heading, a lead and the figure the server loaded (or a line saying it is not available). */
export function ${Name}Page() {
  const { t } = usePluginT();
  const { env } = useShell();
  const summary = useLoaderData(${CONST}_SUMMARY);
  const titleId = useId();
  return (
    <section className="${id}" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('title')}</h1>
      <p className="${id}__lead">{t('lead')}</p>
      {summary ? (
        <p className="${id}__figure">{t('figure', { value: new Intl.NumberFormat(env.locale.html).format(summary.count) })}</p>
      ) : (
        <p className="${id}__figure" role="status">
          {t('unavailable')}
        </p>
      )}
    </section>
  );
}
`;

const css = ({ id }: Names) => `.${id} { max-width: 960px; margin: 0 auto; padding: 40px 24px 64px; }
.${id}__lead { color: var(--text-muted); font-size: 16px; }
.${id}__figure { margin-top: 24px; font-size: 18px; font-weight: 600; font-variant-numeric: tabular-nums; }
@media (max-width: 768px) {
  .${id} { padding: 24px 16px 40px; }
}
`;

const fakeApiTs = ({ id, core }: Names) => `import { defineFakeApi, ok } from '${core}/fake-api';
import { SUMMARY_PATH } from './rules';

/** The page's endpoint under the fake API, and a persona whose back end does not answer it. */
export default defineFakeApi({
  name: '${id}',
  routes: {
    [\`GET \${SUMMARY_PATH}\`]: () => ok({ count: 3 }),
  },
  scenarios: [
    {
      name: '${id}-down',
      description: "${id}'s summary endpoint fails (HTTP 500): its page says the figure is not available.",
      responses: { [SUMMARY_PATH]: { status: 500, body: { code: 500, message: 'internal error' } } },
    },
  ],
});
`;

const testTsx = ({ id, CONST, core }: Names) => `import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester } from '${core}/testing';
import plugin, { ${CONST}_SUMMARY } from './index';
import { SUMMARY_PATH, summaryOf } from './rules';

const answer = (data: unknown) => ({ [SUMMARY_PATH]: { body: { code: 0, message: 'success', data } } });

describe('${id} plugin', () => {
  it('serves its page at /${id} with the figure its server loader fetched, labelled by its heading', async () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/${id}', scenario: answer({ count: 1234 }) });
    const loaded = await t.load();
    expect(loaded).toEqual({ [${CONST}_SUMMARY.id]: { count: 1234 } });
    await t.preload();
    const html = t.renderRoute('/${id}', loaded);
    expect(html).toContain('data-plugin="${id}"');
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[^>]*>\\s*<h1 id="\\1"/);
    expect(html).toContain('class="${id}__figure"');
    expect(html).not.toContain('role="status"');
    expect(t.dispose()).toEqual([]);
  });

  it('says the figure is not available when the back end fails, and loads nothing on other pages', async () => {
    const t = createPluginTester(plugin, { side: 'server', path: '/${id}', scenario: { [SUMMARY_PATH]: { status: 500 } } });
    const loaded = await t.load();
    expect(loaded).toEqual({ [${CONST}_SUMMARY.id]: null });
    await t.preload();
    expect(t.renderRoute('/${id}', loaded)).toContain('role="status"');
    expect(t.dispose()).toEqual([]);
    const other = createPluginTester(plugin, { side: 'server', path: '/markets', scenario: answer({ count: 1 }) });
    expect(await other.load()).toEqual({});
    expect(other.calls).toEqual([]);
    expect(other.dispose()).toEqual([]);
  });

  it('moves to the path its options name, and refuses one the schema does not allow', () => {
    const t = createPluginTester(plugin, { options: { path: '/spring/offers' } });
    expect(t.activation.routes.map((r) => r.def.path)).toEqual(['/spring/offers']);
    expect(t.dispose()).toEqual([]);
    expect(() => createPluginTester(plugin, { options: { path: '/' } })).toThrow(/path/);
    expect(() => createPluginTester(plugin, { options: { path: 'spring' } })).toThrow(/path/);
  });
});

describe('summaryOf', () => {
  it('keeps a whole count of 0 or more, from a number or digits, and gives null for anything else', () => {
    fc.assert(
      fc.property(fc.nat(), (count) => {
        expect([summaryOf({ count }), summaryOf({ count: String(count) })]).toEqual([{ count }, { count }]);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const summary = summaryOf(data);
        expect(summary === null || (Number.isSafeInteger(summary.count) && summary.count >= 0)).toBe(true);
      }),
    );
    expect([summaryOf(undefined), summaryOf({ count: -1 }), summaryOf({ count: 1.5 }), summaryOf({ count: '' }), summaryOf([3])]).toEqual([null, null, null, null, null]);
  });
});
`;

const readme = (n: Names) => `${readmeHead(n.id, 'A page at the path its options name, with a figure its server loader asks the back end for.')}
- \`index.ts\`: the definition: the route (\`/${n.id}\` by default, titled by the key \`title\`) and its server loader,
  which runs for that page only and puts its result in the page (\`${n.CONST}_SUMMARY\`, read with \`useLoaderData\`).
  A page only, so the plugin says \`inBrowser: () => false\`: the browser loads it with its page.
- \`${n.Name}Page.tsx\`: the page (with \`${n.id}.css\`), a lazy page. The figure is formatted by \`Intl\` in the page's
  language; without it (a failed call: the loader gives null) the page says it is not available.
- \`rules.ts\`: the endpoint's path and \`summaryOf\`, which keeps from the back end's answer only what the page can show.
- \`fake-api.ts\`: the endpoint under the fake API (\`GET ${endpointOf(n.id)}\`: \`{ "count": 3 }\`) and the persona
  \`${n.id}-down\` (cookie \`mock_scenario=${n.id}-down\`), whose back end answers it with HTTP 500. The path is
  invented: with a real back end (\`API_ORIGIN\`), point \`SUMMARY_PATH\` at the endpoint that holds the data.
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${n.CONST}_PLUGIN\` and the
  loader's \`${n.CONST}_SUMMARY\`.
${commonFiles(n)}

${optionsTable([['path', `"/${n.id}"`, "the page's site path (without the locale prefix); not `/`, which is the host's home page"]])}`;

export const route: Template = {
  summary: 'a page at its own path, with a server loader and its fake-API endpoint',
  where: ({ id }) => `at /${id}`,
  schema: ({ id }) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a page at the path its options name, with a figure its server loader asks the back end for.`,
    type: 'object',
    properties: {
      path: {
        description: "The page's site path (without the locale prefix); not '/', the host's home page.",
        type: 'string',
        pattern: '^(/[A-Za-z0-9_-]{1,64}){1,4}$',
        default: `/${id}`,
      },
    },
  }),
  code: (n) => ({
    'index.ts': indexTs(n),
    'refs.ts': refsTs(n),
    'rules.ts': rulesTs(n),
    'fake-api.ts': fakeApiTs(n),
    [`${n.Name}Page.tsx`]: viewTsx(n),
    [`${n.id}.css`]: css(n),
    [`${n.id}.test.tsx`]: testTsx(n),
  }),
  readme,
  budget: {
    home: 0,
    largestPage: 1200,
    reason:
      'scaffolded by npm run new-plugin: a page only (inBrowser), so home is 0; its page an estimate: set it to the figure e2e/budgets.spec.ts measures + 3 %',
  },
};
