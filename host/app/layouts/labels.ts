import en from './locales/en.json';
import zh from './locales/zh.json';
import tr from './locales/tr.json';
import ja from './locales/ja.json';
import ar from './locales/ar.json';
import it from './locales/it.json';

/** Texts of the side-menu layouts and the float menu, bundled (the shell namespace may override them under "layout"). */
export type LayoutLabels = typeof en;

const BUNDLES: Record<string, LayoutLabels> = { en, zh, tr, ja, ar, it };

/** The labels of a translation language (LocaleInfo.lng); English for the languages not shipped yet. */
export function layoutLabels(lng: string): LayoutLabels {
  return BUNDLES[lng] ?? en;
}
