/** `--template banner`: a banner on the home page, for everyone, visitors or users, with a link. */
import { commonFiles, ESTIMATE, optionsTable, readmeHead, type Names, type Template } from '../parts';

const indexTs = ({ id, Name, CONST, Options, core }: Names) => `import { definePlugin, derived, lazyView } from '${core}';
import type { ${Options} } from './options.generated';
import { showsTo } from './rules';
import schema from './schema.json';

export { ${CONST}_PLUGIN } from './refs';

/** The banner's view: its own chunk, loaded only where the banner shows. */
const ${Name}Banner = lazyView(() => import('./${Name}Banner').then((m) => m.${Name}Banner));

/** ${id}: a banner on the home page for the audience its options name (README.md). */
export default definePlugin<${Options}>({
  id: '${id}',
  options: schema,
  delivery: {
    /** Server-rendered, without browser behaviour: the browser loads it only with a page whose first render shows it. */
    inBrowser: () => false,
  },
  // \`home\` is the home page's stack below the hero (host/app/slots.ts); a higher priority sits higher. An entry
  // whose \`active\` reads more of the user than \`isLogin\`, or whose view reads a service made from their data, says
  // \`perUser: true\`: a logged-in page is prerendered for every user, and its slot is then each response's own.
  slotEntries: (options) => [
    { slot: 'home', priority: 40, active: (env) => derived([env.state.user$], (user) => showsTo(options.audience, user.isLogin)), render: ${Name}Banner },
  ],
});
`;

const refsTs = ({ id, CONST, core }: Names) => `import { createPluginRef } from '${core}';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${CONST}_PLUGIN]\`. */
export const ${CONST}_PLUGIN = createPluginRef('${id}');
`;

const rulesTs = ({ Options }: Names) => `import type { ${Options} } from './options.generated';

/** Whether the banner shows to a visitor (\`isLogin\` false) or a logged-in user, by its \`audience\` option. */
export function showsTo(audience: ${Options}['audience'], isLogin: boolean): boolean {
  return audience === 'everyone' || (audience === 'users') === isLogin;
}
`;

const viewTsx = ({ id, Name, Options, core }: Names) => `import { useId } from 'react';
import { usePlugin, usePluginT, useShell } from '${core}';
import type { ${Options} } from './options.generated';
import './${id}.css';

/** ${id}'s banner: a heading, a line of text and a link to the page its options name. */
export function ${Name}Banner() {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<${Options}>();
  const titleId = useId();
  return (
    <section className="${id}" aria-labelledby={titleId}>
      <div className="${id}__text">
        <h2 id={titleId} className="${id}__title">
          {t('title')}
        </h2>
        <p className="${id}__lead">{t('text')}</p>
      </div>
      <a className="shell-btn shell-btn--primary ${id}__cta" href={env.href(options.link)}>
        {t('cta')}
      </a>
    </section>
  );
}
`;

const css = ({ id }: Names) => `.${id} {
  display: flex; align-items: center; gap: 24px; margin: 24px 0; padding: 20px 24px; border-radius: 16px;
  background: var(--bg-elev); color: var(--text); border: 1px solid var(--border);
}
.${id}__text { flex: 1; min-width: 0; }
/* Two classes: above the home page's own rule for its sections' h2. */
.${id} .${id}__title { margin: 0 0 4px; font-size: 20px; }
.${id}__lead { margin: 0; color: var(--text-muted); font-size: 14px; }
.${id}__cta { flex-shrink: 0; }
@media (max-width: 768px) {
  .${id} { flex-direction: column; align-items: flex-start; gap: 12px; padding: 16px; }
}
`;

const testTsx = ({ id, core }: Names) => `import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPluginTester, defaultShellData } from '${core}/testing';
import plugin from './index';
import { showsTo } from './rules';

const user = { ...defaultShellData().user, isLogin: true };

describe('${id} plugin', () => {
  it('renders its banner in the home page stack, a labelled section with its link in the page locale', async () => {
    const t = createPluginTester(plugin, { region: 'eu', side: 'server', options: { link: '/markets' } });
    await t.preload();
    const html = t.renderSlot('home');
    expect(html).toContain('data-plugin="${id}"');
    expect(html).toMatch(/<section[^>]*aria-labelledby="([^"]+)"[\\s\\S]*<h2 id="\\1"/);
    expect(html).toContain(\`href="\${t.env.href('/markets')}"\`);
    expect(t.dispose()).toEqual([]);
  });

  it('shows to the audience its options name', async () => {
    const shown = async (audience: string, isLogin: boolean) => {
      const t = createPluginTester(plugin, { side: 'server', options: { audience }, data: isLogin ? { user } : {} });
      await t.preload();
      const html = t.renderSlot('home');
      expect(t.dispose()).toEqual([]);
      return html.includes('data-plugin="${id}"');
    };
    expect([await shown('everyone', false), await shown('everyone', true)]).toEqual([true, true]);
    expect([await shown('visitors', false), await shown('visitors', true)]).toEqual([true, false]);
    expect([await shown('users', false), await shown('users', true)]).toEqual([false, true]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { link: 'https://example.com' } })).toThrow(/link/);
    expect(() => createPluginTester(plugin, { options: { audience: 'vips' } })).toThrow(/audience/);
  });
});

describe('showsTo', () => {
  it('shows to everyone, to visitors only or to users only', () => {
    fc.assert(
      fc.property(fc.boolean(), (isLogin) => {
        expect(showsTo('everyone', isLogin)).toBe(true);
        expect(showsTo('visitors', isLogin)).toBe(!isLogin);
        expect(showsTo('users', isLogin)).toBe(isLogin);
      }),
    );
  });
});
`;

const readme = (n: Names) => `${readmeHead(n.id, 'A banner on the home page, below the hero, for the audience its options name, with a link.')}
- \`index.ts\`: the definition. Its slot item (\`home\`, the home page's stack, declared by the host in
  \`host/app/slots.ts\`) is active where \`showsTo\` (rules.ts) says so for the visitor's login state. The view
  (\`${n.Name}Banner.tsx\`, with \`${n.id}.css\`) is a lazy view; the banner has no browser behaviour, so the plugin says
  \`inBrowser: () => false\` and the browser loads it only with a page whose first render shows it.
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${n.CONST}_PLUGIN\`.
- The link goes through \`env.href\`, which adds the page's locale prefix by the region's rule.
${commonFiles(n)}

${optionsTable([
  ['audience', '"everyone"', '`"everyone"`, `"visitors"` (logged out) or `"users"` (logged in): who sees the banner'],
  ['link', '"/learn"', 'the site path (without the locale prefix) the banner links to'],
])}`;

export const banner: Template = {
  summary: 'a banner on the home page, for everyone, visitors or users, with a link',
  where: () => 'on the home page (/), below the hero',
  schema: ({ id }) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a banner on the home page for the audience its options name.`,
    type: 'object',
    properties: {
      audience: {
        description: "Who sees the banner: 'everyone', 'visitors' (logged out) or 'users' (logged in).",
        enum: ['everyone', 'visitors', 'users'],
        default: 'everyone',
      },
      link: {
        description: 'The site path (without the locale prefix) the banner links to.',
        type: 'string',
        pattern: '^/[A-Za-z0-9/_-]{0,200}$',
        default: '/learn',
      },
    },
  }),
  code: (n) => ({
    'index.ts': indexTs(n),
    'refs.ts': refsTs(n),
    'rules.ts': rulesTs(n),
    [`${n.Name}Banner.tsx`]: viewTsx(n),
    [`${n.id}.css`]: css(n),
    [`${n.id}.test.tsx`]: testTsx(n),
  }),
  readme,
  budget: { home: 1200, largestPage: 1200, reason: ESTIMATE },
};
