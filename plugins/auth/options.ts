import type { LoginProvider } from '../../core/config/region';

export type { AuthOptions } from './options.generated';
