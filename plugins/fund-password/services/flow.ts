import { BehaviorSubject, type Observable } from 'rxjs';
import { createServiceRef, injectable } from '../../../core/plugin-api';
import type { Frequency } from './frequency';

/** What the first modal's confirm hands to the page that opened it. */
export interface FundPasswordResult {
  /** The fund password typed, for the page's own request (withdrawal, order, ...). */
  fundpass: string;
  /** The validity period in force when it was confirmed. */
  frequency: Frequency;
}

/**
 * The fund-password flow any page opens (published under FUND_PASSWORD):
 *   const result = await useService(FUND_PASSWORD).request();  // null when closed without confirming
 * In markup: `<button data-fund-password>`; the result comes back as a `fund-password:confirm` DOM event
 * (`detail`: FundPasswordResult) or `fund-password:cancel` on that element.
 */
export interface FundPasswordService {
  /** Opens the modal; resolves with the confirmed password, or null when it is closed. One request at a time. */
  request(): Promise<FundPasswordResult | null>;
  /** The saved validity period (null until known); the change modal updates it. */
  readonly frequency$: Observable<Frequency | null>;
}

/** Token under which the fund-password plugin provides its FundPasswordService. */
export const FUND_PASSWORD = createServiceRef<FundPasswordService>('fund-password.FundPasswordService');

/** The page's flow state: the pending request (the modal shows while one is pending) and the saved validity. */
@injectable()
export class FundPasswordFlowState implements FundPasswordService {
  /** The open request (an object: React state must not hold a bare function). */
  readonly pending$ = new BehaviorSubject<{ resolve: (result: FundPasswordResult | null) => void } | null>(null);
  /** Unknown until the security page's loader or the change modal says. */
  readonly frequency$ = new BehaviorSubject<Frequency | null>(null);

  request(): Promise<FundPasswordResult | null> {
    // A second request while the modal is open replaces the first, which resolves null (closed).
    this.settle(null);
    return new Promise((resolve) => this.pending$.next({ resolve }));
  }

  /** Ends the pending request: the modal closes (and its form resets). */
  settle(result: FundPasswordResult | null): void {
    const pending = this.pending$.value;
    if (!pending) return;
    this.pending$.next(null);
    pending.resolve(result);
  }

  saved(frequency: Frequency): void {
    this.frequency$.next(frequency);
  }

  dispose(): void {
    this.settle(null);
    this.pending$.complete();
    this.frequency$.complete();
  }
}

/** The flow state the request container built for FUND_PASSWORD (the plugin's own views read its pending request). */
export function flowStateOf(flow: FundPasswordService): FundPasswordFlowState {
  if (!(flow instanceof FundPasswordFlowState)) throw new Error("FUND_PASSWORD is not the plugin's FundPasswordFlowState");
  return flow;
}

/** Clicks on `[data-fund-password]` open the flow; the result is dispatched on the clicked element. */
export function openFromMarkup(doc: Document, flow: FundPasswordService): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const trigger = (event.target as Element | null)?.closest?.('[data-fund-password]');
    if (!trigger) return;
    event.preventDefault();
    void flow.request().then((result) => {
      trigger.dispatchEvent(
        result ? new CustomEvent('fund-password:confirm', { bubbles: true, detail: result }) : new CustomEvent('fund-password:cancel', { bubbles: true }),
      );
    });
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
