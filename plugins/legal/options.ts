export type { LegalOptions } from './options.generated';
