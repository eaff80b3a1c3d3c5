/**
 * Type-level tests of the plugin contracts, checked by `tsc --noEmit` (the typecheck step of `npm test`): every
 * `@ts-expect-error` line must fail to compile, so a contract that silently loosens fails the typecheck.
 */
import { of } from 'rxjs';
import {
  createLoaderRef,
  createServiceRef,
  createStreamRef,
  definePlugin,
  loader,
  useLoaderData,
  useService,
  useStream,
  type ShellBus,
} from '../../core/plugin-api';
import { CONSENT_SERVICE, CONSENT_STREAM, type ConsentState } from '../../plugins/cookie-consent';
import { ANALYTICS_SERVICE } from '../../plugins/analytics';
import { ADDRESS_LOADER } from '../../plugins/drawer';

declare const bus: ShellBus;
const GREETING = createServiceRef<{ hello(): string }>('typed.greeting');
const COUNT = createStreamRef<number>('typed.count');
const WORD = createLoaderRef<string>('typed/word');

export const typed = definePlugin({
  id: 'typed',
  setup(ctx) {
    ctx.provide(GREETING, { hello: () => 'hi' });
    // @ts-expect-error a service of the wrong type
    ctx.provide(GREETING, { hello: () => 1 });
    ctx.stream(COUNT, of(1));
    // @ts-expect-error a stream of the wrong type
    ctx.stream(COUNT, of('one'));
  },
  loaders: () => [
    loader({ key: WORD, run: async () => 'word' }),
    // @ts-expect-error a loader whose result is not the ref's type
    loader({ key: WORD, run: async () => 42 }),
    // @ts-expect-error loaders are keyed by refs, not strings
    loader({ key: 'word', run: async () => 'word' }),
  ],
});

export function Consumer() {
  const consent: { answer(level: 'all' | 'necessary'): void } = useService(CONSENT_SERVICE);
  // @ts-expect-error the consent service has no track()
  useService(CONSENT_SERVICE).track('x');
  const tracked: boolean = useService(ANALYTICS_SERVICE).track('x');
  const state$ = useStream(CONSENT_STREAM);
  state$?.subscribe((s: ConsentState) => s.analytics);
  // @ts-expect-error the consent stream carries ConsentState, not numbers
  state$?.subscribe((n: number) => n);
  const address = useLoaderData(ADDRESS_LOADER);
  const currency: string | undefined = address?.currency;
  // @ts-expect-error the loader's result may be null or undefined
  const sure: { currency: string } = useLoaderData(ADDRESS_LOADER);
  // @ts-expect-error loader data is read by ref, not by a string key
  useLoaderData<string>('drawer/address');
  return [consent, tracked, currency, sure];
}

export function events() {
  bus.emit('auth:open', { mode: 'login' });
  bus.emit('drawer:open');
  bus.emit('consent:change', { analytics: true });
  // @ts-expect-error an unknown event name
  bus.emit('auth:opne', { mode: 'login' });
  // @ts-expect-error a wrong payload
  bus.emit('auth:open', { mode: 'register' });
  // @ts-expect-error listening to an unknown event
  bus.on('drawer:close', () => {});
}

// @ts-expect-error a ref id must name its plugin: 'plugin-id.name'
createServiceRef<number>('nodot');
// @ts-expect-error a loader ref id is 'plugin-id/key'
createLoaderRef<number>('drawer.address');
