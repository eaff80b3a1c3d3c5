/**
 * The host's one module for tools (the layering lint rule lets tools import host only through it): what the
 * region-config CLI and the byte budgets need to know about the host, without starting anything.
 */
export { RESERVED_PATHS } from './app/host-paths';
export { HOST_PLACES } from './app/slots';
export { fileOwners, SHELL, type ViteManifest } from './server/attribution';
export { checkConfigFiles } from './server/config-set';
