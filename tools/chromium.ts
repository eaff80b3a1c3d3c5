import { existsSync } from 'node:fs';

/** Debian's full Chromium (or `CHROMIUM_PATH`): what the benches and Lighthouse drive, as a visitor's browser runs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's headless shell: the same Blink and V8 without the full browser's own UI and its processes. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set, else the headless shell when installed (what Playwright
 * itself runs for headless tests; a page load costs about half the CPU of the full browser's headless mode here),
 * else the full browser.
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
