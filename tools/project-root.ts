import { fileURLToPath } from 'node:url';

/** The project root (the folder holding package.json), for tools that need it without loading the plugins. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
