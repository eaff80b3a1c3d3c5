import { useEffect, useId, useRef, useState } from 'react';
import { usePluginT, useShell } from '../../core/plugin-api';
import { register } from './api';
import { Field } from './Field';
import { AccountField, Failure, useAuthForm } from './form-flow';
import { validateSignup } from './validate';

const FIELDS = ['account', 'password', 'terms'] as const;

/** Account, password (rules shown), the user-agreement checkbox; posts to register with the channel code. */
export function SignupForm({ channel }: { channel: string }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const { docs } = env.region;
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const termsId = useId();
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => accountRef.current?.focus()); // after the dialog's own focus
    return () => clearTimeout(timer);
  }, [accountRef]);
  const { errorOf, failure, busy, submit } = useAuthForm(
    FIELDS,
    () => validateSignup({ account, password, terms }),
    () => register(env.http, { account: account.trim(), password, ch: channel }),
  );
  const termsError = errorOf('terms');

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        const invalid = submit(e);
        if (invalid) ({ account: accountRef, password: passwordRef, terms: termsRef })[invalid].current?.focus();
      }}
      aria-busy={busy}
      data-testid="signup-form"
    >
      <AccountField value={account} onChange={setAccount} error={errorOf('account')} inputRef={accountRef} />
      <Field
        label={t('fields.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={t('fields.passwordHint')}
        error={errorOf('password')}
        inputRef={passwordRef}
      />
      {channel && <input type="hidden" name="ch" value={channel} />}
      <div className="auth-terms">
        <input
          id={termsId}
          ref={termsRef}
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          aria-invalid={termsError ? true : undefined}
          aria-describedby={termsError ? `${termsId}-error` : undefined}
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
      {termsError && (
        <p id={`${termsId}-error`} className="auth-field__error">
          {termsError}
        </p>
      )}
      <Failure text={failure} />
      <button type="submit" className="shell-btn shell-btn--primary shell-btn--lg auth-form__submit" disabled={busy}>
        {t(busy ? 'signup.busy' : 'signup.submit')}
      </button>
    </form>
  );
}
