import type { ShareWay } from '../types';

/** A social share target. */
export interface ShareTarget {
  way: Exclude<ShareWay, 'copy' | 'poster' | 'native'>;
  /** Brand name (not translated). */
  name: string;
  href: string;
}

const SOCIAL: Array<{ way: ShareTarget['way']; name: string; build: (url: string, text: string) => string }> = [
  { way: 'x', name: 'X', build: (u, t) => `https://twitter.com/intent/tweet?${q({ text: t, url: u })}` },
  { way: 'telegram', name: 'Telegram', build: (u, t) => `https://t.me/share/url?${q({ url: u, text: t })}` },
  { way: 'facebook', name: 'Facebook', build: (u) => `https://www.facebook.com/sharer/sharer.php?${q({ u })}` },
  { way: 'whatsapp', name: 'WhatsApp', build: (u, t) => `https://wa.me/?${q({ text: t ? `${t} ${u}` : u })}` },
  { way: 'line', name: 'LINE', build: (u, t) => `https://social-plugins.line.me/lineit/share?${q({ url: u, text: t })}` },
];

function q(params: Record<string, string>): string {
  return new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
}

/** The social targets for a URL and text, minus the forbidden ways (pure). */
export function shareTargets(url: string, text: string, forbidden: readonly ShareWay[] = []): ShareTarget[] {
  return SOCIAL.filter((s) => !forbidden.includes(s.way)).map((s) => ({ way: s.way, name: s.name, href: s.build(url, text.trim()) }));
}

/** Whether a way is allowed. */
export function allowed(way: ShareWay, forbidden: readonly ShareWay[]): boolean {
  return !forbidden.includes(way);
}
