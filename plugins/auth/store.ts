import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';

export type AuthMode = 'login' | 'signup';

/** Spec 000 §4 "registration modal": mode, visibility flag, theme and channel code. */
export interface AuthState {
  open: boolean;
  mode: AuthMode;
  theme: 'light' | 'dark';
  /** Channel code (`ch`) sent with a signup. */
  channel: string;
}

/** The modal's state for one page; shared by the /login and /signup pages and the modal slot. */
export class AuthStore {
  readonly state$: BehaviorSubject<AuthState>;
  /** Whether the modal is open (a stream with a synchronous first value). */
  readonly open$: Observable<boolean>;

  constructor(initial: AuthState) {
    this.state$ = new BehaviorSubject(initial);
    this.open$ = this.state$.pipe(
      map((s) => s.open),
      distinctUntilChanged(),
    );
  }

  get state(): AuthState {
    return this.state$.value;
  }

  open(mode: AuthMode): void {
    this.state$.next({ ...this.state, open: true, mode });
  }

  setMode(mode: AuthMode): void {
    this.state$.next({ ...this.state, mode });
  }

  close(): void {
    this.state$.next({ ...this.state, open: false });
  }
}

