import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePluginT, useShell } from '../../core';
import { logIn } from './api';
import { finishLogin } from './finish';
import { Field } from './Field';
import { validateLogin, type FieldErrors } from './validate';
import { failureText } from './messages';

/** Account and password, posted to the login endpoint; on success the page reloads logged in. */
export function LoginForm() {
  const { t } = usePluginT();
  const { env } = useShell();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<'account' | 'password'>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => accountRef.current?.focus());
    return () => clearTimeout(timer);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin({ account, password });
    setErrors(found);
    setFailure('');
    if (found.account) return accountRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setBusy(true);
    const reply = await logIn(env.http, account.trim(), password);
    if (reply?.code === 0) return finishLogin(env);
    setBusy(false);
    setFailure(failureText(t, reply));
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy} data-testid="login-form">
      <Field
        label={t('fields.account')}
        name="account"
        type="text"
        inputMode="email"
        autoComplete="username"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={errors.account && t(errors.account)}
        inputRef={accountRef}
      />
      <div className="auth-password">
        <Field
          label={t('fields.password')}
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password && t(errors.password)}
          inputRef={passwordRef}
        />
        <button type="button" className="auth-password__toggle" aria-pressed={show} onClick={() => setShow((s) => !s)}>
          {t(show ? 'fields.hidePassword' : 'fields.showPassword')}
        </button>
      </div>
      {failure && (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="shell-btn shell-btn--primary shell-btn--lg auth-form__submit" disabled={busy}>
        {t(busy ? 'login.busy' : 'login.submit')}
      </button>
    </form>
  );
}
