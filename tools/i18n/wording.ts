/**
 * Every problem of one translation file, each a line naming the file, the key and the rule: the namespace rules
 * against English (rules.ts), the glossary's names, forbidden patterns and document titles (glossary.ts), and the
 * typography, register and date rules (style.ts).
 */
import { checkForbidden, checkTerms, checkTitles, type Glossary } from './glossary';
import { checkBundle, flatten, sources, type Allow, type Bundle } from './rules';
import { checkStyle } from './style';

/** Glossary, forbidden-pattern and style problems of one language's bundle. */
export function wording(lng: string, categories: readonly string[], en: Bundle, bundle: Bundle, glossary: Glossary): string[] {
  const values = flatten(bundle);
  const problems: string[] = [];
  for (const [key, source] of sources(en, categories)) {
    const value = values.get(key);
    if (value === undefined) continue;
    problems.push(
      ...checkTerms(lng, key, source, value, glossary),
      ...checkForbidden(lng, key, value, glossary),
      ...checkTitles(lng, key, value, glossary),
      ...checkStyle(lng, key, value),
    );
  }
  return problems;
}

/** A file's problems as `<file>: <rule> at <key>: …` lines (`file` as the report shows it, relative to the repository). */
export function checkFile(
  file: string,
  ns: string,
  lng: string,
  categories: readonly string[],
  en: Bundle,
  bundle: Bundle,
  allow: Allow,
  glossary: Glossary,
): string[] {
  return [...checkBundle(ns, lng, en, bundle, categories, allow), ...wording(lng, categories, en, bundle, glossary)].map((p) => `${file}: ${p}`);
}

/** English source problems (dates written into the text) as `<file>: …` lines. */
export function checkSource(file: string, en: Bundle): string[] {
  return [...flatten(en)].flatMap(([key, value]) => checkStyle('en', key, value)).map((p) => `${file}: ${p}`);
}
