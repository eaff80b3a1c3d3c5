/**
 * `npm run i18n:check`: every namespace of all 18 languages against English (tools/i18n/rules.ts): missing or
 * extra keys, plural categories as Intl.PluralRules gives them for the language's BCP-47 tag, placeholders, markup,
 * and values left in English outside locales/allow-identical.json. Covers the fake API's demo texts too. Exit 1 with the list when anything is wrong.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pluralCategories, TRANSLATED_LANGUAGES, TRANSLATION_LANGUAGES } from '../core/i18n/locales';
import { checkBundle, type Allow, type Bundle } from './i18n/rules';

const root = resolve(import.meta.dirname, '..');
const read = (file: string): Bundle | null => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Bundle) : null);

/** Every namespace: [name, (lng) => file]. */
function namespaces(): Array<[string, (lng: string) => string]> {
  const out: Array<[string, (lng: string) => string]> = [];
  for (const file of readdirSync(join(root, 'locales/en')).filter((f) => f.endsWith('.json')))
    out.push([file.slice(0, -5), (lng) => join(root, 'locales', lng, file)]);
  for (const id of readdirSync(join(root, 'plugins')).sort()) {
    if (existsSync(join(root, 'plugins', id, 'locales/en.json'))) out.push([id, (lng) => join(root, 'plugins', id, 'locales', `${lng}.json`)]);
    // The fake API's demo texts a visitor of the demo reads (core/testing/fake-api/demo-texts.ts).
    if (existsSync(join(root, 'plugins', id, 'locales/demo/en.json')))
      out.push([`${id} demo`, (lng) => join(root, 'plugins', id, 'locales/demo', `${lng}.json`)]);
  }
  out.push(['fake-api demo', (lng) => join(root, 'host/fake-api/locales', `${lng}.json`)]);
  return out;
}

const allowFile = read(join(root, 'locales/allow-identical.json')) as { values?: string[]; byLanguage?: Record<string, string[]> } | null;
const allow: Allow = {
  values: new Set(allowFile?.values ?? []),
  byLanguage: new Map(Object.entries(allowFile?.byLanguage ?? {}).map(([lng, list]) => [lng, new Set(list)])),
};

let count = 0;
const languages = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');
for (const [ns, fileOf] of namespaces()) {
  const en = read(fileOf('en'))!;
  for (const lng of languages) {
    const bundle = read(fileOf(lng));
    const problems = bundle ? checkBundle(ns, lng, en, bundle, pluralCategories(lng), allow) : [`no file ${fileOf(lng).slice(root.length + 1)}`];
    for (const p of problems) console.error(`✗ ${lng}/${ns}: ${p}`);
    count += problems.length;
  }
}
if (count) {
  console.error(`\n${count} translation problems (rules: tools/i18n/rules.ts; allow-list: locales/allow-identical.json)`);
  process.exit(1);
}
console.log(
  `Translations complete and consistent in ${TRANSLATED_LANGUAGES.length} languages (${TRANSLATED_LANGUAGES.join(', ')}), ${namespaces().length} namespaces.`,
);
