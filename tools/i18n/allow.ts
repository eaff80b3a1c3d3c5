/**
 * locales/allow-identical.json: the values a language may leave as in English. `"*"` lists the few true universals
 * (brand names, tickers, indicator and store names); `"<lng>"` lists what that language's market writes in English
 * or spells the same ("Futures" in German, "Menu" in French). One language's entry never excuses another.
 */
import type { Allow } from './rules';

/** The allow-list from its parsed JSON; throws, naming the entry, on anything but string lists per known language. */
export function parseAllowList(json: unknown, languages: readonly string[]): Allow {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('allow-identical.json: expected an object of lists');
  const byLanguage = new Map<string, ReadonlySet<string>>();
  let values: ReadonlySet<string> = new Set();
  for (const [key, list] of Object.entries(json as Record<string, unknown>)) {
    if (key.startsWith('$')) continue;
    if (key !== '*' && !languages.includes(key)) throw new Error(`allow-identical.json: "${key}" is not a translation language`);
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) throw new Error(`allow-identical.json: "${key}" must be a list of strings`);
    if (key === '*') values = new Set(list);
    else byLanguage.set(key, new Set(list));
  }
  return { values, byLanguage };
}
