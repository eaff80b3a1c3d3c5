/**
 * `npm run i18n:check`: every namespace of all 18 languages against English (tools/i18n/rules.ts): missing or
 * extra keys, plural categories as Intl.PluralRules gives them for the language's BCP-47 tag, placeholders, markup,
 * values left in English (ignoring case) outside the language's allow-list (locales/allow-identical.json), the
 * glossary's one name per concept, each language's forbidden patterns and Chinese document titles (locales/glossary.json,
 * tools/i18n/glossary.ts), typography, register and dates written into texts (tools/i18n/style.ts). Covers the fake
 * API's demo texts too. Each problem is a line naming the file, the key and the rule (tools/i18n/wording.ts).
 * Exit 1 with the list when anything is wrong, or when the allow-list or the glossary is malformed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative as relativePath, resolve } from 'node:path';
import { pluralCategories, TRANSLATED_LANGUAGES, TRANSLATION_LANGUAGES } from '../core/i18n/locales';
import { parseAllowList } from './i18n/allow';
import { parseGlossary } from './i18n/glossary';
import { type Bundle } from './i18n/rules';
import { checkFile, checkSource } from './i18n/wording';

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

const languages = TRANSLATION_LANGUAGES.filter((l) => l !== 'en');
const allow = parseAllowList(read(join(root, 'locales/allow-identical.json')), languages);
const glossary = parseGlossary(read(join(root, 'locales/glossary.json')), languages);

let count = 0;
for (const [ns, fileOf] of namespaces()) {
  const en = read(fileOf('en'))!;
  const relative = (lng: string) => relativePath(root, fileOf(lng));
  const problems = checkSource(relative('en'), en);
  for (const lng of languages) {
    const bundle = read(fileOf(lng));
    if (bundle) problems.push(...checkFile(relative(lng), ns, lng, pluralCategories(lng), en, bundle, allow, glossary));
    else problems.push(`${lng}/${ns}: no file ${relative(lng)}`);
  }
  for (const p of problems) console.error(`✗ ${p}`);
  count += problems.length;
}
if (count) {
  console.error(`\n${count} translation problems (rules: tools/i18n/; allow-list: locales/allow-identical.json; glossary: locales/glossary.json)`);
  process.exit(1);
}
console.log(
  `Translations complete and consistent in ${TRANSLATED_LANGUAGES.length} languages (${TRANSLATED_LANGUAGES.join(', ')}), ${namespaces().length} namespaces, ${glossary.terms.length} glossary terms.`,
);
