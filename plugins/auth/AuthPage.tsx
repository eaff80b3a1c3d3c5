import { localePath, usePluginT, useService, useShell, useShellData } from '../../core/plugin-api';
import type { AuthMode } from './store';
import { AUTH_STORE } from './refs';
import './auth.css';

/** The /login and /signup pages: they open the modal; the page keeps a button to reopen it. */
function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { user } = useShellData();
  const store = useService(AUTH_STORE);
  const site = env.region.name;
  const other: AuthMode = mode === 'login' ? 'signup' : 'login';
  return (
    <section className="auth-page" aria-labelledby="auth-page-title">
      <h1 id="auth-page-title">{t(`${mode}.pageTitle`, { site })}</h1>
      {user.isLogin ? (
        <p>
          {t('page.already', { name: user.nickname })} <a href={localePath(env.langPrefix, '/')}>{t('page.home')}</a>
        </p>
      ) : (
        <>
          <p className="auth-page__lead">{t(`${mode}.pageLead`, { site })}</p>
          <div className="auth-page__actions">
            <button type="button" className="shell-btn shell-btn--primary shell-btn--lg" aria-haspopup="dialog" onClick={() => store.open(mode)}>
              {t(`${mode}.submit`)}
            </button>
            <button type="button" className="shell-btn shell-btn--ghost shell-btn--lg" aria-haspopup="dialog" onClick={() => store.open(other)}>
              {t(`${other}.submit`)}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

export const LoginPage = () => <AuthPage mode="login" />;
export const SignupPage = () => <AuthPage mode="signup" />;
