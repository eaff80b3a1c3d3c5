import { DEFAULT_BRAND_COLOR } from '../constants';

export type ThemeName = 'light' | 'dark';
export type RiseColor = 'green' | 'red';

/** Every colour the chart paints with, for one theme and rise colour. */
export interface ChartSkin {
  theme: ThemeName;
  rise: RiseColor;
  brand: string;
  background: string;
  text: string;
  muted: string;
  grid: string;
  border: string;
  crosshair: string;
  /** Colour of rising candles (green, or red in red-rise markets). */
  up: string;
  down: string;
  /** Lines of the indicator panes. */
  lines: { k: string; d: string; j: string; dif: string; dea: string };
  /** Label boxes of order and position lines. */
  panel: string;
}

const GREEN = '#20b26c';
const RED = '#ef454a';

const THEMES: Record<ThemeName, Pick<ChartSkin, 'background' | 'text' | 'muted' | 'grid' | 'border' | 'crosshair' | 'panel'>> = {
  light: { background: '#ffffff', text: '#1f2329', muted: '#84888c', grid: '#f2f3f5', border: '#e5e6eb', crosshair: '#9598a1', panel: '#ffffff' },
  dark: { background: '#0f1114', text: '#d1d4dc', muted: '#8b8e95', grid: '#1c1f24', border: '#2b2f36', crosshair: '#6a6d78', panel: '#1b1e23' },
};

/** Builds the skin of a theme, rise colour and brand colour. */
export function buildSkin(theme: ThemeName, rise: RiseColor, brand = DEFAULT_BRAND_COLOR): ChartSkin {
  const up = rise === 'green' ? GREEN : RED;
  const down = rise === 'green' ? RED : GREEN;
  return { theme, rise, brand, up, down, ...THEMES[theme], lines: { k: brand, d: '#f0a70a', j: '#b45cf0', dif: brand, dea: '#f0a70a' } };
}

/** Reads theme and rise colour from the host's body classes (theme-light|theme-dark, red-rise|green-rise). */
export function readBodySkin(body: { classList: DOMTokenList } | null | undefined): { theme: ThemeName; rise: RiseColor } {
  const c = body?.classList;
  return { theme: c?.contains('theme-dark') ? 'dark' : 'light', rise: c?.contains('red-rise') ? 'red' : 'green' };
}

/** Calls `onChange` when the body's theme or rise class changes (MutationObserver); returns the stop function. */
export function watchBodySkin(body: HTMLElement, onChange: (s: { theme: ThemeName; rise: RiseColor }) => void): () => void {
  let last = readBodySkin(body);
  const observer = new MutationObserver(() => {
    const next = readBodySkin(body);
    if (next.theme === last.theme && next.rise === last.rise) return;
    last = next;
    onChange(next);
  });
  observer.observe(body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** `#rrggbb` with an alpha, as rgba(). */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
