import type { BarId, TargetLocale } from './bars';

export type { SiteSwitchOptions } from './options.generated';
