export type { SiteSwitchOptions } from './options.generated';
