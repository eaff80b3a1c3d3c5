export type { DrawerOptions } from './options.generated';
