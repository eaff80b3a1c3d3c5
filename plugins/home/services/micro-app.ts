import { safeLink, type FramedEntry } from '../../../core/plugin-api';

/** What every embedded transfer app receives (spec 001 §2). */
export interface MicroAppProps {
  language: string;
  langPrefix: string;
  theme: 'light' | 'dark';
  isUkLimit: boolean;
  isItalyLimit: boolean;
  sub_website_id: number;
  /** Extra values of the page (a prefilled amount). */
  extra?: Record<string, string>;
}

/** Messages between the shell and a micro-app (postMessage, same origin as the entry). */
export const MICRO_MSG = {
  props: 'shell:micro-app:props',
  unmount: 'shell:micro-app:unmount',
  height: 'shell:micro-app:height',
} as const;

/** Builds the props from the page state (pure). */
export function microAppProps(input: {
  localeCode: string;
  langPrefix: string;
  theme: 'light' | 'dark';
  limit: { is_uk_limit?: boolean; is_italy_limit?: boolean };
  subWebsiteId: number;
  extra?: Record<string, string>;
}): MicroAppProps {
  return {
    language: input.localeCode,
    langPrefix: input.langPrefix,
    theme: input.theme,
    isUkLimit: !!input.limit.is_uk_limit,
    isItalyLimit: !!input.limit.is_italy_limit,
    sub_website_id: input.subWebsiteId,
    ...(input.extra ? { extra: input.extra } : {}),
  };
}

/** A stable key of the props: the app is told again only when it changes. */
export function propsKey(props: MicroAppProps): string {
  const extra = props.extra ? Object.fromEntries(Object.entries(props.extra).sort(([a], [b]) => a.localeCompare(b))) : undefined;
  return JSON.stringify({ ...props, extra });
}

/** Origins of entries on other hosts (frame-src, and connect-src for the HEAD check); site paths need none. */
export function externalEntryOrigins(entries: readonly string[], allowedHosts: readonly string[]): string[] {
  const urls = entries.map((e) => safeLink(e, allowedHosts)).filter((u): u is string => !!u && !u.startsWith('/'));
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Entries that are site paths, as framed entry declarations: the path, and the query the entry itself carries, exactly. */
export function siteEntries(entries: readonly string[]): FramedEntry[] {
  return entries
    .map((e) => safeLink(e))
    .filter((u): u is string => !!u && u.startsWith('/'))
    .map((u) => {
      const url = new URL(u, 'https://site.invalid');
      const query = Object.fromEntries([...url.searchParams].map(([name, value]) => [name, new RegExp(escapeRegExp(value))]));
      return { path: url.pathname, query };
    });
}

/**
 * The entry URL an app may be loaded from: a site path, or an https URL on an allowed host; null otherwise.
 * Returns the absolute URL and the origin messages are addressed to.
 */
export function resolveEntry(entry: string, pageOrigin: string, allowedHosts: readonly string[]): { url: string; origin: string } | null {
  const safe = safeLink(entry, allowedHosts);
  if (!safe) return null;
  try {
    const url = new URL(safe, pageOrigin);
    return { url: url.toString(), origin: url.origin };
  } catch {
    return null;
  }
}
