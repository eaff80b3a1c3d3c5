import { createStreamRef } from '../../../core';

/** Whether hello's row shows on the current page; other plugins read it with `useStream(HELLO_SHOWN)`. */
export const HELLO_SHOWN = createStreamRef<boolean>('hello.shown');
