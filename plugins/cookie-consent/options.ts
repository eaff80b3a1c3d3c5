export type { CookieConsentOptions } from './options.generated';
