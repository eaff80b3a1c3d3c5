import { createPluginRef, createStreamRef } from '../../../../core/plugin-api';

/** This plugin, for other plugins' `requires`/`optional`: `optional: [HELLO_PLUGIN]`. */
export const HELLO_PLUGIN = createPluginRef('hello');

/** Whether hello's row shows on the current page; other plugins read it with `useStream(HELLO_SHOWN)`. */
export const HELLO_SHOWN = createStreamRef<boolean>('hello.shown');
