import { useId } from 'react';
import { usePluginT } from '../../../core/plugin-api';
import { FREQUENCIES, FREQUENCY_KEY, type Frequency } from '../services/frequency';

/** The validity radio group (a native fieldset: arrow keys move between options). */
export function FrequencyOptions({ value, onChange, disabled }: { value: Frequency; onChange: (f: Frequency) => void; disabled?: boolean }) {
  const { t } = usePluginT();
  const name = useId();
  return (
    <fieldset className="fp-options" disabled={disabled}>
      <legend className="fp-label">{t('validity.label')}</legend>
      {FREQUENCIES.map((f) => (
        <label key={f} className="fp-option">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          <span>
            <strong>{t(`validity.${FREQUENCY_KEY[f]}`)}</strong>
            <small>{t(`validity.${FREQUENCY_KEY[f]}Hint`)}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
