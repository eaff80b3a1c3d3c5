import { useMemo, useRef, useState } from 'react';
import { usePluginT, useShell } from '../../../core/plugin-api';
import { toast } from '../../../kit';
import { updateFrequency } from '../services/api';
import { FREQUENCY_KEY, canSubmitChange, createClickGuard, type Frequency } from '../services/frequency';
import { FormDialog, FormField, FundPassField } from './FormDialog';
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
    <FormDialog title={t('change.title')} size="sm" ready={ready} busy={busy} onSubmit={submit} onClose={onClose}>
      <p className="fp-note">{t('change.lead', { option: t(`validity.${FREQUENCY_KEY[frequency]}`) })}</p>
      <FundPassField value={fundpass} onChange={setFundpass} />
      <FormField
        label={t('totp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={totp}
        onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
        placeholder={t('totpPlaceholder')}
        // The site's entry in the authenticator app (region config totpName): one per site, so "Gate UK" beside "Gate".
        hint={t('totpEntry', { name: env.region.totpName })}
      >
        <NewTabLink className="fp-link" path="/myaccount/totp">
          {t('totpHelp')}
        </NewTabLink>
      </FormField>
    </FormDialog>
  );
}
