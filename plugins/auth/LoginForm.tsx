import { useEffect, useRef, useState } from 'react';
import { usePluginT, useShell } from '../../core/plugin-api';
import { logIn } from './api';
import { Field } from './Field';
import { AccountField, Failure, useAuthForm } from './form-flow';
import { validateLogin } from './validate';

const FIELDS = ['account', 'password'] as const;

/** Account and password, posted to the login endpoint; on success the page reloads logged in. */
export function LoginForm() {
  const { t } = usePluginT();
  const { env } = useShell();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => accountRef.current?.focus()); // after the dialog's own focus
    return () => clearTimeout(timer);
  }, [accountRef]);
  const { errorOf, failure, busy, submit } = useAuthForm(
    FIELDS,
    () => validateLogin({ account, password }),
    () => logIn(env.http, account.trim(), password),
  );

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        const invalid = submit(e);
        if (invalid) ({ account: accountRef, password: passwordRef })[invalid].current?.focus();
      }}
      aria-busy={busy}
      data-testid="login-form"
    >
      <AccountField value={account} onChange={setAccount} error={errorOf('account')} inputRef={accountRef} />
      <div className="auth-password">
        <Field
          label={t('fields.password')}
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errorOf('password')}
          inputRef={passwordRef}
        />
        <button type="button" className="auth-password__toggle" aria-pressed={show} onClick={() => setShow((s) => !s)}>
          {t(show ? 'fields.hidePassword' : 'fields.showPassword')}
        </button>
      </div>
      <Failure text={failure} />
      <button type="submit" className="shell-btn shell-btn--primary shell-btn--lg auth-form__submit" disabled={busy}>
        {t(busy ? 'login.busy' : 'login.submit')}
      </button>
    </form>
  );
}
