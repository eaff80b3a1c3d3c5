import type { PlaceDeclarer } from '../plugin/slots';

/** The host's declarations every tester knows unless told otherwise: the test setup gives it the host's own. */
let testerHost: PlaceDeclarer = { id: 'host' };

/**
 * Sets the host declarations (`HOST_PLACES`) testers use by default; the shared test setup calls it once. A module of
 * its own, so the setup every test file runs does not import the tester (React's server renderer, i18next, ...).
 */
export function setTesterHost(host: PlaceDeclarer): void {
  testerHost = host;
}

/** The host declarations set by `setTesterHost`. */
export const currentTesterHost = (): PlaceDeclarer => testerHost;
