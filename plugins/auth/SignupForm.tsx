import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { usePluginT, useShell } from '../../core';
import { register } from './api';
import { finishLogin } from './finish';
import { Field } from './Field';
import { failureText } from './messages';
import { validateSignup, type FieldErrors } from './validate';

/** Account, password (rules shown), the user-agreement checkbox; posts to register with the channel code. */
export function SignupForm({ channel }: { channel: string }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { docs } = env.region;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<'account' | 'password' | 'terms'>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const refs = { account: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), terms: useRef<HTMLInputElement>(null) };
  const termsId = useId();

  useEffect(() => {
    const timer = setTimeout(() => refs.account.current?.focus());
    return () => clearTimeout(timer);
  }, [refs.account]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateSignup({ account, password, terms });
    setErrors(found);
    setFailure('');
    const first = (['account', 'password', 'terms'] as const).find((k) => found[k]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    const reply = await register(env.http, { account: account.trim(), password, ch: channel });
    if (reply?.code === 0) return finishLogin(env);
    setBusy(false);
    setFailure(failureText(t, reply));
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy} data-testid="signup-form">
      <Field
        label={t('fields.account')}
        name="account"
        type="text"
        inputMode="email"
        autoComplete="username"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        error={errors.account && t(errors.account)}
        inputRef={refs.account}
      />
      <Field
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={t('fields.passwordHint')}
        error={errors.password && t(errors.password)}
        inputRef={refs.password}
      />
      {channel && <input type="hidden" name="ch" value={channel} />}
      <div className="auth-terms">
        <input
          id={termsId}
          ref={refs.terms}
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? `${termsId}-error` : undefined}
        />
        <label htmlFor={termsId}>
          {t('signup.termsBefore')}
          <a href={env.href(docs.agreement)} target="_blank" rel="noopener">
            {t('signup.agreement')}
          </a>
          {t('signup.termsAnd')}
          <a href={env.href(docs.privacy_policy)} target="_blank" rel="noopener">
            {t('signup.privacy')}
          </a>
          {t('signup.termsAfter')}
        </label>
      </div>
      {errors.terms && (
        <p id={`${termsId}-error`} className="auth-field__error">
          {t(errors.terms)}
        </p>
      )}
      {failure && (
        <p className="auth-form__failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="shell-btn shell-btn--primary shell-btn--lg auth-form__submit" disabled={busy}>
        {t(busy ? 'signup.busy' : 'signup.submit')}
      </button>
    </form>
  );
}
