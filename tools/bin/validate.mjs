#!/usr/bin/env node
/** The package's `shell-validate` bin: runs tools/validate/cli.ts through tsx with the assets hook. */
import { register } from 'tsx/esm/api';

register(); // tsx first, so the assets hook (registered after it) sees plugin files before tsx compiles them
await import('../tsx-assets-hook.mjs');
await import('../validate/cli.ts');
