/**
 * Reports translation keys missing per language: an error for the languages we ship in full
 * (en zh tr ja ar it), a notice for the others, which fall back to English key by key.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TRANSLATED_LANGUAGES, TRANSLATION_LANGUAGES } from '../core/i18n/locales';

const root = resolve(import.meta.dirname, '..');
type Bundle = Record<string, unknown>;

function keys(obj: Bundle, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keys(v as Bundle, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

function read(file: string): Bundle | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Bundle;
}

/** Every namespace: [name, (lng) => file]. */
function namespaces(): Array<[string, (lng: string) => string]> {
  const out: Array<[string, (lng: string) => string]> = [];
  for (const file of readdirSync(join(root, 'locales/en')).filter((f) => f.endsWith('.json'))) {
    out.push([file.slice(0, -5), (lng) => join(root, 'locales', lng, file)]);
  }
  for (const id of readdirSync(join(root, 'plugins'))) {
    if (existsSync(join(root, 'plugins', id, 'locales/en.json'))) out.push([id, (lng) => join(root, 'plugins', id, 'locales', `${lng}.json`)]);
  }
  return out;
}

let errors = 0;
const notices: string[] = [];
for (const [ns, fileOf] of namespaces()) {
  const en = read(fileOf('en'))!;
  const wanted = keys(en);
  for (const lng of TRANSLATION_LANGUAGES.filter((l) => l !== 'en')) {
    const bundle = read(fileOf(lng)) ?? {};
    const have = new Set(keys(bundle));
    const missing = wanted.filter((k) => !have.has(k));
    if (!missing.length) continue;
    if ((TRANSLATED_LANGUAGES as readonly string[]).includes(lng)) {
      errors += missing.length;
      console.error(`✗ ${lng}/${ns}: ${missing.length} missing: ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ', …' : ''}`);
    } else {
      notices.push(`${lng}/${ns} ${missing.length}`);
    }
  }
}
if (notices.length) console.log(`Falling back to English (not yet translated): ${notices.length} language/namespace pairs, e.g. ${notices.slice(0, 4).join('; ')}`);
if (errors) {
  console.error(`${errors} translation keys missing in shipped languages (${TRANSLATED_LANGUAGES.join(', ')})`);
  process.exit(1);
}
console.log(`Translations complete for ${TRANSLATED_LANGUAGES.join(', ')}.`);
