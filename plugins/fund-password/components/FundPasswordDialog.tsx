import { useMemo, useState } from 'react';
import { usePluginT } from '../../../core/plugin-api';
import { canConfirm, createClickGuard, type Frequency } from '../services/frequency';
import { FormDialog, FundPassField } from './FormDialog';
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
  const ready = canConfirm(fundpass);
  return (
    <FormDialog title={t('dialog.title')} ready={ready} onSubmit={guard(() => ready && onConfirm(fundpass))} onClose={onClose}>
      <FundPassField value={fundpass} onChange={setFundpass}>
        <NewTabLink className="fp-link" path="/myaccount/fundpass_setup">
          {t('changeFundpass')}
        </NewTabLink>
      </FundPassField>
      {!inApp && <FrequencyOptions value={selected} onChange={(f) => f !== frequency && onChangeFrequency(f)} />}
    </FormDialog>
  );
}
