import { BehaviorSubject } from 'rxjs';
import { createServiceRef, entryWhileSet, lazyView, MODAL_LEVEL, type PluginContext, type SlotEntryDef } from '../../core/plugin-api';
import type { DrawerOptions } from './options';

/** What a page asks the picker for: the coin (default USDT) and the fiat of the buy links (default the user's). */
export interface DepositPickerRequest {
  currency?: string;
  fiat?: string;
}

declare module '../../core/plugin-api' {
  interface ShellEvents {
    /** Opens the deposit-method picker as a modal (drawer plugin, spec 001 §2 "Modals: deposit picker"). */
    'deposit-picker:open': DepositPickerRequest | void;
  }
}

/** User-initiated, like the share modal: above marketing popups, below compliance, legal, IP and KYC dialogs. */
export const DEPOSIT_PICKER_PRIORITY = MODAL_LEVEL.low + 100;

const CURRENCY = /^[A-Z0-9]{2,10}$/;

const DepositPickerDialog = lazyView(() => import('./DepositMethodPicker').then((m) => m.DepositPickerDialog));

/** The page's open picker request (null while closed): made per request in setup, read by the modal's entry. */
const PICKER_REQUEST = createServiceRef<BehaviorSubject<DepositPickerRequest | null>>('drawer.pickerRequest');

/**
 * The picker's request for this page, opened by `bus.emit('deposit-picker:open', { currency })` from any page;
 * closing clears it so it can open again.
 */
export function providePickerRequest(ctx: PluginContext<DrawerOptions>): void {
  const request = new BehaviorSubject<DepositPickerRequest | null>(null);
  ctx.provide(PICKER_REQUEST, request);
  ctx.onTeardown(() => request.complete());
  ctx.effect(() => {
    const open = (r: DepositPickerRequest | void) => {
      const currency = (r?.currency ?? 'USDT').toUpperCase();
      request.next({ currency: CURRENCY.test(currency) ? currency : 'USDT', fiat: r?.fiat });
    };
    ctx.bus.on('deposit-picker:open', open);
    return () => ctx.bus.off('deposit-picker:open', open);
  });
}

/**
 * The deposit picker as a modal in the shell's modal queue, up while a request is open (a lazy view: the queue
 * preloads it when the request comes and shows it once loaded).
 */
export const PICKER_MODAL_ENTRY: SlotEntryDef = entryWhileSet(
  PICKER_REQUEST,
  { slot: 'modal', key: 'deposit-picker', priority: DEPOSIT_PICKER_PRIORITY },
  DepositPickerDialog,
  (request, { subject }) => ({ currency: request.currency, fiat: request.fiat, onClose: () => subject.next(null) }),
);
