/**
 * The host's one module for tools (the layering lint rule lets tools import host only through it): what the
 * region-config CLI, the byte budgets and the bench need to know about the host, without starting anything.
 */
export { regionOriginFor } from './app/boot';
export { RESERVED_PATHS } from './app/host-paths';
export { HOST_PLACES } from './app/slots';
export { fileOwners, SHELL, type ViteManifest } from './server/attribution';
export { sharedScope, withLangCookie } from './server/backend-scope';
export { backendHeaders, clientInfo } from './server/client-info';
export { checkConfigFiles } from './server/config-set';
export { paths } from './server/paths';
export { devPortOf } from './server/regions';

/**
 * The server's back-end transport and the embedded fake API's thread, for the bench's bare React server that calls the
 * back end as the shell does; loaded on first use, so the other tools never load undici or the fake API.
 */
export async function loadBackendModules() {
  const [transport, fakeApi] = await Promise.all([import('./server/backend-transport'), import('./server/fake-api-thread')]);
  return { createBackendTransport: transport.createBackendTransport, startFakeApiThread: fakeApi.startFakeApiThread };
}
