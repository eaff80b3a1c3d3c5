/** What a plugin's `fake-api.ts` may use: the module contract, reply helpers and the persona tools. */
export * from './types';
export { personaScenario } from './scenarios';
export { hash } from './persona';
export { loginCookies } from './endpoints/user';
