import { MASKING } from './mask';
import type { MonitorSupport } from './monitoring';
import { RELEASE_META, type Release } from './release';

/** `<id>` or `<id> <date>`: an id of at most 64 letters, digits and `.+_-`; the date an ISO UTC time. */
const CONTENT = /^([0-9A-Za-z][\w.+-]{0,63})(?: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z))?$/;
/** Longest meta content read. */
const MAX_CONTENT = 120;

/**
 * Parses the meta's content; null when it is missing or not `<id> <date>`. A release without a date (an unbuilt
 * page) keeps its id with an empty date.
 */
export function parseRelease(content: string | null | undefined): Release | null {
  const m = typeof content === 'string' && content.length <= MAX_CONTENT ? CONTENT.exec(content.trim()) : null;
  return m && (!m[2] || Number.isFinite(Date.parse(m[2]))) ? { id: m[1], date: m[2] ?? '' } : null;
}

/**
 * The browser's monitoring support, loaded with the first record (never before): the masking code, and the release
 * the page's `<meta name="release">` names, parsed (spec 000 §9: the release date comes from page info).
 */
export function pageMonitoring(doc: Pick<Document, 'querySelector'> = document): MonitorSupport {
  return { ...MASKING, release: parseRelease(doc.querySelector(`meta[name="${RELEASE_META}"]`)?.getAttribute('content')) };
}
