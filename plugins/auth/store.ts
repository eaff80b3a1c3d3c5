import { BehaviorSubject, type Observable } from 'rxjs';
import { derived, inject, injectable, SHELL_ENV, type ShellEnv } from '../../core/plugin-api';
import { channelCode } from './navigation';

export type AuthMode = 'login' | 'signup';

/** Spec 000 §4 "registration modal": mode, visibility flag, theme and channel code. */
export interface AuthState {
  open: boolean;
  mode: AuthMode;
  theme: 'light' | 'dark';
  /** Channel code (`ch`) sent with a signup. */
  channel: string;
}

/** The page's first state: open in the browser on /login and /signup for a visitor, theme and channel from cookies. */
export function initialAuthState(env: Pick<ShellEnv, 'isServer' | 'state' | 'cookies'>): AuthState {
  const route = env.state.route$.value;
  return {
    open: !env.isServer && /^\/(login|signup)\/?$/.test(route.path) && !env.state.data.user.isLogin,
    mode: route.path.startsWith('/signup') ? 'signup' : 'login',
    theme: env.cookies.get('theme') === 'dark' ? 'dark' : 'light',
    channel: channelCode(route.query, env.cookies.get('ch')),
  };
}

/** The modal's state for one page; shared by the /login and /signup pages and the modal slot. */
@injectable()
export class AuthStore {
  readonly state$: BehaviorSubject<AuthState>;
  /** Whether the modal is open (a stream with a synchronous first value). */
  readonly open$: Observable<boolean>;

  constructor(@inject(SHELL_ENV) env: ShellEnv) {
    this.state$ = new BehaviorSubject(initialAuthState(env));
    this.open$ = derived([this.state$], (s) => s.open);
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

  dispose(): void {
    this.state$.complete();
  }
}
