/** `--template top-bar`: a bar above the header with a link, on the pages its options name, closed for some days. */
import { commonFiles, ESTIMATE, optionsTable, pathsProperty, readmeHead, SHOWS_ON, SHOWS_ON_TEST, type Names, type Template } from '../parts';

/** The cookie that remembers a closed bar: 'my-widget' → 'my_widget_closed'. */
const cookieOf = (id: string) => `${id.replace(/-/g, '_')}_closed`;

const indexTs = ({ id, Name, CONST, Options, core }: Names) => `import { definePlugin, derived, lazyView } from '${core}';
import type { ${Options} } from './options.generated';
import { CLOSED_COOKIE, showsOn } from './rules';
import schema from './schema.json';

export { ${CONST}_PLUGIN } from './refs';

/** The bar's view: its own chunk, loaded only where the bar shows. */
const ${Name}Bar = lazyView(() => import('./${Name}Bar').then((m) => m.${Name}Bar));

/** ${id}: a bar above the header on the pages its options name, until the visitor closes it (README.md). */
export default definePlugin<${Options}>({
  id: '${id}',
  options: schema,
  delivery: {
    /** Only where the bar may show: some page is listed and the visitor has not closed it. */
    inBrowser: (env, options) => options.paths.length > 0 && env.cookies.get(CLOSED_COOKIE) !== '1',
  },
  // \`topbar\` shows one bar, the active one with the highest priority: the region and compliance bars sit above 100.
  // The cookie is read by the server too, so a closed bar is not rendered again.
  slotEntries: (options) => [
    {
      slot: 'topbar',
      priority: 100,
      active: (env) => derived([env.state.route$], (route) => env.cookies.get(CLOSED_COOKIE) !== '1' && showsOn(route.path, options.paths)),
      render: ${Name}Bar,
    },
  ],
});
`;

const refsTs = ({ id, CONST, core }: Names) => `import { createPluginRef } from '${core}';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${CONST}_PLUGIN]\`. */
export const ${CONST}_PLUGIN = createPluginRef('${id}');
`;

const rulesTs = ({ id }: Names) => `/** The cookie that remembers a closed bar, read by the server and the browser. */
export const CLOSED_COOKIE = '${cookieOf(id)}';

${SHOWS_ON}`;

const viewTsx = ({ id, Name, Options, core }: Names) => `import { useId } from 'react';
import { usePlugin, usePluginT, useShell, type SlotItemProps } from '${core}';
import type { ${Options} } from './options.generated';
import { CLOSED_COOKIE } from './rules';
import './${id}.css';

/** ${id}'s bar: a message, a link to the page its options name, and a close control remembered in a cookie. */
export function ${Name}Bar({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { options } = usePlugin<${Options}>();
  const textId = useId();
  const close = () => {
    env.cookies.set(CLOSED_COOKIE, '1', { maxAge: options.closeDays * 86400 });
    env.bus.emit('cookie:change', { name: CLOSED_COOKIE, value: '1' });
    dismiss();
  };
  return (
    <div className="${id}" role="region" aria-labelledby={textId}>
      <p id={textId} className="${id}__text">
        {t('text')}
      </p>
      <a className="shell-btn shell-btn--primary ${id}__link" href={env.href(options.link)}>
        {t('cta')}
      </a>
      <button type="button" className="${id}__close" aria-label={t('close')} onClick={close}>
        ×
      </button>
    </div>
  );
}
`;

const css = ({ id }: Names) => `.${id} {
  display: flex; align-items: center; gap: 12px; padding: 8px 24px; min-height: 48px;
  background: var(--bg-elev); color: var(--text); border-bottom: 1px solid var(--border); font-size: 14px;
}
.${id}__text { flex: 1; margin: 0; }
.${id}__link { padding: 5px 14px; font-size: 13px; }
.${id}__close {
  background: none; border: 0; color: inherit; opacity: 0.7; font-size: 22px; line-height: 1; cursor: pointer;
  width: 32px; height: 32px; border-radius: 6px;
}
.${id}__close:hover, .${id}__close:focus-visible { opacity: 1; background: rgba(127, 127, 127, 0.18); }
@media (max-width: 768px) {
  .${id} { padding: 8px 12px; gap: 8px; flex-wrap: wrap; font-size: 13px; }
  .${id}__text { flex: 1 1 calc(100% - 48px); }
}
`;

const testTsx = ({ id, core }: Names) => `// @vitest-environment jsdom
import fc from 'fast-check';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTester } from '${core}/testing';
import plugin from './index';
import { CLOSED_COOKIE, showsOn } from './rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('${id} plugin', () => {
  it('server-renders its bar on the pages its options name: a labelled region with its link in the page locale', async () => {
    const t = createPluginTester(plugin, { region: 'eu', side: 'server', path: '/markets/spot', options: { paths: ['/markets'], link: '/learn' } });
    await t.preload();
    const html = t.renderSlot('topbar');
    expect(html).toContain('data-plugin="${id}"');
    expect(html).toMatch(/role="region" aria-labelledby="([^"]+)"[\\s\\S]*<p id="\\1"/);
    expect(html).toContain(\`href="\${t.env.href('/learn')}"\`);
    expect(t.dispose()).toEqual([]);
  });

  it('shows nothing on other pages, nor once closed (the cookie the server reads)', async () => {
    const other = createPluginTester(plugin, { side: 'server', path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    await other.preload();
    expect(other.renderSlot('topbar')).toBe('');
    expect(other.dispose()).toEqual([]);
    const closed = createPluginTester(plugin, { side: 'server', cookies: { [CLOSED_COOKIE]: '1' } });
    await closed.preload();
    expect(closed.renderSlot('topbar')).toBe('');
    expect(closed.dispose()).toEqual([]);
  });

  it('closes: the bar goes, and the cookie remembers it for the days its options name', async () => {
    const t = createPluginTester(plugin, { options: { closeDays: 3 } });
    await t.preload();
    const changes: string[] = [];
    t.env.bus.on('cookie:change', (c) => changes.push(c.name));
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(t.element({ slot: 'topbar' })));
    const close = host.querySelector<HTMLButtonElement>('[data-plugin="${id}"] button[aria-label]')!;
    await act(async () => close.click());
    expect(host.querySelector('[data-plugin="${id}"]')).toBeNull();
    expect(t.env.cookies.get(CLOSED_COOKIE)).toBe('1');
    expect(changes).toEqual([CLOSED_COOKIE]);
    await act(async () => root.unmount());
    expect(t.dispose()).toEqual([]);
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { paths: ['markets'] } })).toThrow(/paths\\/0/);
    expect(() => createPluginTester(plugin, { options: { closeDays: 0 } })).toThrow(/closeDays/);
  });
});

${SHOWS_ON_TEST}`;

const readme = (n: Names) => `${readmeHead(n.id, 'A bar above the header, with a link, on the pages its options name, until the visitor closes it.')}
- \`index.ts\`: the definition. Its slot item (\`topbar\`, declared by the host in \`host/app/slots.ts\`) is active
  where \`showsOn\` (rules.ts) says so and the cookie \`${cookieOf(n.id)}\` is not set. \`topbar\` shows one bar, the
  active one with the highest priority: this one (100) gives way to the region and compliance bars. The view
  (\`${n.Name}Bar.tsx\`, with \`${n.id}.css\`) is a lazy view, loaded only where the bar shows.
- Closing sets the cookie for \`closeDays\` days and announces it on the bus (\`cookie:change\`); the server reads the
  cookie too, so the next pages are rendered without the bar.
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${n.CONST}_PLUGIN\`.
${commonFiles(n)}

${optionsTable([
  ['paths', '["/"]', 'site paths (without the locale prefix) where the bar shows, with the pages below them (at most 50)'],
  ['link', '"/learn"', 'the site path (without the locale prefix) the bar links to'],
  ['closeDays', '7', 'days a closed bar stays closed (1 to 365)'],
])}`;

export const topBar: Template = {
  summary: 'a bar above the header with a link, until the visitor closes it (a cookie, some days)',
  where: () => "above the header of every page (option 'paths')",
  schema: ({ id }) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a bar above the header on the pages its options name, until the visitor closes it.`,
    type: 'object',
    properties: {
      paths: pathsProperty('bar'),
      link: {
        description: 'The site path (without the locale prefix) the bar links to.',
        type: 'string',
        pattern: '^/[A-Za-z0-9/_-]{0,200}$',
        default: '/learn',
      },
      closeDays: { description: 'Days a closed bar stays closed (a cookie the server reads).', type: 'integer', minimum: 1, maximum: 365, default: 7 },
    },
  }),
  code: (n) => ({
    'index.ts': indexTs(n),
    'refs.ts': refsTs(n),
    'rules.ts': rulesTs(n),
    [`${n.Name}Bar.tsx`]: viewTsx(n),
    [`${n.id}.css`]: css(n),
    [`${n.id}.test.tsx`]: testTsx(n),
  }),
  readme,
  budget: { home: 1200, largestPage: 1200, reason: ESTIMATE },
};
