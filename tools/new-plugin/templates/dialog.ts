/** `--template dialog`: a dialog in the modal queue on the pages its options name, shown again some days after closing. */
import { commonFiles, ESTIMATE, optionsTable, pathsProperty, readmeHead, SHOWS_ON, SHOWS_ON_TEST, type Names, type Template } from '../parts';

const indexTs = ({ id, Name, CONST, Options, core }: Names) => `import { BehaviorSubject } from 'rxjs';
import { createServiceRef, definePlugin, derived, lazyView, localStore, MODAL_LEVEL } from '${core}';
import type { ${Options} } from './options.generated';
import { CLOSED_AT_KEY, isDue, showsOn } from './rules';
import schema from './schema.json';

export { ${CONST}_PLUGIN } from './refs';

/** The dialog's view: its own chunk, loaded when the dialog comes to the front of the queue. */
const ${Name}Dialog = lazyView(() => import('./${Name}Dialog').then((m) => m.${Name}Dialog));

/** Whether the dialog is due on this page: when it was closed is the browser's to know (localStorage). */
const DUE = createServiceRef<BehaviorSubject<boolean>>('${id}.due');

/** ${id}: a dialog on the pages its options name, again some days after the visitor closed it (README.md). */
export default definePlugin<${Options}>({
  id: '${id}',
  options: schema,
  delivery: {
    /** Only where some page may show the dialog. */
    inBrowser: (_env, options) => options.paths.length > 0,
  },
  // \`modal\` shows one dialog at a time, the highest level first: \`low\` is the level of promotions (core/README.md).
  slotEntries: (options) => [
    {
      slot: 'modal',
      priority: MODAL_LEVEL.low,
      active: (env, services) => derived([env.state.route$, services.get(DUE)], (route, due) => due && showsOn(route.path, options.paths)),
      render: ${Name}Dialog,
    },
  ],
  // The page's own state: due after hydration, never on the server.
  setup(ctx) {
    const due$ = new BehaviorSubject(false);
    ctx.provide(DUE, due$);
    ctx.onTeardown(() => due$.complete());
    ctx.effect(() => due$.next(isDue(localStore.get(CLOSED_AT_KEY), Date.now(), ctx.options.closeDays)));
  },
});
`;

const refsTs = ({ id, CONST, core }: Names) => `import { createPluginRef } from '${core}';

/** This plugin, for other plugins' \`requires\`/\`optional\`: \`optional: [${CONST}_PLUGIN]\`. */
export const ${CONST}_PLUGIN = createPluginRef('${id}');
`;

const rulesTs = ({ id }: Names) => `/** The localStorage key holding when the visitor closed the dialog (milliseconds since 1970). */
export const CLOSED_AT_KEY = '${id}.closedAt';

const DAY_MS = 86_400_000;

/** Whether the dialog is due: never closed (or an unreadable or future record), or closed \`days\` days ago or more. */
export function isDue(closedAt: string | null, now: number, days: number): boolean {
  const at = closedAt !== null && /^\\d{1,15}$/.test(closedAt) ? Number(closedAt) : Number.NaN;
  return !(at <= now) || now - at >= days * DAY_MS;
}

${SHOWS_ON}`;

const viewTsx = ({ id, Name, core, kit }: Names) => `import { localStore, usePluginT, type SlotItemProps } from '${core}';
import { Dialog } from '${kit}';
import { CLOSED_AT_KEY } from './rules';

/**
 * ${id}'s dialog, on the shell's Dialog: role="dialog" and aria-modal, labelled by its title, focus moved in, kept
 * inside and given back on close; Escape, the close control and the button close it and remember when.
 */
export function ${Name}Dialog({ dismiss }: SlotItemProps) {
  const { t } = usePluginT();
  const close = () => {
    localStore.set(CLOSED_AT_KEY, String(Date.now()));
    dismiss();
  };
  return (
    <Dialog
      title={t('title')}
      onClose={close}
      closeLabel={t('close')}
      size="sm"
      className="${id}"
      actions={
        <button type="button" className="shell-btn shell-btn--primary" onClick={close}>
          {t('ok')}
        </button>
      }
    >
      <p>{t('text')}</p>
    </Dialog>
  );
}
`;

const testTsx = ({ id, core }: Names) => `// @vitest-environment jsdom
import fc from 'fast-check';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createPluginTester, type PluginTester, type PluginTesterOptions } from '${core}/testing';
import plugin from './index';
import { CLOSED_AT_KEY, isDue, showsOn } from './rules';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let tester: PluginTester | undefined;
let root: Root | undefined;
let host: HTMLElement;

/** Renders the modal queue as a page does, then hydrates (the dialog is due after hydration only). */
async function mount(opts: PluginTesterOptions = {}) {
  tester = createPluginTester(plugin, opts);
  await tester.preload();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(tester!.element({ slot: 'modal' })));
  await act(async () => tester!.hydrate());
}
const dialog = () => host.querySelector<HTMLElement>('[role="dialog"]');
const key = (el: HTMLElement, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

afterEach(() => {
  if (root) act(() => root!.unmount());
  expect(tester?.dispose() ?? []).toEqual([]);
  root = tester = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('${id} plugin', () => {
  it('opens after hydration as a modal dialog labelled by its title, with the focus inside and kept there', async () => {
    await mount({ path: '/markets/spot', options: { paths: ['/markets'] } });
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)!.tagName).toBe('H2');
    expect(d.contains(document.activeElement)).toBe(true);
    const buttons = [...d.querySelectorAll('button')];
    buttons[buttons.length - 1].focus();
    key(d, 'Tab');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('closes on Escape, gives the focus back and stays closed for the days its options name', async () => {
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    await mount({ options: { closeDays: 30 } });
    key(dialog()!, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(isDue(localStorage.getItem(CLOSED_AT_KEY), Date.now(), 30)).toBe(false);
  });

  it('shows nothing on the server, on other pages, or while closed', async () => {
    const server = createPluginTester(plugin, { side: 'server' });
    await server.preload();
    expect(server.renderSlot('modal')).toBe('');
    expect(server.dispose()).toEqual([]);
    await mount({ path: '/trade/BTC_USDT', options: { paths: ['/markets'] } });
    expect(dialog()).toBeNull();
    act(() => root!.unmount());
    expect(tester!.dispose()).toEqual([]);
    localStorage.setItem(CLOSED_AT_KEY, String(Date.now()));
    await mount();
    expect(dialog()).toBeNull();
  });

  it('refuses an option the schema does not allow', () => {
    expect(() => createPluginTester(plugin, { options: { closeDays: 0 } })).toThrow(/closeDays/);
  });
});

describe('isDue', () => {
  it('is due when never closed, on a record it cannot read, and once the days have passed', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 3650 }), (closedAt, since, days) => {
        expect(isDue(String(closedAt), closedAt + since, days)).toBe(since >= days * day);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (raw) => {
        fc.pre(!/^\\d+$/.test(raw));
        expect(isDue(raw, Date.now(), 1)).toBe(true);
      }),
    );
    expect(isDue(null, 0, 1)).toBe(true);
    expect(isDue(String(Date.now() + day), Date.now(), 1)).toBe(true);
  });
});

${SHOWS_ON_TEST}`;

const readme = (n: Names) => `${readmeHead(n.id, 'A dialog on the pages its options name, shown again some days after the visitor closed it.')}
- \`index.ts\`: the definition. Its slot item (\`modal\`, declared by the host in \`host/app/slots.ts\`: one dialog at a
  time, browser only) is at the level of promotions, \`MODAL_LEVEL.low\`: pick the level by what the dialog asks of the
  visitor (core/README.md, "Modal levels"). It is active after hydration where \`showsOn\` and \`isDue\` (rules.ts)
  agree; when it was last closed is kept in localStorage (\`${n.id}.closedAt\`).
- \`${n.Name}Dialog.tsx\`: the view, a lazy view on the shell's \`Dialog\` (role="dialog", aria-modal, labelled by its
  title, focus trapped and given back on close, Escape closes).
- \`refs.ts\`: what other plugins may use, exported from \`index.ts\`: the plugin's ref \`${n.CONST}_PLUGIN\`.
${commonFiles(n)}

${optionsTable([
  ['paths', '["/"]', 'site paths (without the locale prefix) where the dialog shows, with the pages below them (at most 50)'],
  ['closeDays', '30', 'days before a closed dialog shows again (1 to 3650)'],
])}`;

export const dialog: Template = {
  summary: "a dialog in the modal queue on the shell's Dialog, again some days after it was closed",
  where: () => "on every page (option 'paths') once it is hydrated",
  schema: ({ id }) => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${id} plugin options`,
    description: `${id}: a dialog on the pages its options name, again some days after the visitor closed it.`,
    type: 'object',
    properties: {
      paths: pathsProperty('dialog'),
      closeDays: { description: 'Days before a closed dialog shows again (kept in localStorage).', type: 'integer', minimum: 1, maximum: 3650, default: 30 },
    },
  }),
  code: (n) => ({
    'index.ts': indexTs(n),
    'refs.ts': refsTs(n),
    'rules.ts': rulesTs(n),
    [`${n.Name}Dialog.tsx`]: viewTsx(n),
    [`${n.id}.test.tsx`]: testTsx(n),
  }),
  readme,
  budget: { home: 1200, largestPage: 1200, reason: ESTIMATE },
};
