/**
 * What a plugin's `fake-api.ts` (and its tests) may use to declare fake endpoints: the module contract, reply
 * helpers, persona tools and demo texts. Types and helpers only: the fake server itself is the host's
 * (host/fake-api/), loaded only when the fake API runs.
 */
export * from './fake-api/types';
export * from './fake-api/persona';
export { personaScenario, footerTipFor, PERSONA_PATHS } from './fake-api/persona-scenario';
export { demoTexts, fill, requestLanguage } from './fake-api/demo-texts';
