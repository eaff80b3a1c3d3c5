import { useState, type FormEvent, type RefObject } from 'react';
import { usePluginT, useShell } from '../../core/plugin-api';
import type { Reply } from './api';
import { Field } from './Field';
import { finishLogin } from './finish';
import { failureText } from './messages';
import type { FieldErrors } from './validate';

/**
 * An auth form's submit: validates (`fields` in the order their errors are checked) and answers the first field in
 * error, for the form to focus; else posts, then reloads logged in or says why not.
 */
export function useAuthForm<K extends string>(fields: readonly K[], validate: () => FieldErrors<K>, post: () => Promise<Reply>) {
  const { t } = usePluginT();
  const { env } = useShell();
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const reply = await post();
    if (reply?.code === 0) return finishLogin(env);
    setBusy(false);
    setFailure(failureText(t, reply));
  };
  const submit = (e: FormEvent): K | undefined => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure('');
    const first = fields.find((k) => found[k]);
    if (!first) void send();
    return first;
  };

  /** The translated error of a field, if any. */
  const errorOf = (k: K) => (errors[k] ? t(errors[k]) : undefined);
  return { errorOf, failure, busy, submit };
}

/** The account field both forms start with (e-mail or phone). */
export function AccountField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = usePluginT();
  return (
    <Field
      label={t('fields.account')}
      name="account"
      type="text"
      inputMode="email"
      autoComplete="username"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      inputRef={inputRef}
    />
  );
}

/** The server's reason a post failed, announced. */
export function Failure({ text }: { text: string }) {
  return text ? (
    <p className="auth-form__failure" role="alert">
      {text}
    </p>
  ) : null;
}
