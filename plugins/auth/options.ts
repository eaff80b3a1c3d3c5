export type { AuthOptions } from './options.generated';
