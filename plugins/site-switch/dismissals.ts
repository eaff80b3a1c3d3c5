import { BehaviorSubject } from 'rxjs';
import { createServiceRef, type ShellEnv } from '../../core/plugin-api';
import { BARS, dismissCookie, type BarId } from './bars';

/** The bars dismissed on this page: those whose cookie says so when it starts, then each one closed. */
export class Dismissals {
  readonly dismissed$: BehaviorSubject<ReadonlySet<string>>;

  constructor(
    private readonly env: Pick<ShellEnv, 'cookies' | 'bus'>,
    private readonly days: number,
  ) {
    this.dismissed$ = new BehaviorSubject<ReadonlySet<string>>(new Set(BARS.filter((b) => env.cookies.get(dismissCookie(b.id)) === '1').map((b) => b.id)));
  }

  /** Closes a bar for `days` (its cookie) and on this page at once. */
  close(id: BarId): void {
    const name = dismissCookie(id);
    this.env.cookies.set(name, '1', { maxAge: this.days * 86400 });
    this.env.bus.emit('cookie:change', { name, value: '1' });
    this.dismissed$.next(new Set([...this.dismissed$.value, id]));
  }

  dispose(): void {
    this.dismissed$.complete();
  }
}

/** The page's dismissals (made per request in setup), read by the bars' slot entries and their close buttons. */
export const DISMISSALS = createServiceRef<Dismissals>('site-switch.dismissals');
