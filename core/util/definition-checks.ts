/**
 * Whether definitions are checked as they are made (`definePlugin`, `defineSlot`, `collectPlaces`). The browser build
 * leaves these checks out: its plugins are the very modules the server checked at start, with the same code, so
 * the browser would only carry their messages. Everywhere else (server, tests, tools, the dev server) they run.
 */
declare const __SHELL_BROWSER_BUILD__: boolean | undefined;

export const DEFINITION_CHECKS: boolean = typeof __SHELL_BROWSER_BUILD__ !== 'boolean' || !__SHELL_BROWSER_BUILD__;
