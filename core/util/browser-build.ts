declare const __SHELL_BROWSER_BUILD__: boolean | undefined;

/**
 * Whether this is the browser build (vite.config.ts defines it; the server, tests, tools and the dev server are not).
 * A constant there, so the bundler leaves out the branches it rules out.
 */
export const BROWSER_BUILD: boolean = typeof __SHELL_BROWSER_BUILD__ === 'boolean' && __SHELL_BROWSER_BUILD__;

/**
 * Whether definitions are checked as they are made (`definePlugin`, `defineSlot`, `collectPlaces`). The browser build
 * leaves these checks out: its plugins are the very modules the server checked at start, with the same code, so
 * the browser would only carry their messages. Everywhere else they run.
 */
export const DEFINITION_CHECKS: boolean = !BROWSER_BUILD;
