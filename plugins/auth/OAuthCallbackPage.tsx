import { useEffect, useState } from 'react';
import { localePath, safeTarget, usePluginT, useShell, type RouteProps } from '../../core/plugin-api';
import { oauthLogin } from './api';
import { failureText } from './messages';
import { takePending } from './oauth';

/** /login/oauth/:provider: checks the state, exchanges the code, and returns to where the login started. */
export function OAuthCallbackPage({ params }: RouteProps) {
  const { t } = usePluginT();
  const { env } = useShell();
  const [error, setError] = useState('');

  useEffect(() => {
    const { code = '', state = '', error: denied } = env.state.route$.value.query;
    const pending = takePending(params.provider ?? '', state);
    if (denied || !code || !pending) return setError(t(denied ? 'errors.oauthDenied' : 'errors.oauthState'));
    void oauthLogin(env.http, pending.provider, code).then((reply) => {
      if (reply?.code === 0) window.location.replace(safeTarget(pending.returnTo, localePath(env.langPrefix, '/'), window.location.origin));
      else setError(failureText(t, reply));
    });
  }, [env, params.provider, t]);

  return (
    <section className="auth-page" aria-live="polite">
      <h1>{t('oauth.title')}</h1>
      {error ? (
        <>
          <p className="auth-form__failure" role="alert">
            {error}
          </p>
          <a className="shell-btn shell-btn--primary" href={env.href('/login')}>
            {t('oauth.retry')}
          </a>
        </>
      ) : (
        <p role="status">{t('oauth.busy')}</p>
      )}
    </section>
  );
}
