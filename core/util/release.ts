/** The build's release: its id (package version, plus `+<commit>` when the build knew it) and build date (ISO UTC). */
export interface Release {
  id: string;
  date: string;
}

/** Defined by the build (vite.config.ts `define`, from tools/release.mjs); absent where no build ran (tsx tools). */
declare const __SHELL_RELEASE__: Release | undefined;

/** This build's release; `dev` with no date where the code runs unbuilt. */
export const BUILD_RELEASE: Release = typeof __SHELL_RELEASE__ === 'object' && __SHELL_RELEASE__ ? __SHELL_RELEASE__ : { id: 'dev', date: '' };

/** Name of the page's `<meta>` that carries the release (spec 000 §9: the release date comes from page info). */
export const RELEASE_META = 'release';

/** The meta's content: `<id> <date>` (`0.1.0+a12621f 2026-11-26T05:34:12Z`). */
export const releaseMetaContent = (r: Release): string => `${r.id} ${r.date}`.trim();

const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** Longest meta content read. */
const MAX_CONTENT = 120;

/**
 * Parses the meta's content; null when it is missing or not `<id> <date>` (an id of at most 64 letters, digits and
 * `.+_-`; the date an ISO UTC time). A release without a date (an unbuilt page) keeps its id with an empty date.
 */
export function parseRelease(content: string | null | undefined): Release | null {
  if (typeof content !== 'string' || content.length > MAX_CONTENT) return null;
  const [id, date = '', ...rest] = content.trim().split(/\s+/);
  if (rest.length || !RELEASE_ID.test(id)) return null;
  if (date && (!ISO_UTC.test(date) || !Number.isFinite(Date.parse(date)))) return null;
  return { id, date };
}
