export type { ChatOptions } from './options.generated';
