import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Dialog, usePluginT } from '../../../core';
import { canConfirm, createClickGuard, type Frequency } from '../services/frequency';
import { FrequencyOptions } from './FrequencyOptions';
import { NewTabLink } from './NewTabLink';

export interface FundPasswordDialogProps {
  /** The saved validity period. */
  frequency: Frequency;
  /** The option shown as picked: the saved one, or the one being confirmed in the change modal. */
  selected?: Frequency;
  /** Inside the phone app the validity selector is hidden (spec 001 §2). */
  inApp: boolean;
  /** A different validity was picked: the caller opens the change modal. */
  onChangeFrequency: (f: Frequency) => void;
  /** Confirm with the typed password (debounced 1500 ms). */
  onConfirm: (fundpass: string) => void;
  onClose: () => void;
}

/**
 * Spec 001 §2/§4 fund-password modal: password (confirm disabled while empty), the validity selector and the
 * change-password link. Its state lives here, so closing (unmounting) resets the form.
 */
export function FundPasswordDialog({ frequency, selected = frequency, inApp, onChangeFrequency, onConfirm, onClose }: FundPasswordDialogProps) {
  const { t } = usePluginT();
  const [fundpass, setFundpass] = useState('');
  const guard = useMemo(() => createClickGuard(), []);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Runs after the Dialog's own focus (child effects first): start in the password field.
  useEffect(() => input.current?.focus(), []);
  const ready = canConfirm(fundpass);
  const confirm = guard(() => ready && onConfirm(fundpass));
  return (
    <Dialog
      title={t('dialog.title')}
      onClose={onClose}
      closeLabel={t('close')}
      className="fp-dialog"
      actions={
        <>
          <button type="button" className="shell-btn shell-btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="shell-btn shell-btn--primary" disabled={!ready}>
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
          confirm();
        }}
      >
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
          <NewTabLink className="fp-link" path="/myaccount/fundpass_setup">
            {t('changeFundpass')}
          </NewTabLink>
        </div>
        {!inApp && <FrequencyOptions value={selected} onChange={(f) => f !== frequency && onChangeFrequency(f)} />}
      </form>
    </Dialog>
  );
}
