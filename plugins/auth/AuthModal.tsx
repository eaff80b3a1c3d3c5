import { useObservable, usePluginT, useService, useShell } from '../../core/plugin-api';
import { Dialog } from '../../kit';
import { AUTH_STORE } from './refs';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { ThirdPartyLogin } from './ThirdPartyLogin';
import './auth.css';

/** The registration/login modal (spec 000 §2, §4): login or signup form, third-party buttons, mode switch. */
export function AuthModal() {
  const { t } = usePluginT();
  const { env } = useShell();
  const store = useService(AUTH_STORE);
  const state = useObservable(store.state$, store.state);
  const login = state.mode === 'login';
  return (
    <Dialog
      title={t(login ? 'login.title' : 'signup.title', { site: env.region.name })}
      onClose={() => store.close()}
      closeLabel={t('close')}
      className={`auth-modal auth-modal--${state.theme}`}
      size="sm"
    >
      <div data-mode={state.mode} data-testid="auth-modal">
        {login ? <LoginForm key="login" /> : <SignupForm key="signup" channel={state.channel} />}
        <ThirdPartyLogin />
        <p className="auth-modal__switch">
          {t(login ? 'login.noAccount' : 'signup.haveAccount')}{' '}
          <button type="button" className="auth-link" onClick={() => store.setMode(login ? 'signup' : 'login')}>
            {t(login ? 'signup.link' : 'login.link')}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
