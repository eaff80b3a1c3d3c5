import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Dialog, toast, usePluginT, useShell } from '../../../core';
import { updateFrequency } from '../services/api';
import { FREQUENCY_KEY, canSubmitChange, createClickGuard, type Frequency } from '../services/frequency';
import { NewTabLink } from './NewTabLink';

/**
 * Spec 001 §4 second modal: changing the validity needs the fund password and the authenticator code; a truthy
 * `result` closes it with a success toast, a failure shows the server's msg (or "Error") and keeps it open.
 */
export function ValidityDialog({ frequency, onDone, onClose }: { frequency: Frequency; onDone: (f: Frequency) => void; onClose: () => void }) {
  const { t } = usePluginT();
  const { env } = useShell();
  const [fundpass, setFundpass] = useState('');
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const guard = useMemo(() => createClickGuard(), []);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  // Not disabled while sending (the focused button would lose focus): a second submit is ignored instead.
  const ready = canSubmitChange(fundpass, totp);

  const send = async () => {
    if (!canSubmitChange(fundpass, totp) || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const outcome = await updateFrequency(env.http, { frequency, fundpass, totp });
    inFlight.current = false;
    setBusy(false);
    if (outcome.ok) {
      toast.success(env.bus, t('change.success'));
      onDone(frequency);
    } else toast.error(env.bus, outcome.message ?? t('error'));
  };
  const submit = guard(() => void send());

  return (
    <Dialog
      title={t('change.title')}
      onClose={onClose}
      closeLabel={t('close')}
      size="sm"
      className="fp-dialog"
      actions={
        <>
          <button type="button" className="shell-btn shell-btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="shell-btn shell-btn--primary" disabled={!ready} aria-busy={busy || undefined}>
            {t('confirm')}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="fp-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="fp-note">{t('change.lead', { option: t(`validity.${FREQUENCY_KEY[frequency]}`) })}</p>
        <div className="fp-field">
          <label className="fp-label" htmlFor={`${id}-pass`}>
            {t('fundpass')}
          </label>
          <input
            ref={input}
            id={`${id}-pass`}
            className="fp-input"
            type="password"
            autoComplete="off"
            value={fundpass}
            onChange={(e) => setFundpass(e.target.value)}
            placeholder={t('fundpassPlaceholder')}
          />
        </div>
        <div className="fp-field">
          <label className="fp-label" htmlFor={`${id}-totp`}>
            {t('totp')}
          </label>
          <input
            id={`${id}-totp`}
            className="fp-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={totp}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            placeholder={t('totpPlaceholder')}
          />
          <NewTabLink className="fp-link" path="/myaccount/totp">
            {t('totpHelp')}
          </NewTabLink>
        </div>
      </form>
    </Dialog>
  );
}
