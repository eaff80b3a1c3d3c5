/** Test helpers for plugin authors (Vitest, Node): the plugin tester, a canned-answer HTTP client, the core's defaults. */
export * from '../testing';
export { defaultShellData, DEFAULT_USER_STATE } from '../data/defaults';
export { shapeCompliance } from '../data/loaders';
export { MemoryCookieJar } from '../util/cookies';
export { createBus } from '../state/bus';
export { currentValue } from '../react/context';
export { BackendClient, type Transport } from '../http/client';
export { SharedReplyCache } from '../http/shared-cache';
export { PluginCatalogue } from '../registry/catalogue';
export { REGION_KEYS } from '../config/region';
export { i18nTag, pluralCategories, TRANSLATION_LANGUAGES, TRANSLATED_LANGUAGES } from '../i18n/locales';
