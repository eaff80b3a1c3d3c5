import type { BarId, TargetLocale } from './bars';

/** Validated options of the site-switch plugin (schema.json). */
export interface SiteSwitchOptions {
  bars: BarId[];
  dismissDays: number;
  targetLocales: Record<string, TargetLocale>;
}
