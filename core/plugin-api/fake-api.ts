/** The kit a plugin's `fake-api.ts` builds its endpoints and personas with (server only, no React). */
export * from '../testing/fake-api-kit';
export { i18nTag } from '../i18n/locales';
