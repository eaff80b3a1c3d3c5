import { existsSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import { localeInfo } from '../i18n/locales';
import { pointerOf, type RegionProblem } from './problems';
import type { SourceDoc } from './source';

/** The file must be named after its key, so `<key>.json` is the one place to look for a region. */
export function checkFileName(doc: SourceDoc, config: Record<string, unknown>): RegionProblem[] {
  if (typeof config.key !== 'string') return [];
  const expected = `${config.key}.json`;
  const actual = basename(doc.file);
  if (actual === expected) return [];
  return [doc.problem('/key', `the file is named '${actual}' but its key is '${config.key}': rename it to ${expected} or change the key`, 'file-name')];
}

/** Every served language needs its translation folder locales/<lng>/. */
export function checkLocales(doc: SourceDoc, config: Record<string, unknown>, localesDir: string): RegionProblem[] {
  if (!Array.isArray(config.languages)) return [];
  const out: RegionProblem[] = [];
  const cache = new Map<string, boolean>();
  config.languages.forEach((code, i) => {
    const info = typeof code === 'string' ? localeInfo(code) : undefined;
    if (!info) return; // unknown codes are schema problems
    let present = cache.get(info.lng);
    if (present === undefined) {
      const dir = join(localesDir, info.lng);
      present = existsSync(dir) && statSync(dir).isDirectory();
      cache.set(info.lng, present);
    }
    if (!present) {
      const via = info.lng === code ? '' : ` (language '${code}' uses translations '${info.lng}')`;
      out.push(
        doc.problem(
          pointerOf('languages', i),
          `language '${code}' has no locale files: folder ${shown(join(localesDir, info.lng))}/ is missing${via}`,
          'locale',
        ),
      );
    }
  });
  return out;
}

/** A folder as the user would type it: relative to the working directory when inside it. */
function shown(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
}

/** Rules across fields that a schema cannot say. */
export function checkConsistency(doc: SourceDoc, config: Record<string, unknown>): RegionProblem[] {
  const out: RegionProblem[] = [];
  const { defaultLang, languages } = config;
  if (typeof defaultLang === 'string' && Array.isArray(languages) && localeInfo(defaultLang) && !languages.includes(defaultLang)) {
    out.push(
      doc.problem('/defaultLang', `defaultLang '${defaultLang}' is not in languages: add it there or pick one of ${languages.join(', ')}`, 'consistency'),
    );
  }
  const noindex = (config.seo as { noindexLanguages?: unknown } | undefined)?.noindexLanguages;
  if (Array.isArray(languages) && Array.isArray(noindex)) {
    noindex.forEach((code, i) => {
      if (typeof code === 'string' && localeInfo(code) && !languages.includes(code))
        out.push(
          doc.problem(pointerOf('seo', 'noindexLanguages', i), `'${code}' is not one of this site's languages (${languages.join(', ')})`, 'consistency'),
        );
    });
  }
  out.push(...checkOtherApps(doc, config));
  return out;
}

/**
 * `otherApps`: no prefix read as a language (its first segment a locale code), none inside another, and an origin
 * other than the site's own domain (a redirect there would come back to this server).
 */
function checkOtherApps(doc: SourceDoc, config: Record<string, unknown>): RegionProblem[] {
  const other = config.otherApps as { paths?: unknown; origin?: unknown } | undefined;
  if (!other || typeof other !== 'object') return [];
  const out: RegionProblem[] = [];
  const paths = Array.isArray(other.paths) ? other.paths.filter((p): p is string => typeof p === 'string') : [];
  (Array.isArray(other.paths) ? other.paths : []).forEach((path, i) => {
    if (typeof path !== 'string') return;
    const first = path.split('/')[1] ?? '';
    if (localeInfo(first))
      out.push(
        doc.problem(
          pointerOf('otherApps', 'paths', i),
          `'${path}' starts with the locale code '${first}': write the path without its locale prefix`,
          'consistency',
        ),
      );
    const wider = paths.find((p) => p !== path && path.startsWith(`${p}/`));
    if (wider) out.push(doc.problem(pointerOf('otherApps', 'paths', i), `'${path}' is already covered by '${wider}': remove one of them`, 'consistency'));
  });
  if (typeof other.origin === 'string' && typeof config.webSiteDomain === 'string') {
    // Not an origin (no host): a schema problem, reported there.
    const host = URL.canParse(other.origin) ? new URL(other.origin).hostname : '';
    if (host === config.webSiteDomain)
      out.push(
        doc.problem(
          '/otherApps/origin',
          `'${other.origin}' is this site's own domain: a redirect there would come back here; name the host of the other apps, or remove origin`,
          'consistency',
        ),
      );
  }
  return out;
}

interface Claim {
  doc: SourceDoc;
  value: string | number;
}

/** Region keys and sub-website ids must be unique across the files checked together. */
export function checkDuplicates(docs: Array<{ doc: SourceDoc; config: Record<string, unknown> }>): RegionProblem[] {
  const out: RegionProblem[] = [];
  const check = (field: 'key' | 'id', code: 'duplicate-key' | 'duplicate-id', label: string) => {
    const first = new Map<string | number, Claim>();
    for (const { doc, config } of docs) {
      const value = config[field];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const claim = first.get(value);
      if (!claim) {
        first.set(value, { doc, value });
        continue;
      }
      const at = claim.doc.problem(`/${field}`, '', code);
      out.push(doc.problem(`/${field}`, `${label} ${JSON.stringify(value)} is also used by ${at.file}:${at.line}:${at.col}`, code));
    }
  };
  check('key', 'duplicate-key', 'region key');
  check('id', 'duplicate-id', 'sub-website id');
  return out;
}
