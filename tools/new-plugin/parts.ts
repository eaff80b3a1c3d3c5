/**
 * What every template of `npm run new-plugin` shares: the names derived from the plugin id, the template's shape,
 * the strings in the 18 languages (tools/new-plugin/locales/<lng>.json, one section per template) and the README's
 * common paragraphs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATION_LANGUAGES } from '../../core/i18n/locales';
import { optionTypeName } from '../schemas/option-types';

/** The names a template writes, derived from the plugin id. */
export interface Names {
  /** The plugin id: 'price-alerts'. */
  id: string;
  /** 'PriceAlerts'. */
  Name: string;
  /** 'PRICE_ALERTS'. */
  CONST: string;
  /** The generated options type: 'PriceAlertsOptions'. */
  Options: string;
  /** The plugin API (core/plugin-api) as the plugin's files import it. */
  core: string;
  /** The kit (UI pieces, layouts, domain helpers) as the plugin's files import it. */
  kit: string;
}

/** 'my-widget' → the names its files use; `core` as the plugin's files import it. */
export function namesOf(id: string, coreDir: string): Names {
  const Name = id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  const kit = coreDir.replace(/core$/, 'kit');
  return { id, Name, CONST: id.replace(/-/g, '_').toUpperCase(), Options: optionTypeName(id), core: `${coreDir}/plugin-api`, kit };
}

/** The gzip bytes a first visit may spend on the plugin (budget.json). */
export interface Budget {
  home: number;
  largestPage: number;
  reason: string;
}

/** One kind of plugin the scaffolder writes. */
export interface Template {
  /** What it writes, in one line (`npm run new-plugin -- --help`). */
  summary: string;
  /** Where a visitor sees it once it is on, for the hint printed at the end. */
  where: (names: Names) => string;
  /** The options schema (JSON Schema 2020-12, with defaults). */
  schema: (names: Names) => Record<string, unknown>;
  /** Its code files (definition, refs, rules, views, test, …) by path inside the plugin folder. */
  code: (names: Names) => Record<string, string>;
  /** The README up to its "Rollout flags" section: what it is, its files, its options. */
  readme: (names: Names) => string;
  budget: Budget;
}

/** The template names, as `--template` takes them. */
export const TEMPLATE_NAMES = ['footer-row', 'banner', 'top-bar', 'dialog', 'route'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

const STRINGS_DIR = join(import.meta.dirname, 'locales');

/** A template's strings in every language of the shell: `{ en: {...}, zh: {...}, … }`. */
export function stringsOf(template: TemplateName): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const lng of TRANSLATION_LANGUAGES) {
    const all = JSON.parse(readFileSync(join(STRINGS_DIR, `${lng}.json`), 'utf8')) as Record<string, Record<string, string>>;
    if (!all[template]) throw new Error(`tools/new-plugin/locales/${lng}.json has no '${template}' section`);
    out[lng] = all[template];
  }
  return out;
}

/** The README's opening: the heading, what the plugin is, and the scaffolder's note. */
export const readmeHead = (id: string, what: string) => `# ${id}

${what}

Scaffolded by \`npm run new-plugin\`: replace this text with what the plugin does, its options and the choices made
where the specification is silent.
`;

/** The README's lines on the parts every template writes. */
export const commonFiles = ({ id }: Names) => `- \`schema.json\`: the options; \`options.generated.ts\` is generated from it by \`npm run schemas\`.
- \`locales/<lng>.json\`: the strings (namespace \`${id}\`) in the 18 languages: placeholders, to replace in every
  language at once (\`npm run i18n:check\` checks keys, placeholders and wording, not that a language still says
  what \`en.json\` says).
- \`budget.json\`: the gzip bytes it may add to a first visit; a first estimate until \`e2e/budgets.spec.ts\` measures it.`;

/** The options table, from rows of [option, default, meaning]. */
export const optionsTable = (rows: Array<[string, string, string]>) => `## Options
| option | default | meaning |
| --- | --- | --- |
${rows.map(([option, value, meaning]) => `| \`${option}\` | \`${value}\` | ${meaning} |`).join('\n')}
`;

/** The property `paths` (where a slot item shows) and its rule, shared by the templates that show on some pages. */
export const pathsProperty = (what: string) => ({
  description: `Site paths (without the locale prefix) where the ${what} shows, with the pages below them: '/' for every page.`,
  type: 'array',
  items: { type: 'string', pattern: '^/[A-Za-z0-9/_-]{0,200}$' },
  maxItems: 50,
  default: ['/'],
});

/** rules.ts's `showsOn`: whether a site path is one of the option's paths or below one. */
export const SHOWS_ON = `/** Whether a site path is one of \`paths\` or below one ('/' stands for every page). */
export function showsOn(path: string, paths: readonly string[]): boolean {
  return paths.some((p) => p === '/' || path === p || path.startsWith(\`\${p}/\`));
}
`;

/** The property test of `showsOn`, in a template's test file. */
export const SHOWS_ON_TEST = `describe('showsOn', () => {
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

/** The estimate a new plugin starts from, as `budget.json` says it. */
export const ESTIMATE = 'scaffolded by npm run new-plugin: an estimate; set each figure to the one e2e/budgets.spec.ts measures + 3 %';
